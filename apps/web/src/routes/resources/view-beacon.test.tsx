import { act, fireEvent, waitFor } from "@testing-library/react";
import { useState } from "react";
import { useParams } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeSelfUser } from "../../test/factories.ts";
import { renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import { useViewBeacon } from "./view-beacon.ts";

const RESOURCE = { id: "res-1", users_model: { id: "creator-1" } };

/** A page that shows a resource, as ResourcePage does once its detail is read. */
function Page() {
  const [renders, setRenders] = useState(0);
  const { id = "" } = useParams();
  useViewBeacon({ ...RESOURCE, id });
  return (
    <button type="button" onClick={() => setRenders(renders + 1)}>
      Fractions Fun
    </button>
  );
}

let beacon: ReturnType<typeof vi.fn>;

beforeEach(() => {
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, "sendBeacon", { value: beacon, configurable: true });
});

afterEach(() => {
  Reflect.deleteProperty(navigator, "sendBeacon");
  Object.defineProperty(document, "referrer", { value: "", configurable: true });
  clearSession();
  vi.unstubAllGlobals();
});

/** What each beacon carried: its address and its JSON body. */
async function sent() {
  return Promise.all(
    beacon.mock.calls.map(async ([url, blob]) => ({
      url,
      type: (blob as Blob).type,
      body: JSON.parse(await (blob as Blob).text()),
    })),
  );
}

describe("the page-view beacon", () => {
  it("sends one view per showing of the page, not one per render", async () => {
    const view = renderScreen(Page, "/resources/fractions-fun", "/resources/:id");
    await view.findByText("Fractions Fun");
    // Drawn again (a new object for the same resource): no new view.
    fireEvent.click(view.getByText("Fractions Fun"));
    fireEvent.click(view.getByText("Fractions Fun"));
    expect(await sent()).toEqual([
      { url: "/api/resources/fractions-fun/view", type: "application/json", body: { source: "direct" } },
    ]);

    // A jump to the reviews is the same view.
    await act(() => view.router.navigate("/resources/fractions-fun#reviews"));
    // Another resource (found by search): a new view.
    await act(() => view.router.navigate("/resources/tides", { state: { from: "/?q=tides" } }));
    await waitFor(() => expect(beacon).toHaveBeenCalledTimes(2));
    expect((await sent())[1]).toMatchObject({ url: "/api/resources/tides/view", body: { source: "search" } });
  });

  it("names another site by its origin only, and a shared link with a code as a referral", async () => {
    Object.defineProperty(document, "referrer", {
      value: "https://www.pinterest.com/pin/123?utm_source=x",
      configurable: true,
    });
    const first = renderScreen(Page, "/resources/fractions-fun", "/resources/:id");
    await first.findByText("Fractions Fun");
    expect((await sent())[0]!.body).toEqual({ source: "external", referrer: "https://www.pinterest.com/" });
    first.unmount();

    const second = renderScreen(Page, "/resources/fractions-fun?refCode=ABCD1234", "/resources/:id");
    await second.findByText("Fractions Fun");
    expect((await sent())[1]!.body).toEqual({ source: "referral" });
  });

  it("is not sent for the resource's own creator", async () => {
    storeSession(makeToken({ sub: "creator-1", exp: inOneHour() }), makeSelfUser({ id: "creator-1" }));
    const view = renderScreen(Page, "/resources/fractions-fun", "/resources/:id");
    await view.findByText("Fractions Fun");
    expect(beacon).not.toHaveBeenCalled();
  });

  it("falls back to a keepalive fetch, with the sign-in, where the browser has no beacon", async () => {
    Reflect.deleteProperty(navigator, "sendBeacon");
    const { calls, fetch } = stubFetch({ "POST /api/resources/fractions-fun/view": [204, undefined] });
    storeSession(makeToken({ sub: "teacher-1", exp: inOneHour() }), makeSelfUser({ id: "teacher-1" }));
    const view = renderScreen(Page, "/resources/fractions-fun", "/resources/:id");
    await view.findByText("Fractions Fun");
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ source: "direct" });
    expect(calls[0]!.headers.Authorization).toMatch(/^Bearer /);
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: "POST", keepalive: true });
  });

  it("never troubles the page when the count cannot be sent", async () => {
    beacon.mockImplementation(() => {
      throw new TypeError("blocked");
    });
    const view = renderScreen(Page, "/resources/fractions-fun", "/resources/:id");
    expect(await view.findByText("Fractions Fun")).toBeTruthy();
    expect(beacon).toHaveBeenCalledTimes(1);
  });
});
