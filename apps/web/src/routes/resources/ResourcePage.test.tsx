import type { LibraryItem } from "@market/domain";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { writeDocumentCookie } from "../../state/cookies.ts";
import { clearSession, storeSession } from "../../state/session.ts";
import { makeDetail, makeSelfUser } from "../../test/factories.ts";
import { type Answers, renderScreen, stubFetch } from "../../test/render.tsx";
import { inOneHour, makeToken } from "../../test/tokens.ts";
import ResourcePage from "./ResourcePage.tsx";

const RESOURCE = makeDetail();
const DETAIL = `GET /api/resources/${RESOURCE.name}`;
const FAVORITE = `/api/users/self/resources/favorites/${RESOURCE.id}`;
const FOLLOW = "/api/users/following/c1";

function signIn() {
  storeSession(makeToken({ sub: "u1", exp: inOneHour() }), makeSelfUser());
}

function open(answers: Answers, path = `/resources/${RESOURCE.name}`) {
  const { calls } = stubFetch({ [DETAIL]: [200, RESOURCE], ...answers });
  return { ...renderScreen(ResourcePage, path, "/resources/:id"), calls };
}

afterEach(() => {
  clearSession();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("resource page", () => {
  it("shows the resource: title, safe description, details, previews in order, files and downloads", async () => {
    open({});
    expect(await screen.findByRole("heading", { level: 1, name: "Fractions Bingo" })).toBeTruthy();
    expect(screen.getByText("A game for the whole class")).toBeTruthy();
    expect(screen.getByRole("link", { name: "decimals" }).getAttribute("href")).toBe(
      "/resources/decimals/view",
    );
    expect(screen.getByText("Comparing fractions")).toBeTruthy();
    expect(screen.getByText("CCSS.MATH.3.NF.A.1")).toBeTruthy();
    expect(screen.getByText("1.2k downloads")).toBeTruthy();
    expect(screen.getByText(/2\.4 MB/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Download bingo.pdf" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Grace" }).getAttribute("href")).toBe("/profile/@grace");
    // The first preview large, in a fixed portrait frame, and every preview as a thumbnail that shows it.
    const large = screen.getByRole("button", { name: "Open preview 1 of 2" });
    expect(large.querySelector("img")?.getAttribute("src")).toMatch(
      /^\/api\/files\/previews\/p1\.png\?w=\d+$/,
    );
    expect(large.querySelector("img")?.getAttribute("alt")).toBe("Fractions Bingo, preview 1");
    expect(large.querySelector("img")?.getAttribute("width")).toBe("692");
    expect(large.querySelector("img")?.getAttribute("height")).toBe("896");
    const thumbnails = screen.getAllByRole("button", { name: /Show preview/ });
    expect(thumbnails.map((b) => b.getAttribute("aria-label"))).toEqual([
      "Show preview 1 of 2",
      "Show preview 2 of 2",
    ]);
    expect(thumbnails[0]?.getAttribute("aria-pressed")).toBe("true");
    expect(thumbnails[0]?.querySelector("img")?.getAttribute("src")).toMatch(
      /^\/api\/files\/previews\/p1\.png\?w=\d+$/,
    );
    expect(thumbnails[0]?.querySelector("img")?.getAttribute("width")).toBe("96");
    // Grade, subject and type as badges under the title.
    expect(screen.getByRole("list", { name: "Details" }).textContent).toBe("Grade 3MathGame");
    expect(screen.queryByRole("link", { name: /^Buy/ })).toBeNull();
  });

  it("sends an unknown id to /resource-not-found", async () => {
    stubFetch({});
    const { router } = renderScreen(ResourcePage, "/resources/missing", "/resources/:id");
    await waitFor(() => expect(router.state.location.pathname).toBe("/resource-not-found"));
  });

  it("shows a paid resource's price, sale end, Buy and Gift instead of downloads", async () => {
    open({
      [DETAIL]: [200, makeDetail({ price: 500, sale_price: 300, sale_end: "2026-12-01" })],
    });
    // The price box and the phone's bar (CSS shows one of them) both carry "Buy for $3.00".
    const buy = await screen.findAllByRole("link", { name: "Buy for $3.00" });
    expect(buy.map((link) => link.getAttribute("href"))).toEqual([
      "/resources/fractions-bingo/purchase",
      "/resources/fractions-bingo/purchase",
    ]);
    expect(screen.getAllByText("$3.00").length).toBeGreaterThan(0);
    expect(screen.getAllByText("$5.00")[0]?.closest("s")).toBeTruthy();
    expect(screen.getByText("Sale ends Dec 1")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Gift this resource" }).getAttribute("href")).toBe(
      "/resources/fractions-bingo/purchase?as=gift",
    );
    // The free file is a sample anybody may have; nothing else is to download before buying.
    expect(
      screen.getAllByRole("button", { name: /^Download/ }).map((b) => b.getAttribute("aria-label")),
    ).toEqual(["Download bingo.pdf"]);
    expect(screen.queryByText("You own this")).toBeNull();
  });

  it("opens a preview in a dialog after the modal delay, with next and previous", async () => {
    open({});
    fireEvent.click(await screen.findByRole("button", { name: "Open preview 1 of 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Preview 1 of 2" });
    fireEvent.click(screen.getByRole("button", { name: "Next preview" }));
    expect(dialog.getAttribute("aria-labelledby")).toBeTruthy();
    expect(await screen.findByRole("dialog", { name: "Preview 2 of 2" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next preview" }));
    expect(await screen.findByRole("dialog", { name: "Preview 1 of 2" })).toBeTruthy();
  });

  it("favorites with a confirmation that lasts 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    const { calls } = open({
      [`PUT ${FAVORITE}`]: [200, { isFavorited: true }],
      [`DELETE ${FAVORITE}`]: [200, { isFavorited: false }],
    });
    fireEvent.click(await screen.findByRole("button", { name: /Favorite/ }));
    expect(await screen.findByText("Added to your favorites")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Favorited/ }).getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText("Added to your favorites").closest("[aria-live]")).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT" && c.url === FAVORITE)).toBe(true);
    act(() => vi.advanceTimersByTime(2900));
    expect(screen.queryByText("Added to your favorites")).toBeTruthy();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText("Added to your favorites")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: /Favorited/ }));
    expect(await screen.findByText("Removed from your favorites")).toBeTruthy();
  });

  it("shows the favorites limit notice for 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    open({
      [`PUT ${FAVORITE}`]: [409, { error: "favorite_limit_exceeded", message: "Limit" }],
    });
    fireEvent.click(await screen.findByRole("button", { name: /Favorite/ }));
    expect(await screen.findByText("You have reached the favorites limit")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Favorite/ }).getAttribute("aria-pressed")).toBe("false");
    act(() => vi.advanceTimersByTime(3100));
    expect(screen.queryByText("You have reached the favorites limit")).toBeNull();
  });

  it("sends a visitor who presses Favorite to log in, remembering the resource", async () => {
    const { router } = open({});
    fireEvent.click(await screen.findByRole("button", { name: /Favorite/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(localStorage.getItem("redirect_path")).toBe("/resources/fractions-bingo");
  });

  it("follows and unfollows the creator", async () => {
    signIn();
    open({
      [`PUT ${FOLLOW}`]: [200, { isFollowedByMe: true }],
      [`DELETE ${FOLLOW}`]: [200, { isFollowedByMe: false }],
    });
    fireEvent.click(await screen.findByRole("button", { name: "Follow" }));
    const following = await screen.findByRole("button", { name: "Following" });
    expect(following.getAttribute("aria-pressed")).toBe("true");
    expect(screen.getByText("You now follow Grace")).toBeTruthy();
    fireEvent.click(following);
    expect(await screen.findByRole("button", { name: "Follow" })).toBeTruthy();
  });

  it("sets the follow error when following fails, and clears it on the next try", async () => {
    signIn();
    let fail = true;
    open({
      [`PUT ${FOLLOW}`]: () =>
        fail ? [500, { error: "internal", message: "Boom" }] : [200, { isFollowedByMe: true }],
    });
    fireEvent.click(await screen.findByRole("button", { name: "Follow" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Could not follow this creator. Try again.");
    expect(screen.getByRole("button", { name: "Follow" }).getAttribute("aria-pressed")).toBe("false");
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Follow" }));
    expect(await screen.findByRole("button", { name: "Following" })).toBeTruthy();
    expect(screen.queryByText("Could not follow this creator. Try again.")).toBeNull();
  });
});

describe("the price box", () => {
  const PAID = makeDetail({
    price: 500,
    resources_files_models: [
      { id: "f1", name: "bingo-sample.pdf", size_bytes: 1000, is_premium_file: false },
      { id: "f2", name: "bingo-full.pdf", size_bytes: 2000, is_premium_file: true },
    ],
  });
  const ENTRY = `GET /api/users/self/library/${PAID.id}`;
  const item = (overrides: Partial<LibraryItem>): LibraryItem => ({
    resource: {
      id: PAID.id,
      name: PAID.name,
      title: PAID.title,
      cover_locator: null,
      creator: PAID.users_model,
      available: true,
      isBundle: false,
    },
    source: "purchase",
    acquiredAt: "2026-11-20T15:00:00.000Z",
    saleId: "s1",
    amount: 500,
    giftFrom: null,
    inBundle: null,
    file: { id: "f2", name: "bingo-full.pdf", size_bytes: 2000 },
    ...overrides,
  });
  const box = () => screen.findByRole("region", { name: "Price and download" });

  it("offers a visitor Buy for the price, which sends them to log in and back to the purchase", async () => {
    open({ [DETAIL]: [200, PAID] });
    const [buy] = await screen.findAllByRole("link", { name: "Buy for $5.00" });
    expect(buy?.getAttribute("href")).toBe("/resources/fractions-bingo/purchase");
    expect(within(await box()).getByRole("link", { name: "Gift this resource" })).toBeTruthy();
    expect(within(await box()).getByRole("button", { name: "Favorite" })).toBeTruthy();
    expect(within(await box()).getByRole("button", { name: "Share" })).toBeTruthy();
  });

  it("offers a free resource as Download free, which downloads its file and thanks a visitor once", async () => {
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
    const json = stubFetch({ [DETAIL]: [200, RESOURCE] }).fetch;
    const downloads: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (!url.endsWith("/download")) return json(input, init);
        downloads.push(url);
        return new Response(new Uint8Array(10), { headers: { "Content-Length": "10" } });
      }),
    );
    renderScreen(ResourcePage, `/resources/${RESOURCE.name}`, "/resources/:id");
    const [main] = await screen.findAllByRole("button", { name: "Download free" });
    expect(screen.queryByRole("link", { name: "Gift this resource" })).toBeNull();
    expect(screen.queryByText("You own this")).toBeNull();
    fireEvent.click(main!);
    const thanks = await screen.findAllByText(
      "Thank you! Your download is saved. Check your downloads folder.",
    );
    expect(thanks).toHaveLength(1);
    expect(thanks[0]?.closest("[aria-live]")).toBeTruthy();
    expect(downloads).toEqual([`/api/resources/${RESOURCE.id}/files/f1/download`]);
  });

  it("tells a buyer they own it, when and for how much, with Download, the receipt, and Gift still offered", async () => {
    signIn();
    const { calls } = open({
      [DETAIL]: [200, { ...PAID, isOwned: true }],
      [ENTRY]: [200, { item: item({}) }],
    });
    expect(await within(await box()).findByText("You own this")).toBeTruthy();
    expect(await within(await box()).findByText(/^Bought on Nov 20, 2026 for \$5\.00$/)).toBeTruthy();
    expect(screen.queryByRole("link", { name: /^Buy for/ })).toBeNull();
    expect(screen.getAllByRole("button", { name: "Download" }).length).toBe(2);
    expect(
      within(await box()).getByRole("button", { name: "View receipt (opens in a new tab)" }),
    ).toBeTruthy();
    expect(within(await box()).getByRole("link", { name: "Gift this resource" })).toBeTruthy();
    expect(
      within(await box())
        .getByRole("link", { name: "All your resources" })
        .getAttribute("href"),
    ).toBe("/profile/purchases");
    expect(calls.some((c) => c.url === `/api/users/self/library/${PAID.id}`)).toBe(true);
  });

  it("downloads the premium file from the owner's Download button", async () => {
    signIn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
    const json = stubFetch({
      [DETAIL]: [200, { ...PAID, isOwned: true }],
      [ENTRY]: [200, { item: item({}) }],
    }).fetch;
    const downloads: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (!url.endsWith("/download")) return json(input, init);
        downloads.push(url);
        return new Response(new Uint8Array(10), { headers: { "Content-Length": "10" } });
      }),
    );
    const { router } = renderScreen(ResourcePage, `/resources/${PAID.name}`, "/resources/:id");
    const [download] = await screen.findAllByRole("button", { name: "Download" });
    fireEvent.click(download!);
    await waitFor(() => expect(router.state.location.pathname).toBe("/resources/fractions-bingo/downloaded"));
    expect(downloads).toEqual([`/api/resources/${PAID.id}/files/f2/download`]);
  });

  it("says a gift's recipient owns it, from whom", async () => {
    signIn();
    open({
      [DETAIL]: [200, { ...PAID, isOwned: true }],
      [ENTRY]: [
        200,
        {
          item: item({
            source: "gift",
            saleId: null,
            amount: null,
            giftFrom: { username: "gus", first_name: "Gus" },
          }),
        },
      ],
    });
    expect(await within(await box()).findByText("A gift from Gus")).toBeTruthy();
    expect(within(await box()).queryByRole("button", { name: /View receipt/ })).toBeNull();
  });

  it("tells a seat holder who licensed it to them, beside the download (issue 23)", async () => {
    signIn();
    open({
      [DETAIL]: [
        200,
        {
          ...PAID,
          isOwned: true,
          licensedBy: { id: "u8", username: "dana", first_name: "Dana", avatar_locator: null },
        },
      ],
      [ENTRY]: [200, { item: null }],
    });
    expect(await within(await box()).findByText("Licensed to you by Dana")).toBeTruthy();
    expect(within(await box()).getByText("You own this")).toBeTruthy();
    expect(within(await box()).getByRole("button", { name: "Download" })).toBeTruthy();
    expect(within(await box()).queryByRole("button", { name: /View receipt/ })).toBeNull();
    expect(screen.queryByRole("link", { name: /Buying for your team/ })).toBeNull();
  });

  it("offers a buyer seats for their team beside Buy, at each extra seat's price (issue 23)", async () => {
    open({ [DETAIL]: [200, { ...PAID, seatPriceCents: 250 }] });
    const teaser = within(await box()).getByRole("link", {
      name: "Buying for your team? Extra seats $2.50 each",
    });
    expect(teaser.getAttribute("href")).toBe("/resources/fractions-bingo/purchase?seats=2");
  });

  it("counts a free resource the viewer downloaded as theirs", async () => {
    signIn();
    open({
      [`GET /api/users/self/library/${RESOURCE.id}`]: [
        200,
        {
          item: item({
            source: "free",
            saleId: null,
            amount: null,
            file: { id: "f1", name: "bingo.pdf", size_bytes: 1 },
          }),
        },
      ],
    });
    expect(await within(await box()).findByText("You own this")).toBeTruthy();
    expect(within(await box()).getByText("Downloaded free on Nov 20, 2026")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Download free" })).toBeNull();
  });

  it("shows the creator their own resource with a way to edit and manage it, not Buy or Follow", async () => {
    storeSession(makeToken({ sub: "c1", exp: inOneHour() }), makeSelfUser({ id: "c1", username: "grace" }));
    const { calls } = open({ [DETAIL]: [200, { ...PAID, isOwned: true }] });
    expect(await within(await box()).findByText("This is your resource")).toBeTruthy();
    expect(screen.getAllByRole("link", { name: "Edit resource" })[0]?.getAttribute("href")).toBe(
      "/resources/fractions-bingo/edit",
    );
    expect(
      within(await box())
        .getByRole("link", { name: "Manage your resources" })
        .getAttribute("href"),
    ).toBe("/publishing");
    expect(screen.queryByRole("link", { name: /^Buy for/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Follow" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Gift this resource" })).toBeNull();
    expect(calls.some((c) => c.url.includes("/users/self/library"))).toBe(false);
  });
});

describe("download", () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => "blob:file");
    URL.revokeObjectURL = vi.fn();
  });

  function stubDownload(chunks: Uint8Array[], total: number, gate: Promise<void>) {
    const json = stubFetch({ [DETAIL]: [200, RESOURCE] }).fetch;
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (!url.endsWith("/download")) return json(input, init);
        calls.push({ url, headers: init?.headers as Record<string, string> });
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(chunks[0] as Uint8Array);
            await gate;
            for (const chunk of chunks.slice(1)) controller.enqueue(chunk);
            controller.close();
          },
        });
        return new Response(body, { headers: { "Content-Length": String(total) } });
      }),
    );
    return calls;
  }

  it("shows progress by bytes, sends the ref code, saves the file and thanks a signed-in user", async () => {
    signIn();
    writeDocumentCookie("ref_code=AB12CD34; path=/");
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = stubDownload([new Uint8Array(450), new Uint8Array(550)], 1000, gate);
    const { router } = renderScreen(ResourcePage, `/resources/${RESOURCE.name}`, "/resources/:id");

    fireEvent.click(await screen.findByRole("button", { name: "Download bingo.pdf" }));
    const bar = await screen.findByRole("progressbar", { name: "Downloading bingo.pdf" });
    await waitFor(() => expect(bar.getAttribute("aria-valuenow")).toBe("45"));
    expect(screen.getByText("45%")).toBeTruthy();
    expect(calls[0]?.url).toBe(`/api/resources/${RESOURCE.id}/files/f1/download`);
    expect(calls[0]?.headers.refCode).toBe("AB12CD34");
    expect(calls[0]?.headers.Authorization).toMatch(/^Bearer /);

    release();
    await waitFor(() => expect(router.state.location.pathname).toBe("/resources/fractions-bingo/downloaded"));
    expect(click).toHaveBeenCalled();
    writeDocumentCookie("ref_code=; path=/; max-age=0");
  });

  it("thanks a visitor on the page", async () => {
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    stubDownload([new Uint8Array(10)], 10, Promise.resolve());
    renderScreen(ResourcePage, `/resources/${RESOURCE.name}`, "/resources/:id");
    fireEvent.click(await screen.findByRole("button", { name: "Download bingo.pdf" }));
    expect(
      await screen.findByText("Thank you! Your download is saved. Check your downloads folder."),
    ).toBeTruthy();
  });
});
