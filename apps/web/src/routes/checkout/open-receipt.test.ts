import { afterEach, describe, expect, it, vi } from "vitest";
import { openReceipt, openReceiptPage } from "./open-receipt.ts";

afterEach(() => vi.unstubAllGlobals());

function stubTab(status: number) {
  const tab = { location: { href: "" }, close: vi.fn() };
  vi.stubGlobal(
    "open",
    vi.fn(() => tab),
  );
  const fetch = vi.fn(async () => new Response("<h1>Receipt</h1>", { status }));
  vi.stubGlobal("fetch", fetch);
  vi.stubGlobal("URL", Object.assign(URL, { createObjectURL: () => "blob:receipt" }));
  return { tab, fetch };
}

describe("opening a receipt in a new tab", () => {
  it("fetches the same page for a sale id, an API path and the earnings list's /api path", async () => {
    for (const open of [
      () => openReceipt("s1"),
      () => openReceiptPage("/activity/transactions/s1/receipt"),
      () => openReceiptPage("/api/activity/transactions/s1/receipt"),
    ]) {
      const { tab, fetch } = stubTab(200);
      await open();
      expect(fetch).toHaveBeenCalledWith("/api/activity/transactions/s1/receipt", expect.anything());
      expect(tab.location.href).toBe("blob:receipt");
    }
  });

  it("closes the tab again and fails when the receipt cannot be had (another user's sale: 404)", async () => {
    const { tab } = stubTab(404);
    await expect(openReceiptPage("/api/activity/transactions/s2/receipt")).rejects.toThrow();
    expect(tab.close).toHaveBeenCalled();
  });
});
