/** The fixed lists of DECISIONS.md (Catalogue). */
export const GRADES = [
  "Pre-K",
  "K",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10",
  "11",
  "12",
  "Higher Education",
  "Adult Education",
] as const;

export const SUBJECTS = [
  "Math",
  "English Language Arts",
  "Science",
  "Social Studies",
  "Arts",
  "Music",
  "Physical Education",
  "World Languages",
  "Special Education",
  "Other",
] as const;

export const RESOURCE_TYPES = [
  "Worksheet",
  "Lesson Plan",
  "Activity",
  "Assessment",
  "Presentation",
  "Game",
  "Poster",
  "Unit",
  "Other",
] as const;

export const STOP_WORDS = [
  "a",
  "an",
  "and",
  "at",
  "by",
  "for",
  "from",
  "in",
  "of",
  "on",
  "or",
  "the",
  "to",
  "with",
] as const;

export type Grade = (typeof GRADES)[number];
export type Subject = (typeof SUBJECTS)[number];
export type ResourceType = (typeof RESOURCE_TYPES)[number];

/** subject_area must be 4 to 15 characters (spec 5), so the longer subject names are shortened. */
export const SUBJECT_AREA: Record<Subject, string> = {
  Math: "Math",
  "English Language Arts": "English",
  Science: "Science",
  "Social Studies": "Social Studies",
  Arts: "Arts",
  Music: "Music",
  "Physical Education": "Physical Ed",
  "World Languages": "World Languages",
  "Special Education": "Special Ed",
  Other: "Other",
};

/** The subject areas a creator picks from in the categories step, in the subjects' order. */
export const SUBJECT_AREAS: readonly string[] = SUBJECTS.map((s) => SUBJECT_AREA[s]);
