import { describe, expect, it } from "vitest";
import {
  checkDescription,
  checkGrade,
  checkReadingLevels,
  checkResourceDisplay,
  checkResourceText,
  checkResourceTitle,
  checkSubjectArea,
  checkSubtitle,
  checkTextList,
  countCharacters,
  explainResourceText,
  type ResourceTextFields,
  resourceTextLimit,
  STEP_FIELDS,
  splitTextList,
} from "./resource-text.ts";

const text = (n: number) => "a".repeat(n);

describe("checkResourceTitle (spec 5: 1 to 32, up to 48 with a display value)", () => {
  it.each([
    ["", null, "required"],
    ["   ", null, "required"],
    [text(1), null, null],
    [text(32), null, null],
    [text(33), null, "too_long"],
    [` ${text(32)} `, null, null],
    [text(33), "", "too_long"],
    [text(33), "  ", "too_long"],
    [text(48), "Fractions", null],
    [text(49), "Fractions", "too_long"],
    ["", "Fractions", "required"],
    ["😀".repeat(32), null, null],
  ])("%s with display %s -> %s", (title, display, problem) =>
    expect(checkResourceTitle(title, display)).toBe(problem),
  );

  it("treats a missing display like none (32)", () => {
    expect(checkResourceTitle(text(33))).toBe("too_long");
  });
});

describe.each([
  ["checkResourceDisplay (spec 5: display 1 to 32)", checkResourceDisplay, 1, 32],
  ["checkSubtitle (spec 5: subtitle 1 to 25)", checkSubtitle, 1, 25],
  ["checkSubjectArea (spec 5: subject_area 4 to 15)", checkSubjectArea, 4, 15],
  ["checkDescription (spec 5: description 340 to 380)", checkDescription, 340, 380],
  ["checkReadingLevels (spec 5: reading_levels 1 to 40)", checkReadingLevels, 1, 40],
])("%s", (_name, check, min, max) => {
  it.each([
    [undefined, "required"],
    [null, "required"],
    ["", "required"],
    [" \n ", "required"],
    [text(min), null],
    [text(max), null],
    [` ${text(max)} `, null],
    [text(max + 1), "too_long"],
  ])("%s -> %s", (value, problem) => expect(check(value)).toBe(problem));

  if (min > 1) {
    it(`${min - 1} characters is too_short, ${min} is fine`, () => {
      expect(check(text(min - 1))).toBe("too_short");
      expect(check(` ${text(min - 1)} `)).toBe("too_short");
      expect(check(text(min))).toBe(null);
    });
  }
});

describe("checkDescription boundaries (spec 5: 340 to 380)", () => {
  it.each([
    [339, "too_short"],
    [340, null],
    [380, null],
    [381, "too_long"],
  ])("%i characters -> %s", (n, problem) => expect(checkDescription(text(n))).toBe(problem));
});

describe("checkGrade (spec 5: at least 1 character)", () => {
  it.each([
    [undefined, "required"],
    [null, "required"],
    ["", "required"],
    [" ", "required"],
    ["K", null],
    ["Higher Education", null],
  ])("%s -> %s", (value, problem) => expect(checkGrade(value)).toBe(problem));
});

describe("checkTextList (spec 5: at least one item, each item 1 to 20)", () => {
  it.each([
    [undefined, "required"],
    [null, "required"],
    [[], "required"],
    [["Fractions"], null],
    [[text(1)], null],
    [[text(20)], null],
    [[` ${text(20)} `], null],
    [[text(21)], "item_too_long"],
    [["Fractions", text(21)], "item_too_long"],
    [[""], "item_too_short"],
    [["Fractions", "  "], "item_too_short"],
  ])("%j -> %s", (items, problem) => expect(checkTextList(items)).toBe(problem));
});

describe("splitTextList (comma or newline; trimmed; empties dropped; repeats removed ignoring case)", () => {
  it.each([
    ["", []],
    [" , ,\n", []],
    ["Fractions", ["Fractions"]],
    ["Fractions, Decimals", ["Fractions", "Decimals"]],
    ["Fractions\nDecimals\r\nPercent", ["Fractions", "Decimals", "Percent"]],
    [" Fractions ,, Decimals ,", ["Fractions", "Decimals"]],
    ["Fractions, fractions, FRACTIONS, Decimals", ["Fractions", "Decimals"]],
    ["fractions, Fractions", ["fractions"]],
    ["place value, Place  value", ["place value", "Place  value"]],
  ])("%j -> %j", (input, items) => expect(splitTextList(input)).toEqual(items));
});

const valid: Required<ResourceTextFields> = {
  title: "Fraction Strips",
  display: "Fractions",
  subtitle: "Hands-on practice",
  subject_area: "Math",
  description: text(350),
  grade: "3",
  reading_levels: "Grades 2 to 4",
  skills: ["Comparing"],
  standards: ["3.NF.A.1"],
  keywords: ["fractions"],
};

describe("checkResourceText", () => {
  it("finds nothing wrong with a valid resource", () => {
    expect(checkResourceText(valid)).toEqual({});
  });

  it("checks only the fields given when no `only` list is passed", () => {
    expect(checkResourceText({ title: text(33) })).toEqual({ title: "too_long" });
    expect(checkResourceText({})).toEqual({});
  });

  it("checks exactly the `only` fields, a missing one being required", () => {
    expect(checkResourceText({}, ["title", "subject_area", "skills"])).toEqual({
      title: "required",
      subject_area: "required",
      skills: "required",
    });
    expect(checkResourceText({ ...valid, description: text(10) }, ["title"])).toEqual({});
  });

  it.each<[ResourceTextFields, object]>([
    [{ display: "" }, {}],
    [{ display: null }, {}],
    [{ subtitle: "  " }, {}],
    [{ subtitle: null }, {}],
    [{ display: text(33) }, { display: "too_long" }],
    [{ subtitle: text(26) }, { subtitle: "too_long" }],
    [{ title: text(40), display: "" }, { title: "too_long" }],
    [{ title: text(40), display: "Fractions" }, {}],
  ])("display and subtitle are optional but limited: %j -> %j", (fields, problems) =>
    expect(checkResourceText(fields)).toEqual(problems),
  );

  it("reports every broken field at once", () => {
    expect(
      checkResourceText({
        ...valid,
        subject_area: "Art",
        description: text(381),
        grade: "",
        reading_levels: null,
        keywords: [],
        standards: [text(21)],
        skills: [""],
      }),
    ).toEqual({
      subject_area: "too_short",
      description: "too_long",
      grade: "required",
      reading_levels: "required",
      keywords: "required",
      standards: "item_too_long",
      skills: "item_too_short",
    });
  });

  it("ignores keys that are not resource text", () => {
    expect(checkResourceText({ price: 0 } as ResourceTextFields)).toEqual({});
  });
});

describe("STEP_FIELDS (each wizard step checks what it shows)", () => {
  it.each([
    ["title", ["title", "display", "subtitle"]],
    ["categories", ["subject_area"]],
    ["description", ["description"]],
    ["grade", ["grade"]],
    ["skills", ["skills"]],
    ["standards", ["standards"]],
    ["reading-level", ["reading_levels"]],
    ["keywords", ["keywords"]],
    ["files", undefined],
    ["price", undefined],
  ] as const)("%s -> %j", (step, fields) => expect(STEP_FIELDS[step]).toEqual(fields));

  it("the title step with a blank display and subtitle needs only a title", () => {
    expect(checkResourceText({ title: "", display: "", subtitle: "" }, STEP_FIELDS.title)).toEqual({
      title: "required",
    });
  });
});

describe("explainResourceText (a refusal says the count and the limit)", () => {
  it("counts a 41-character title against 32, or 48 with a display title", () => {
    const title = "x".repeat(41);
    expect(explainResourceText("title", { title })).toEqual({
      problem: "too_long",
      used: 41,
      min: 1,
      max: 32,
    });
    expect(explainResourceText("title", { title, display: "Short" })).toBeNull();
    expect(resourceTextLimit("title", { display: "Short" })).toEqual({ min: 1, max: 48 });
  });

  it("measures the description against 340 to 380 trimmed characters", () => {
    expect(explainResourceText("description", { description: "  Too short.  " })).toEqual({
      problem: "too_short",
      used: 10,
      min: 340,
      max: 380,
    });
  });

  it("names the list item that breaks the 20-character limit", () => {
    expect(
      explainResourceText("standards", { standards: ["3.NF.A.1", "Common Core Fractions 3rd"] }),
    ).toEqual({ problem: "item_too_long", used: 25, min: 1, max: 20, item: "Common Core Fractions 3rd" });
  });

  it("counts characters, not UTF-16 units, as the limits do", () => {
    expect(countCharacters(" 📐 angles ")).toBe(8);
    expect(explainResourceText("subtitle", { subtitle: "📐".repeat(26) })?.used).toBe(26);
  });

  it("passes what the check passes", () => {
    expect(explainResourceText("display", { display: "" })).toBeNull();
    expect(explainResourceText("grade", { grade: "3" })).toBeNull();
  });
});
