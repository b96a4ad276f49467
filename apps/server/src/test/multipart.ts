import { randomBytes } from "node:crypto";

/** A multipart/form-data body as a browser's FormData would send it, for app.inject. */
export function multipart(
  fields: Record<string, string>,
  file?: { field?: string; name: string; type?: string; data: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lessonloft${randomBytes(8).toString("hex")}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? "file"}"; filename="${file.name}"\r\n` +
          `content-type: ${file.type ?? "application/octet-stream"}\r\n\r\n`,
      ),
      file.data,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}
