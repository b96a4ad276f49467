/**
 * Word forms for search (issues 17 and 19): "fraction" finds "fractions", "activities" finds "activity",
 * "graph" finds "graphing". A light English stemmer, not a dictionary: it removes the endings teachers'
 * searches differ by (plural -s, -es and -ies, and -ing and -ed) where that is safe, knows a few irregular
 * plurals, and leaves alone what it cannot read safely. It never merges different words that merely share
 * a start: derivations (-er, -ion, -ly, -ment ...) are kept, so "multiplication" is not "multiply" and
 * "paper" is not "pap"; words that only look inflected ("news", "evening") are protected; a root is never
 * shorter than MIN_ROOT letters.
 *
 * Search matches whole words (issue 19), so a word is searched for by its spellings: the word itself and
 * the inflections of its root that read back as the same word ("fraction" -> fraction, fractions;
 * "make" -> make, makes, making; irregular verbs such as "made" are not known). A short list of words,
 * which a full-text index looks up one by one.
 */

/** No root is shorter than this; shorter words are kept as they are. */
export const MIN_ROOT = 3;

/**
 * Irregular plurals a teacher may type, singular first. Each word searches for every form listed,
 * so "mice" finds "mouse" and "mouse" finds "mice".
 */
const IRREGULAR: readonly (readonly string[])[] = [
  ["child", "children"],
  ["mouse", "mice"],
  ["goose", "geese"],
  ["tooth", "teeth"],
  ["foot", "feet"],
  ["woman", "women"],
  ["person", "people"],
  ["leaf", "leaves"],
  ["half", "halves"],
  ["shelf", "shelves"],
  ["wolf", "wolves"],
  ["calf", "calves"],
  ["knife", "knives"],
  ["life", "lives"],
  ["wife", "wives"],
  ["thief", "thieves"],
  ["analysis", "analyses"],
  ["hypothesis", "hypotheses"],
  ["thesis", "theses"],
  ["synthesis", "syntheses"],
  ["parenthesis", "parentheses"],
  ["crisis", "crises"],
  ["axis", "axes"],
  ["cactus", "cacti"],
  ["fungus", "fungi"],
  ["nucleus", "nuclei"],
  ["stimulus", "stimuli"],
  ["criterion", "criteria"],
  ["phenomenon", "phenomena"],
  ["bacterium", "bacteria"],
  ["curriculum", "curricula"],
  ["index", "indices"],
  ["vertex", "vertices"],
  ["matrix", "matrices"],
  ["appendix", "appendices"],
  ["quiz", "quizzes"],
];

const IRREGULAR_FORMS = new Map<string, readonly string[]>(
  IRREGULAR.flatMap((forms) => forms.map((form): [string, readonly string[]] => [form, forms])),
);

/**
 * Words that look inflected but are not (or whose root is a different, common word): kept whole.
 * "news" is not "new", "evening" not "even", "united" not "unit", "series" has no singular "sery".
 */
const PROTECTED = new Set([
  "news",
  "lens",
  "series",
  "species",
  "always",
  "perhaps",
  "during",
  "evening",
  "thing",
  "nothing",
  "something",
  "anything",
  "everything",
  "wedding",
  "hundred",
  "united",
  "sacred",
  "naked",
  "wicked",
  "does",
]);

/**
 * "runn" -> "run", "stopp" -> "stop": the consonant English doubles after a single short vowel before
 * -ing and -ed ("spell", "pass" and "buzz" keep theirs; "earring" is not "ear").
 */
function undouble(root: string): string {
  const last = root.at(-1)!;
  const single = root.slice(0, -1);
  return root.length > MIN_ROOT &&
    last === root.at(-2) &&
    !/[aeiouwxylsz]/.test(last) &&
    /(^|[^aeiou])[aeiou][^aeiou]$/.test(single)
    ? single
    : root;
}

/**
 * One syllable ending in a single vowel and a consonant ("mak", "shar", "typ"): English doubles that
 * consonant before -ing and -ed ("stopping") unless the word ends in a silent e ("making", "shared").
 */
const lostFinalE = (root: string) => /^[^aeiouy]*[aeiouy][^aeiouwxy]$/.test(root);

/** Drops -s, -es and -ies: "fractions" -> "fraction", "boxes" -> "box", "activities" -> "activity". */
function singular(word: string): string {
  if (!word.endsWith("s") || /(ss|us|is)$/.test(word)) return word;
  if (word.endsWith("ies")) return word.length > 4 ? `${word.slice(0, -3)}y` : word;
  if (/(sses|shes|ches|xes|zzes|uses)$/.test(word) && word.length - 2 >= MIN_ROOT) return word.slice(0, -2);
  if (word.endsWith("oes") && word.length - 2 > MIN_ROOT) return word.slice(0, -2);
  return word.length - 1 >= MIN_ROOT ? word.slice(0, -1) : word;
}

/**
 * Drops -ing and -ed when what is left is a root: "graphing" -> "graph", "running" -> "run",
 * "making" -> "make", "shared" -> "share", "studied" -> "study". Left alone when the rest is shorter than
 * MIN_ROOT or has no vowel ("sing", "string", "need", "used").
 */
function withoutVerbEnding(word: string): string {
  let root: string;
  if (word.endsWith("ing")) root = word.slice(0, -3);
  else if (word.endsWith("ied") && word.length > 4) return `${word.slice(0, -3)}y`;
  else if (word.endsWith("ed") && !word.endsWith("eed")) root = word.slice(0, -2);
  else return word;
  if (root.length < MIN_ROOT || !/[aeiouy]/.test(root)) return word;
  const single = undouble(root);
  if (single !== root) return single;
  if (lostFinalE(root)) return `${root}e`;
  return root.length > MIN_ROOT ? root : word;
}

/**
 * The root of a lower-case word: what its inflected forms have in common. "fractions" and "fraction",
 * "graphing" and "graphs", "activities" and "activity" have one root; irregular forms give their singular
 * ("mice" -> "mouse"). A root may be a stem rather than a word ("houses" -> "hous", which "house" and
 * "housing" contain too). Only plain words of letters change; "3.nf" or "c++" stay as typed.
 */
export function wordRoot(word: string): string {
  if (!/^[a-z]+$/.test(word) || word.length <= MIN_ROOT || PROTECTED.has(word)) return word;
  const irregular = IRREGULAR_FORMS.get(word);
  if (irregular) return irregular[0]!;
  const one = singular(word);
  if (PROTECTED.has(one)) return one;
  return IRREGULAR_FORMS.get(one)?.[0] ?? withoutVerbEnding(one);
}

/**
 * The stems a word's spellings start with: its root, or every form of an irregular word ("mouse", "mice"),
 * and the root's spelling before an ending when that differs ("study" -> studie-s, "share" -> shar-ing).
 */
function wordStems(word: string): readonly string[] {
  const root = wordRoot(word);
  const irregular = IRREGULAR_FORMS.get(root);
  if (irregular) return irregular;
  // Consonant + y: "study" -> studies, studied.
  if (/^[a-z]+[^aeiouy]y$/.test(root)) return [root, `${root.slice(0, -1)}ie`];
  // A final silent e goes before -ing: "share" -> sharing ("ee", "ie", "oe" keep it: "seeing").
  if (/^[a-z]{2,}[^aeio]e$/.test(root)) return [root, `${root.slice(0, -1)}ing`];
  return [root];
}

/**
 * Whether two words are forms of one word: each starts with a stem of the other. "houses" and "house"
 * are (stems "hous" and "house"), "plan" and "plane" are not ("plan" does not start with "plane").
 */
export function sameWord(a: string, b: string): boolean {
  return wordStems(a).some((stem) => b.startsWith(stem)) && wordStems(b).some((stem) => a.startsWith(stem));
}

/**
 * What a root may become with an ending: plural, -ing and -ed, with the spelling changes English makes (a
 * lost e, y to ie, a doubled consonant; an e back on a stem like "hous"). Some are not words ("studie"),
 * which costs a look-up and finds nothing; the caller keeps only those that read back as forms of the
 * word searched for.
 */
function inflections(root: string): string[] {
  if (root.endsWith("e")) return [root, `${root}s`, `${root}d`, `${root.slice(0, -1)}ing`];
  if (/[^aeiou]y$/.test(root)) {
    // "ies" is also the plural of "ie": "movies" has the root "movy", and "movie" is its singular.
    const stem = root.slice(0, -1);
    return [root, `${stem}ies`, `${stem}ied`, `${root}ing`, `${stem}ie`];
  }
  const spellings = [root, `${root}s`, `${root}ed`, `${root}ing`, `${root}e`];
  if (/(s|x|z|ch|sh|o)$/.test(root)) spellings.push(`${root}es`);
  // One short vowel before a final consonant: "run" -> running, "stop" -> stopped.
  if (/[^aeiou][aeiou][^aeiouwxy]$/.test(root)) {
    const doubled = root + root.at(-1);
    spellings.push(`${doubled}ed`, `${doubled}ing`);
  }
  return spellings;
}

/**
 * The words a search for `word` finds: itself and the inflections of its root that are forms of it.
 * "fraction" -> fraction, fractions; "activities" -> activities, activity; "mouse" -> mouse, mice;
 * "share" -> share, shares, shared, sharing. Only plain words of letters have other spellings.
 */
export function wordSpellings(word: string): string[] {
  if (!/^[a-z]+$/.test(word)) return [word];
  const root = wordRoot(word);
  const irregular = IRREGULAR_FORMS.get(root);
  const candidates = new Set([word, ...(irregular ?? []), ...inflections(root)]);
  return [...candidates].filter((spelling) => spelling === word || sameWord(word, spelling));
}
