import { RESOURCE_TYPES } from "@market/domain";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { DEMO_RESOURCES } from "./catalogue.ts";
import { buildResourceDocument } from "./documents.ts";
import { CONTENT_KEYS } from "./lesson-content.ts";

describe("demo resource documents", () => {
  it("has content of its own for every title of the catalogue", () => {
    const missing = DEMO_RESOURCES.filter((s) => !CONTENT_KEYS.includes(`${s.title}|${s.grade}`));
    expect(missing.map((s) => s.title)).toEqual([]);
  });

  it("makes pages from the type for a resource without content of its own", async () => {
    for (const type of RESOURCE_TYPES) {
      const seed = {
        title: `Made-up ${type}`,
        subtitle: "Without content",
        subject: "Other",
        type,
        grade: "5",
        skill: "Something new",
      } as const;
      const doc = await buildResourceDocument({
        seed,
        index: 1,
        author: "Maria Lopez",
        gradeText: "Grade 5",
      });
      expect((await PDFDocument.load(doc.full)).getPageCount()).toBeGreaterThanOrEqual(3);
      expect((await PDFDocument.load(doc.sample)).getPageCount()).toBe(2);
    }
  });
});
