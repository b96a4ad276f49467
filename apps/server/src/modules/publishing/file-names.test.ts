import { describe, expect, it } from "vitest";
import { contentTypeOf, sanitizeFileName } from "./resource-files.service.ts";

describe("sanitizeFileName: only a name is kept from an upload", () => {
  it.each([
    ["worksheet.pdf", "worksheet.pdf"],
    ["../../etc/passwd", "passwd"],
    ["C:\\Users\\ada\\Fractions Unit.docx", "Fractions Unit.docx"],
    ["bad\u0000na\u0007me?.pdf", "badname.pdf"],
    ['"quoted" <tag>.pdf', "quoted tag.pdf"],
    ["   spaced    out   .pdf", "spaced out .pdf"],
    [".hidden", "hidden"],
    ["", "file"],
    [`${"a".repeat(300)}.pdf`, `${"a".repeat(116)}.pdf`],
    ["Fichier élève.pdf", "Fichier élève.pdf"],
  ])("%j -> %j", (raw, clean) => expect(sanitizeFileName(raw)).toBe(clean));

  it("announces known types and treats the rest as bytes", () => {
    expect(contentTypeOf("a.PDF")).toBe("application/pdf");
    expect(contentTypeOf("a.html")).toBe("application/octet-stream");
    expect(contentTypeOf("noext")).toBe("application/octet-stream");
  });
});
