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
