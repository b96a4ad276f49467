import type { ResourceEditStep } from "./publishing-steps.ts";

/**
 * Resource text limits (spec 5, Resource text). Lengths are of the trimmed text, counted in
 * characters (code points) as the database counts them, so an emoji is one character, not two.
 */
export const RESOURCE_TEXT_LIMITS = {
  title: { min: 1, max: 32, maxWithDisplay: 48 },
  display: { min: 1, max: 32 },
  subtitle: { min: 1, max: 25 },
  subject_area: { min: 4, max: 15 },
  description: { min: 340, max: 380 },
  reading_levels: { min: 1, max: 40 },
  listItem: { min: 1, max: 20 },
  grade: { min: 1 },
} as const;

export type ResourceTextProblem = "required" | "too_short" | "too_long" | "item_too_short" | "item_too_long";

type Limits = { readonly min: number; readonly max?: number };

/** The length the limits count: characters (code points) of the trimmed text. Forms show this number. */
export function countCharacters(value: string | null | undefined): number {
  return Array.from((value ?? "").trim()).length;
}

const textLength = countCharacters;

function checkLength(value: string | null | undefined, limits: Limits): ResourceTextProblem | null {
  const length = textLength(value ?? "");
  if (length === 0) return "required";
  if (length < limits.min) return "too_short";
  if (limits.max !== undefined && length > limits.max) return "too_long";
  return null;
}

function hasText(value: string | null | undefined): value is string {
  return (value ?? "").trim().length > 0;
}

/** A title may run to 48 characters when a display value exists (the tile then shows the display). */
export function checkResourceTitle(title: string, display?: string | null): ResourceTextProblem | null {
  const { min, max, maxWithDisplay } = RESOURCE_TEXT_LIMITS.title;
  return checkLength(title, { min, max: hasText(display) ? maxWithDisplay : max });
}

export function checkResourceDisplay(display: string | null | undefined): ResourceTextProblem | null {
  return checkLength(display, RESOURCE_TEXT_LIMITS.display);
}

export function checkSubtitle(subtitle: string | null | undefined): ResourceTextProblem | null {
  return checkLength(subtitle, RESOURCE_TEXT_LIMITS.subtitle);
}

export function checkSubjectArea(value: string | null | undefined): ResourceTextProblem | null {
  return checkLength(value, RESOURCE_TEXT_LIMITS.subject_area);
}

export function checkDescription(value: string | null | undefined): ResourceTextProblem | null {
  return checkLength(value, RESOURCE_TEXT_LIMITS.description);
}

export function checkReadingLevels(value: string | null | undefined): ResourceTextProblem | null {
  return checkLength(value, RESOURCE_TEXT_LIMITS.reading_levels);
}

export function checkGrade(value: string | null | undefined): ResourceTextProblem | null {
  return checkLength(value, RESOURCE_TEXT_LIMITS.grade);
}

/**
 * Skills, standards and keywords: at least one item, each 1 to 20 characters. An empty item is
 * item_too_short rather than silently dropped, so the form can point at it; splitTextList is
 * what drops empties from typed text before it gets here.
 */
export function checkTextList(items: readonly string[] | null | undefined): ResourceTextProblem | null {
  if (!items || items.length === 0) return "required";
  const { min, max } = RESOURCE_TEXT_LIMITS.listItem;
  for (const item of items) {
    const length = textLength(item);
    if (length < min) return "item_too_short";
    if (length > max) return "item_too_long";
  }
  return null;
}

/**
 * Typed list text to items: comma or newline separated, trimmed, empties dropped, and repeats
 * removed ignoring case (the first spelling wins), since "Fractions" and "fractions" are one keyword.
 */
export function splitTextList(input: string): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const raw of input.split(/[,\r\n]+/)) {
    const item = raw.trim();
    const key = item.toLocaleLowerCase();
    if (item === "" || seen.has(key)) continue;
    seen.add(key);
    items.push(item);
  }
  return items;
}

export interface ResourceTextFields {
  title?: string;
  display?: string | null;
  subtitle?: string | null;
  subject_area?: string;
  description?: string;
  grade?: string;
  reading_levels?: string | null;
  skills?: string[];
  standards?: string[];
  keywords?: string[];
}

type TextField = keyof ResourceTextFields;

/** Every text field of a resource, in the wizard's order: a submission checks them all. */
export const RESOURCE_TEXT_FIELDS: readonly TextField[] = [
  "title",
  "display",
  "subtitle",
  "subject_area",
  "description",
  "grade",
  "reading_levels",
  "skills",
  "standards",
  "keywords",
];

/** display and subtitle are optional: an empty one is fine, a given one must fit its limits. */
const OPTIONAL_FIELDS: ReadonlySet<TextField> = new Set(["display", "subtitle"]);

function checkField(field: TextField, fields: ResourceTextFields): ResourceTextProblem | null {
  switch (field) {
    case "title":
      return checkResourceTitle(fields.title ?? "", fields.display);
    case "display":
      return checkResourceDisplay(fields.display);
    case "subtitle":
      return checkSubtitle(fields.subtitle);
    case "subject_area":
      return checkSubjectArea(fields.subject_area);
    case "description":
      return checkDescription(fields.description);
    case "grade":
      return checkGrade(fields.grade);
    case "reading_levels":
      return checkReadingLevels(fields.reading_levels);
    case "skills":
    case "standards":
    case "keywords":
      return checkTextList(fields[field]);
  }
}

/**
 * Every text problem of a resource, by field. Without `only` it checks the fields present (a partial
 * update checks what it changes); with `only` it checks exactly those, so a missing one is "required".
 * The wizard passes STEP_FIELDS[step]; submission passes every field.
 */
export function checkResourceText(
  fields: ResourceTextFields,
  only?: readonly TextField[],
): Partial<Record<TextField, ResourceTextProblem>> {
  const keys = only ?? RESOURCE_TEXT_FIELDS.filter((field) => Object.hasOwn(fields, field));
  const problems: Partial<Record<TextField, ResourceTextProblem>> = {};
  for (const field of keys) {
    if (OPTIONAL_FIELDS.has(field) && !hasText(fields[field] as string | null | undefined)) continue;
    const problem = checkField(field, fields);
    if (problem) problems[field] = problem;
  }
  return problems;
}

/** Which text fields each wizard step edits, so a step checks only what it shows. */
export const STEP_FIELDS: Partial<Record<ResourceEditStep, readonly TextField[]>> = {
  title: ["title", "display", "subtitle"],
  categories: ["subject_area"],
  description: ["description"],
  grade: ["grade"],
  skills: ["skills"],
  standards: ["standards"],
  "reading-level": ["reading_levels"],
  keywords: ["keywords"],
};

/** The lengths a field's text (or, for lists, each item) must have; the title's depends on the display. */
export function resourceTextLimit(
  field: TextField,
  fields: Pick<ResourceTextFields, "display"> = {},
): { min: number; max: number | null } {
  switch (field) {
    case "title": {
      const { min, max, maxWithDisplay } = RESOURCE_TEXT_LIMITS.title;
      return { min, max: hasText(fields.display) ? maxWithDisplay : max };
    }
    case "skills":
    case "standards":
    case "keywords":
      return { ...RESOURCE_TEXT_LIMITS.listItem };
    case "grade":
      return { min: RESOURCE_TEXT_LIMITS.grade.min, max: null };
    default:
      return { ...RESOURCE_TEXT_LIMITS[field] };
  }
}

/** A refusal with what it was measured against, so a form can say "41 of 32 characters", not just "too long". */
export interface ResourceTextRefusal {
  problem: ResourceTextProblem;
  /** Characters of the text, or of the offending item of a list. */
  used: number;
  min: number;
  max: number | null;
  /** The list item refused (skills, standards, keywords). */
  item?: string;
}

/**
 * Why a field is refused and against which limit: the same check as checkResourceText (null when it
 * passes), with the count and the limit. For a list, the first item that breaks the limit is named.
 */
export function explainResourceText(
  field: TextField,
  fields: ResourceTextFields,
): ResourceTextRefusal | null {
  const problem = checkResourceText(fields, [field])[field];
  if (!problem) return null;
  const { min, max } = resourceTextLimit(field, fields);
  if (problem === "item_too_long" || problem === "item_too_short") {
    const items = (fields[field] as string[] | undefined) ?? [];
    const item =
      items.find((value) => {
        const length = textLength(value);
        return problem === "item_too_long" ? max !== null && length > max : length < min;
      }) ?? "";
    return { problem, used: textLength(item), min, max, item };
  }
  return { problem, used: textLength(fields[field] as string | null | undefined), min, max };
}
