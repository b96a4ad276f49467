import { DEFAULT_TEXTS } from "@market/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../api/client.ts";
import { createQueryClient } from "../state/query-client.ts";
import { siteQueries } from "../state/site-config.ts";
import { stubFetch } from "../test/render.tsx";
import { CaptchaHost } from "./CaptchaHost.tsx";

afterEach(() => vi.unstubAllGlobals());

function Trigger() {
  const [result, setResult] = useState("");
  return (
    <>
      <button
        type="button"
        onClick={() =>
          api.call("POST /auth/token", { body: { username: "ada", password: "x" } }).then(
            () => setResult("replayed"),
            () => setResult("gave up"),
          )
        }
      >
        Log in
      </button>
      <p>{result}</p>
    </>
  );
}

describe("CaptchaHost", () => {
  it("opens the dialog for a blocked request, traps focus, and returns it when closed", async () => {
    stubFetch({
      "POST /api/auth/token": [401, { error: "unauthorized", message: "x", reason: "requires_captcha" }],
      "GET /api/auth/captcha": [
        200,
        { id: "c1", challenge: "Select every blue circle.", inputs: [{ code: "a", image: "data:," }] },
      ],
    });
    const queryClient = createQueryClient();
    queryClient.setQueryData(siteQueries.texts.queryKey, { ...DEFAULT_TEXTS });
    render(
      <QueryClientProvider client={queryClient}>
        <Trigger />
        <CaptchaHost />
      </QueryClientProvider>,
    );
    const opener = screen.getByRole("button", { name: "Log in" });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole("dialog", { name: "Confirm you are a person" });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("gave up")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it("replays the blocked request with the captcha token after a right answer", async () => {
    const { calls } = stubFetch({
      "POST /api/auth/token": (call) =>
        call.headers["captcha-token"]
          ? [200, { ok: true }]
          : [401, { error: "unauthorized", message: "x", reason: "requires_captcha" }],
      "GET /api/auth/captcha": [
        200,
        { id: "c1", challenge: "Select every blue circle.", inputs: [{ code: "a", image: "data:," }] },
      ],
      "POST /api/auth/captcha": [200, { captchaToken: "cap-1" }],
    });
    const queryClient = createQueryClient();
    queryClient.setQueryData(siteQueries.texts.queryKey, { ...DEFAULT_TEXTS });
    render(
      <QueryClientProvider client={queryClient}>
        <Trigger />
        <CaptchaHost />
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    fireEvent.click(await screen.findByRole("button", { name: "Option 1" }));
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    expect(await screen.findByText("replayed", {}, { timeout: 2000 })).toBeTruthy();
    expect(calls.at(-1)?.headers["captcha-token"]).toBe("cap-1");
  });
});
