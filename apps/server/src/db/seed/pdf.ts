/**
 * A one-page PDF 1.4 written by hand: the shared file of the synthetic benchmark resources, where
 * thousands of rows point at one document. (The demo catalogue's PDFs are drawn with pdf-lib, see
 * documents.ts.)
 * Only the 14 standard fonts are used, so nothing needs embedding; text is limited to printable ASCII
 * because WinAnsi byte values are all Helvetica understands without an encoding table.
 */
export function minimalPdf(opts: { title: string; lines?: readonly string[] }): Buffer {
  const content = [
    "BT",
    "/F2 24 Tf",
    "72 700 Td",
    `(${pdfString(opts.title)}) Tj`,
    "/F1 12 Tf",
    "0 -36 Td",
    "16 TL",
    ...(opts.lines ?? []).map((line) => `(${pdfString(line)}) '`),
    "ET",
  ].join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] " +
      "/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    `<< /Title (${pdfString(opts.title)}) /Producer (Lesson Loft demo seed) >>`,
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, "latin1");
  // Every xref entry is exactly 20 bytes, its line ending included; readers seek by that arithmetic.
  const entries = [
    "0000000000 65535 f \n",
    ...offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`),
  ];
  body +=
    `xref\n0 ${objects.length + 1}\n${entries.join("")}` +
    `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n` +
    `startxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

function pdfString(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[^\x20-\x7e]/g, "")
    .replace(/[\\()]/g, (c) => `\\${c}`);
}
