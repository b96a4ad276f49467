/**
 * The resource edit wizard's steps (spec sections 2 and 4). The order is the index the spec counts
 * with: "delete" is step 14 because the spec says deleting a resource moves the wizard to step 14.
 * Routes name a step by its slug; the web app and the server both resolve it here so that an old or
 * alternative slug lands on the same step everywhere.
 */
export const RESOURCE_EDIT_STEPS = [
  "pre-check",
  "title",
  "categories",
  "description",
  "grade",
  "skills",
  "standards",
  "reading-level",
  "keywords",
  "files",
  "images",
  "price",
  "status",
  "review",
  "delete",
] as const;

export type ResourceEditStep = (typeof RESOURCE_EDIT_STEPS)[number];

/** Other names for a step: the spec calls subject_area "subject" too (section 3). */
export const RESOURCE_STEP_ALIASES: Record<string, ResourceEditStep> = {
  subject: "categories",
  "subject-area": "categories",
};

const CREATOR_LAST_STEP: ResourceEditStep = "status";
const ADMIN_LAST_STEP: ResourceEditStep = "review";

function isEditStep(name: string): name is ResourceEditStep {
  return (RESOURCE_EDIT_STEPS as readonly string[]).includes(name);
}

/**
 * The step a route segment names. No segment opens the wizard at its start; an unknown one is
 * null so the caller can show "not found" rather than silently opening some other step.
 * Case and surrounding spaces are ignored, because people type URLs.
 */
export function resolveEditStep(name: string | undefined): ResourceEditStep | null {
  if (name === undefined) return "pre-check";
  const slug = name.trim().toLowerCase();
  if (slug === "") return "pre-check";
  if (isEditStep(slug)) return slug;
  return Object.hasOwn(RESOURCE_STEP_ALIASES, slug) ? (RESOURCE_STEP_ALIASES[slug] ?? null) : null;
}

export function editStepIndex(step: ResourceEditStep): number {
  return RESOURCE_EDIT_STEPS.indexOf(step);
}

/**
 * The steps that next and previous walk through: a creator's ends at "status", an admin's goes on
 * to "review". "delete" is in no sequence; it is reached only by deleting.
 */
function sequenceFor(isAdmin: boolean): readonly ResourceEditStep[] {
  const last = editStepIndex(isAdmin ? ADMIN_LAST_STEP : CREATOR_LAST_STEP);
  return RESOURCE_EDIT_STEPS.slice(0, last + 1);
}

/** The step after this one, or null at the end of the user's sequence or off it. */
export function nextEditStep(step: ResourceEditStep, isAdmin: boolean): ResourceEditStep | null {
  const sequence = sequenceFor(isAdmin);
  const at = sequence.indexOf(step);
  return at === -1 ? null : (sequence[at + 1] ?? null);
}

/** The step before this one, or null at the start of the user's sequence or off it. */
export function previousEditStep(step: ResourceEditStep, isAdmin: boolean): ResourceEditStep | null {
  const sequence = sequenceFor(isAdmin);
  const at = sequence.indexOf(step);
  return at <= 0 ? null : (sequence[at - 1] ?? null);
}

/** Only admins review (spec 4 Review); every other step is open to the resource's editor. */
export function canOpenEditStep(step: ResourceEditStep, isAdmin: boolean): boolean {
  return step === "review" ? isAdmin : true;
}
