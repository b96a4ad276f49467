import { useAreaTexts } from "../../state/site-config.ts";

/** The home page's own copy: the promise, the ways in, the shelves. Admins may override any key. */
export const HOME_TEXTS = {
  "home.promise": "Classroom-ready resources, made by teachers",
  "home.promiseBody":
    "Worksheets, task cards, slides and whole units from teachers who use them every day. Find one for tomorrow's lesson in a minute.",
  "home.searchPlaceholder": "Search: fractions, phonics, lab safety…",
  "home.bySubject": "Browse by subject",
  "home.byGrade": "Browse by grade",
  "home.featured": "Featured",
  "home.new": "New this week",
  "home.seeAll": "See all",
  "home.all": "All resources",
  "home.grade": "Grade {grade}",
} as const satisfies Record<string, string>;

export type HomeTextKey = keyof typeof HOME_TEXTS;

export function useHomeTexts() {
  return useAreaTexts<HomeTextKey>(HOME_TEXTS);
}
