import { type Grade, type ResourceType, STOP_WORDS, SUBJECT_AREA, type Subject } from "@market/domain";

/** The demo catalogue: hand-written titles so the grids look like a real marketplace. */
export interface DemoResourceSeed {
  title: string;
  subtitle: string;
  subject: Subject;
  type: ResourceType;
  grade: Grade;
  skill: string;
}

const r = (
  subject: Subject,
  title: string,
  subtitle: string,
  type: ResourceType,
  grade: Grade,
  skill: string,
): DemoResourceSeed => ({ title, subtitle, subject, type, grade, skill });

export const DEMO_RESOURCES: readonly DemoResourceSeed[] = [
  r("Math", "Fractions Bingo", "Equivalent fractions game", "Game", "3", "Equivalent fractions"),
  r("Math", "Place Value Task Cards", "Ones, tens and hundreds", "Activity", "2", "Place value"),
  r("Math", "Multiplication Facts Practice", "Times tables 1 to 12", "Worksheet", "3", "Multiplication"),
  r("Math", "Geometry Scavenger Hunt", "Shapes around the school", "Activity", "1", "Naming shapes"),
  r(
    "Math",
    "Solving Two-Step Equations",
    "Guided notes and practice",
    "Lesson Plan",
    "7",
    "Solving equations",
  ),
  r("Math", "Linear Functions Unit", "Slope, graphs and tables", "Unit", "8", "Graphing lines"),
  r("Math", "Counting to 20 Posters", "Bright classroom numbers", "Poster", "K", "Counting"),
  // The same title from another creator shows the slug numbering (fractions-bingo-2).
  r("Math", "Fractions Bingo", "Fraction of a set edition", "Game", "4", "Fractions of a set"),
  r(
    "English Language Arts",
    "Reading Comprehension Passages",
    "Nonfiction with questions",
    "Worksheet",
    "4",
    "Main idea",
  ),
  r("English Language Arts", "Sight Word Flash Cards", "First 100 Fry words", "Activity", "K", "Sight words"),
  r(
    "English Language Arts",
    "Persuasive Essay Writing Unit",
    "Plan, draft and revise",
    "Unit",
    "6",
    "Opinion writing",
  ),
  r(
    "English Language Arts",
    "Figurative Language Sort",
    "Similes and metaphors",
    "Activity",
    "5",
    "Figurative language",
  ),
  r(
    "English Language Arts",
    "Phonics CVC Word Puzzles",
    "Short vowel practice",
    "Game",
    "1",
    "Blending sounds",
  ),
  r(
    "English Language Arts",
    "Novel Study: Charlotte's Web",
    "Chapter by chapter",
    "Unit",
    "3",
    "Story elements",
  ),
  r(
    "English Language Arts",
    "Parts of Speech Quiz",
    "Nouns, verbs, adjectives",
    "Assessment",
    "4",
    "Grammar",
  ),
  r("Science", "Plant Life Cycle Diagrams", "From seed to flower", "Worksheet", "2", "Life cycles"),
  r("Science", "States of Matter Lab", "Solids, liquids and gases", "Activity", "3", "Observation"),
  r("Science", "Solar System Fact Cards", "Planets and moons", "Presentation", "5", "Space science"),
  r("Science", "Photosynthesis Slides", "How plants make food", "Presentation", "7", "Photosynthesis"),
  r("Science", "Weather Tracking Journal", "Daily observations", "Worksheet", "1", "Recording data"),
  r("Science", "Cell Structure Quiz", "Plant and animal cells", "Assessment", "6", "Cell parts"),
  r("Science", "Chemical Reactions Unit", "Balancing equations", "Unit", "11", "Chemical equations"),
  r(
    "Social Studies",
    "Map Skills Scavenger Hunt",
    "Compass rose and legends",
    "Activity",
    "3",
    "Reading maps",
  ),
  r("Social Studies", "Community Helpers Posters", "People who help us", "Poster", "K", "Community roles"),
  r("Social Studies", "Ancient Egypt Unit", "Pharaohs and pyramids", "Unit", "6", "Ancient history"),
  r("Social Studies", "Branches of Government", "Checks and balances", "Lesson Plan", "8", "Civics"),
  r("Social Studies", "Civil Rights Timeline", "Key events 1954 to 1968", "Activity", "9", "Chronology"),
  r("Social Studies", "States and Capitals Quiz", "All fifty states", "Assessment", "4", "US geography"),
  r("Social Studies", "World Geography Bell Ringers", "Daily map warm-ups", "Worksheet", "7", "Geography"),
  r("Arts", "Color Wheel Mixing Lesson", "Primary and secondary", "Lesson Plan", "2", "Color mixing"),
  r("Arts", "Elements of Art Posters", "Line, shape and color", "Poster", "5", "Art vocabulary"),
  r("Arts", "Self-Portrait Drawing Guide", "Step by step faces", "Lesson Plan", "4", "Drawing faces"),
  r("Arts", "Art History Bingo", "Famous painters", "Game", "6", "Art history"),
  r("Arts", "Clay Pinch Pot Project", "Hands-on sculpture", "Activity", "3", "Sculpting"),
  r("Arts", "Perspective Drawing Unit", "One and two point", "Unit", "9", "Perspective"),
  r("Music", "Rhythm Flash Cards", "Quarter and eighth notes", "Activity", "2", "Reading rhythm"),
  r("Music", "Instrument Families Posters", "Orchestra sections", "Poster", "3", "Instruments"),
  r("Music", "Music Notes Name Game", "Treble clef practice", "Game", "4", "Note names"),
  r("Music", "Composer of the Month", "Listening activities", "Presentation", "5", "Active listening"),
  r("Music", "Boomwhacker Play-Along", "Easy songs by color", "Activity", "1", "Steady beat"),
  r("Music", "Music Theory Assessment", "Scales and key signatures", "Assessment", "10", "Music theory"),
  r("Physical Education", "Fitness Station Cards", "Circuit training", "Activity", "5", "Fitness"),
  r("Physical Education", "Parachute Games Lesson", "Cooperative play", "Lesson Plan", "K", "Teamwork"),
  r("Physical Education", "Yoga Poses for Kids", "Calm body, calm mind", "Poster", "1", "Balance"),
  r("Physical Education", "Sportsmanship Rubric", "Self and peer checks", "Assessment", "6", "Sportsmanship"),
  r("Physical Education", "Jump Rope Skills Unit", "Beginner to advanced", "Unit", "3", "Coordination"),
  r(
    "Physical Education",
    "Field Day Activity Pack",
    "Stations and scorecards",
    "Activity",
    "4",
    "Team games",
  ),
  r("World Languages", "Spanish Greetings Activity", "Saying hello in Spanish", "Activity", "6", "Greetings"),
  r("World Languages", "French Numbers 1 to 100", "Counting games", "Game", "7", "Numbers"),
  r(
    "World Languages",
    "Spanish Verb Conjugation",
    "Present tense -ar verbs",
    "Worksheet",
    "8",
    "Verb endings",
  ),
  r("World Languages", "German Family Vocabulary", "Talking about family", "Worksheet", "9", "Vocabulary"),
  r("World Languages", "Chinese New Year Reader", "Culture and vocabulary", "Presentation", "4", "Culture"),
  r(
    "World Languages",
    "Spanish Unit Assessment",
    "Food and restaurants",
    "Assessment",
    "10",
    "Interpretive reading",
  ),
  r("Special Education", "Visual Schedule Cards", "Daily routine pictures", "Poster", "Pre-K", "Routines"),
  r("Special Education", "Social Stories Pack", "Everyday situations", "Activity", "1", "Social skills"),
  r(
    "Special Education",
    "Life Skills Money Unit",
    "Counting coins and bills",
    "Unit",
    "Adult Education",
    "Money skills",
  ),
  r(
    "Special Education",
    "Fine Motor Tracing Pages",
    "Lines, curves, letters",
    "Worksheet",
    "Pre-K",
    "Fine motor",
  ),
  r(
    "Special Education",
    "IEP Goal Tracking Sheets",
    "Data for every goal",
    "Other",
    "5",
    "Progress tracking",
  ),
  r("Special Education", "Calm Down Corner Kit", "Feelings and strategies", "Poster", "2", "Self-regulation"),
  r("Other", "Classroom Jobs Chart", "Editable job cards", "Poster", "3", "Responsibility"),
  r("Other", "Back to School Icebreakers", "Getting to know you", "Activity", "5", "Community building"),
  r("Other", "Growth Mindset Bulletin Board", "Yet, effort and practice", "Poster", "6", "Growth mindset"),
  r(
    "Other",
    "Study Skills Workshop",
    "Notes and time planning",
    "Lesson Plan",
    "Higher Education",
    "Note taking",
  ),
  r("Other", "Career Exploration Unit", "Interests and pathways", "Unit", "12", "Career planning"),
  r("Other", "End of Year Memory Book", "Reflection pages", "Other", "2", "Reflection"),
];

export const STANDARDS: Record<Subject, readonly string[]> = {
  Math: ["CCSS.MATH.MP1", "CCSS.MATH.MP4"],
  "English Language Arts": ["CCSS.ELA.RL.1", "CCSS.ELA.W.2"],
  Science: ["NGSS SEP 3", "NGSS CCC 2"],
  "Social Studies": ["C3 D2.Geo.2", "C3 D2.Civ.1"],
  Arts: ["NCAS VA:Cr1.1", "NCAS VA:Re7.1"],
  Music: ["NCAS MU:Pr4.2", "NCAS MU:Re7.1"],
  "Physical Education": ["SHAPE Standard 1", "SHAPE Standard 4"],
  "World Languages": ["ACTFL Interpersonal", "ACTFL Presentational"],
  "Special Education": ["IEP aligned", "CASEL Self-Mgmt"],
  Other: ["CASEL Social Aware", "CASEL Relationship"],
};

export const SUBJECT_ACCENT: Record<Subject, string> = {
  Math: "#1d4ed8",
  "English Language Arts": "#b91c1c",
  Science: "#047857",
  "Social Studies": "#7c2d12",
  Arts: "#6d28d9",
  Music: "#0f766e",
  "Physical Education": "#c2410c",
  "World Languages": "#0369a1",
  "Special Education": "#a21caf",
  Other: "#374151",
};

const STOP = new Set<string>(STOP_WORDS);

export function keywordsFor(seed: DemoResourceSeed): string[] {
  const words = seed.title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .split(/\s+/)
    .filter((w) => w.length > 2 && !STOP.has(w) && !/^\d+$/.test(w));
  const all = [
    ...words,
    seed.skill.toLowerCase(),
    SUBJECT_AREA[seed.subject].toLowerCase(),
    seed.type.toLowerCase(),
  ];
  return [...new Set(all)].filter((w) => w.length <= 20).slice(0, 6);
}

export function readingLevelFor(grade: Grade): string {
  const index = ["Pre-K", "K", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12"].indexOf(grade);
  if (index < 0) return "Adult reading level";
  if (index < 2) return "Emergent reader";
  const low = 100 + (index - 2) * 100;
  return `Lexile ${low}L to ${low + 200}L`;
}

/** URL slug from a title, numbered on clash (DECISIONS.md, Catalogue). */
export function slugify(title: string, taken: Set<string>): string {
  const base =
    title
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "resource";
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

export const DESCRIPTION_RANGE = { min: 340, max: 380 } as const;

/**
 * Builds a 340 to 380 character description from whole sentences: first the resource's own sentences,
 * then short stock ones until the length lands in range.
 */
export function describeResource(seed: DemoResourceSeed, variant: number, gradeText: string): string {
  const type = seed.type === "Other" ? "resource" : seed.type.toLowerCase();
  const audience =
    seed.subject === "Other" ? `${gradeText} classrooms` : `${gradeText} ${seed.subject} classes`;
  const article = /^[aeio]/.test(type) ? "an" : "a";
  const opening = `${seed.title} is ${article} ${type} for ${audience}: ${lowerFirst(seed.subtitle)}.`;
  const middle = [
    `It gives students focused practice with ${seed.skill.toLowerCase()} through clear directions and engaging pages.`,
    "Use it for whole-group lessons, small groups, learning centers, homework or a quick review before a test.",
    "Everything prints cleanly in black and white, and a complete answer key makes checking work fast.",
    "Differentiated versions support learners who need extra scaffolding as well as those ready for more.",
    "Teachers tell us it works just as well as an emergency sub plan or an early-finisher task.",
    "Student directions are written in plain language so learners can get started on their own.",
  ];
  const fillers = [
    "No prep needed.",
    "Print and go.",
    "Students love it.",
    "Ready to use today.",
    "Includes teacher notes.",
    "Great for review.",
    "Easy to adapt.",
  ];
  const rotate = <T>(items: readonly T[], by: number) => [
    ...items.slice(by % items.length),
    ...items.slice(0, by % items.length),
  ];
  let text = opening;
  for (const sentence of [...rotate(middle, variant), ...rotate(fillers, variant)]) {
    if (text.length >= DESCRIPTION_RANGE.min) break;
    if (text.length + 1 + sentence.length <= DESCRIPTION_RANGE.max) text += ` ${sentence}`;
  }
  if (text.length < DESCRIPTION_RANGE.min || text.length > DESCRIPTION_RANGE.max) {
    throw new Error(`demo description for "${seed.title}" is ${text.length} characters`);
  }
  return text;
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Deterministic pseudo-random numbers, so every fresh demo database looks the same. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
