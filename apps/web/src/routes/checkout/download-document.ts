import { apiUrl } from "../../api/client.ts";
import { getSession } from "../../state/session.ts";

/** The file name a Content-Disposition header offers (`attachment; filename="x.pdf"`), or null. */
export function dispositionFileName(header: string | null): string | null {
  const match = header ? /filename="([^"]+)"/.exec(header) : null;
  return match?.[1] ?? null;
}

/**
 * Saves a document the API makes (a PDF receipt, a statement) under the name it offers. The API takes
 * the session's token as a header, never from a cookie, so a plain link would be refused: the document
 * is fetched here and handed to the browser's download as a file.
 */
export async function downloadDocument(path: string, fallbackName: string): Promise<void> {
  const token = getSession()?.token;
  const response = await fetch(apiUrl(path), {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) throw new Error(`document: ${response.status}`);
  const name = dispositionFileName(response.headers.get("content-disposition")) ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
