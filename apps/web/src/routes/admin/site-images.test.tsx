import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import { SiteImagesEditor } from "./SiteImagesEditor.tsx";

const variation = { id: "v1", image_locator: "site/welcome-1.png", alt: "A classroom", colors: [] };
const WELCOME = {
  key: "welcome",
  title: "Welcome",
  variation,
  variations: [variation],
  image_field_names: [],
};

/**
 * Each upload's form as the page sent it, answered with the image and its new variation, or with the
 * server's refusal when one is given.
 */
function stubUploads(refusal?: [number, unknown]) {
  const sent: FormData[] = [];
  class Upload {
    status = 201;
    responseText = "";
    upload: { onprogress?: unknown } = {};
    onload?: () => void;
    open() {}
    setRequestHeader() {}
    send(form: FormData) {
      sent.push(form);
      const added = {
        id: "v2",
        image_locator: "site/welcome-2.png",
        alt: String(form.get("alt")),
        colors: [],
      };
      if (refusal) [this.status] = refusal;
      this.responseText = JSON.stringify(refusal?.[1] ?? { ...WELCOME, variations: [variation, added] });
      setTimeout(() => this.onload?.());
    }
  }
  vi.stubGlobal("XMLHttpRequest", Upload);
  return sent;
}

beforeEach(() =>
  storeSession(
    makeToken({ sub: "admin-1", exp: inOneHour(), scopes: ["user", "admin"] }),
    makeSelfUser({ id: "admin-1", username: "boss", role: "admin" }),
  ),
);
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe("site image upload", () => {
  it("says beside each box what is missing, and uploads the trimmed alt text with the image last", async () => {
    const sent = stubUploads();
    stubFetch({
      "GET /api/site-images/all-settings": [200, { allSiteImages: [WELCOME], siteKeys: ["welcome"] }],
    });
    renderScreen(SiteImagesEditor, "/admin/settings");
    const form = await screen.findByRole("form", { name: "Upload a variation" });
    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));
    expect(await within(form).findByText("Choose an image first.")).toBeTruthy();
    expect(
      within(form).getByText("Describe the image for people who cannot see it (alt text)."),
    ).toBeTruthy();
    expect(within(form).getByLabelText("Alt text").getAttribute("aria-invalid")).toBe("true");

    const big = new File([new Uint8Array(5_000_001)], "huge.png", { type: "image/png" });
    fireEvent.change(within(form).getByLabelText(/^Image/), { target: { files: [big] } });
    expect(await within(form).findByText("The image is larger than 5 MB.")).toBeTruthy();
    expect(sent).toHaveLength(0);

    const png = new File(["png"], "welcome.png", { type: "image/png" });
    fireEvent.change(within(form).getByLabelText(/^Image/), { target: { files: [png] } });
    fireEvent.change(within(form).getByLabelText("Alt text"), { target: { value: "  Teachers at work " } });
    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));
    expect(await within(form).findByText("Uploaded.")).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.get("alt")).toBe("Teachers at work");
    expect(sent[0]!.get("current")).toBe("true");
    expect([...sent[0]!.keys()].at(-1)).toBe("file");
    await waitFor(() => expect((within(form).getByLabelText("Alt text") as HTMLInputElement).value).toBe(""));
  });

  it("says beside the image box why the server refused the image, in words", async () => {
    const sent = stubUploads([
      415,
      {
        error: "unsupported_type",
        message: "The file you selected is not a JPG, PNG, BMP or GIF image.",
        fields: { file: "unsupported_type" },
      },
    ]);
    stubFetch({
      "GET /api/site-images/all-settings": [200, { allSiteImages: [WELCOME], siteKeys: ["welcome"] }],
    });
    renderScreen(SiteImagesEditor, "/admin/settings");
    const form = await screen.findByRole("form", { name: "Upload a variation" });
    const fake = new File(["%PDF"], "notes.png", { type: "image/png" });
    fireEvent.change(within(form).getByLabelText(/^Image/), { target: { files: [fake] } });
    fireEvent.change(within(form).getByLabelText("Alt text"), { target: { value: "Notes" } });
    fireEvent.click(within(form).getByRole("button", { name: "Upload" }));
    expect(await within(form).findByText("This file is not a JPG, PNG, BMP or GIF image.")).toBeTruthy();
    expect(within(form).queryByText("Choose an image first.")).toBeNull();
    expect(
      within(form)
        .getByLabelText(/^Image/)
        .getAttribute("aria-invalid"),
    ).toBe("true");
    expect(sent).toHaveLength(1);
  });
});
