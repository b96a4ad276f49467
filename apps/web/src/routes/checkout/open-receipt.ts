import { apiUrl } from "../../api/client.ts";
import { getSession } from "../../state/session.ts";

/** Where a sale's receipt is: an HTML page of the API, for the buyer, the seller and admins. */
export const receiptPath = (saleId: string) => `/activity/transactions/${encodeURIComponent(saleId)}/receipt`;

/**
 * Opens a sale's receipt in a new tab (spec 2: "A receipt for a sale opens in a new tab"). The API takes
 * the session's token as a header, never from a cookie, so the page is fetched here and handed to the
 * tab: the tab is opened first, inside the click, where browsers allow it.
 */
export function openReceipt(saleId: string): Promise<void> {
  return openReceiptPage(receiptPath(saleId));
}

/** Opens the receipt page at `path` (an API path, with or without its /api prefix) the same way. */
export async function openReceiptPage(path: string): Promise<void> {
  const tab = window.open("", "_blank");
  const token = getSession()?.token;
  try {
    const response = await fetch(apiUrl(path.replace(/^\/api(?=\/)/, "")), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) throw new Error(`receipt: ${response.status}`);
    const url = URL.createObjectURL(new Blob([await response.text()], { type: "text/html" }));
    if (tab) tab.location.href = url;
    else window.location.href = url;
  } catch (error) {
    tab?.close();
    throw error;
  }
}
