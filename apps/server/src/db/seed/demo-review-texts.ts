import type { ReviewUse } from "@market/domain";
import type { DemoUserSeed } from "./content.ts";

/**
 * What the demo's reviews say: teachers telling how a resource went in their classroom, as reviews on
 * a real marketplace read: some a few words, some a paragraph, some only stars (the plan leaves a share
 * without text). Each text suits a rating (the tier) and some name how the resource was used, which the
 * review's "used for" then agrees with.
 */

/** Teachers who bought or downloaded demo resources and reviewed them, beside the demo accounts. */
export const DEMO_REVIEWERS: readonly DemoUserSeed[] = [
  ["rosa_garcia", "Rosa", "Garcia", 14, 510],
  ["mr_thompson", "Kevin", "Thompson", 9, 470],
  ["aisha_bello", "Aisha", "Bello", 22, 455],
  ["leah_kim", "Leah", "Kim", 5, 430],
  ["sam_novak", "Samuel", "Novak", 17, 415],
  ["grace_owusu", "Grace", "Owusu", 28, 400],
  ["tom_fischer", "Tom", "Fischer", 11, 380],
  ["nina_patel", "Nina", "Patel", 33, 365],
  ["carlos_mendez", "Carlos", "Mendez", 2, 350],
  ["hannah_berg", "Hannah", "Berg", 19, 330],
  ["olu_adeyemi", "Olu", "Adeyemi", 35, 300],
  ["julia_rossi", "Julia", "Rossi", 8, 270],
].map(([username, first_name, last_name, avatar, joined_days_ago]) => ({
  username: username as string,
  first_name: first_name as string,
  last_name: last_name as string,
  role: "user" as const,
  is_master_account: false,
  avatar: avatar as number,
  joined_days_ago: joined_days_ago as number,
}));

export interface ReviewText {
  text: string;
  usedFor?: ReviewUse;
}

const t = (text: string, usedFor?: ReviewUse): ReviewText => ({ text, usedFor });

/** By the stars they go with: 5, 4, 3, and 1-2. */
export const REVIEW_TEXTS: Readonly<Record<"5" | "4" | "3" | "low", readonly ReviewText[]>> = {
  "5": [
    t("My class loved it."),
    t("Exactly what I needed. Print and go!"),
    t(
      "I used this with my whole class over two days and every student was engaged. The directions are clear enough that I could read them once and get out of the way, and the answer key made checking quick.",
      "whole-class",
    ),
    t(
      "Perfect for my intervention group. The pages build slowly, so my strugglers felt successful from the first one, and I could see exactly where each of them got stuck.",
      "intervention",
    ),
    t("Left this for a sub and came back to finished work and a happy note. Will do again.", "sub-plan"),
    t(
      "We played this on a Friday afternoon and they begged to play it again on Monday. Sneaky practice at its best.",
      "whole-class",
    ),
    t("Clean design, no wasted pages, and it prints well in black and white."),
    t(
      "I teach a combined class and this worked for both levels. The extension questions kept my early finishers busy while I worked with a small group at the back table.",
      "small-group",
    ),
    t("Sent it home as homework and parents told me it was easy to follow.", "homework"),
    t(
      "Honestly one of the best things I've bought this year. I've already recommended it to my whole grade team.",
    ),
    t("Great for centers. I laminated everything and it has held up all semester.", "small-group"),
  ],
  "4": [
    t("Solid resource. A couple of pages were a little easy for my group, but overall very useful."),
    t(
      "Worked well as a review before our unit test. I would love an editable version so I could swap in our own vocabulary.",
      "whole-class",
    ),
    t("Good practice pages. I added my own warm-up and it filled a whole lesson.", "whole-class"),
    t("Nice for small groups, though I needed to print more copies than I expected.", "small-group"),
    t(
      "My students liked it, and it was easy to prep. Took one star off because the answer key has a typo on page 3, which my sharpest student found before I did.",
    ),
    t("Useful as homework. Most students finished it in about 20 minutes.", "homework"),
    t(
      "We used it across a week of intervention sessions. It's well sequenced; I just wish there were a few more practice items at the hardest level.",
      "intervention",
    ),
    t("Good value for the price."),
  ],
  "3": [
    t("It's fine. Some good ideas, but I had to adapt a lot of it for my class."),
    t(
      "The content is right for the grade, but the font is small for my younger readers, so I enlarged the pages when copying.",
      "whole-class",
    ),
    t("Okay for a sub plan; not enough on its own for a full period.", "sub-plan"),
    t(
      "Students understood the first half well; the second half jumped ahead too quickly and needed a lot of support from me.",
      "small-group",
    ),
  ],
  low: [
    t(
      "Not what I expected from the preview. Much of it was too hard for the grade it says, and there was no answer key for the last section.",
    ),
    t("Too short for the price, and a few of the questions were confusing.", "homework"),
  ],
};

/** How a resource of each type is mostly used: the review's "used for" when its text names none. */
export const USES_BY_TYPE: Readonly<Record<string, readonly ReviewUse[]>> = {
  Worksheet: ["homework", "whole-class", "small-group", "intervention"],
  Activity: ["small-group", "whole-class", "intervention"],
  Game: ["small-group", "whole-class"],
  "Lesson Plan": ["whole-class", "sub-plan"],
  Unit: ["whole-class"],
  Poster: ["whole-class", "other"],
  Presentation: ["whole-class", "sub-plan"],
  Assessment: ["whole-class", "homework"],
  Other: ["other", "whole-class", "small-group"],
};

/** The creator's replies: thanks for praise, and a fix or an offer for criticism. */
export const CREATOR_REPLIES = {
  thanks: [
    "Thank you so much for taking the time to write this! I'm so glad it worked for your class.",
    "This made my day. Thank you, and enjoy the rest of the unit!",
    "Thanks! If there is another topic you'd like in this format, let me know.",
  ],
  fix: [
    "Thank you for the honest feedback. I've fixed the answer key and added an easier version of the last section; download it again to get the update.",
    "Thanks for letting me know. I've added larger-print pages to the file, and I'd love to hear if they work better for your readers.",
  ],
} as const;

/**
 * The review in the admins' queue: not a review at all, reported by the resource's creator and a
 * teacher; an admin decides whether to hide it.
 */
export const REPORTED_REVIEW = {
  text: "Found cheaper versions of this elsewhere. Visit my store for 50% off worksheet bundles this week only!!",
  rating: 1,
  reports: [
    { reason: "spam", details: "Advertising their own store, not a review of this resource." },
    { reason: "off-topic", details: null },
  ],
} as const;
