import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./file-download.ts";

describe("a download's name", () => {
  it("keeps the name as typed for browsers and a safe ASCII one for old clients", () => {
    expect(attachmentDisposition("Fractions – Grade 3 (answers).pdf")).toBe(
      `attachment; filename="Fractions___Grade_3__answers_.pdf"; filename*=UTF-8''Fractions%20%E2%80%93%20Grade%203%20%28answers%29.pdf`,
    );
  });

  it("cannot break out of the header with quotes, semicolons or line ends", () => {
    const header = attachmentDisposition('a"; filename=evil.html\r\nX-Bad: 1.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.match(/"/g)).toHaveLength(2);
    expect(header).not.toContain("filename=evil");
  });
});
