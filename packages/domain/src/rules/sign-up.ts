import { ACCOUNT } from "./limits.ts";

/**
 * Sign-up validation (spec section 5, Sign-up), one function per field. Each returns null when the
 * value is fine or the code of the first rule it breaks; SIGN_UP_MESSAGES says it in words. The web
 * form shows these as the user types and the server refuses the same codes.
 */
export type EmailProblem = "email_required" | "email_too_long" | "email_invalid_characters" | "email_invalid";
export type NameProblem =
  | "name_required"
  | "name_last_required"
  | "name_too_long"
  | "name_invalid_characters"
  | "name_consecutive_separators"
  | "name_too_many_spaces"
  | "name_too_many_punctuation"
  | "name_letter_edges"
  | "name_segment_too_short"
  | "name_honorific"
  | "name_last_uppercase"
  | "name_too_many_capitals";
export type PasswordProblem =
  | "password_too_short"
  | "password_too_long"
  | "password_needs_number"
  | "password_invalid_characters";
export type UsernameProblem = "username_too_short" | "username_too_long" | "username_invalid_characters";
export type SignUpProblem = EmailProblem | NameProblem | PasswordProblem | UsernameProblem;

export const SIGN_UP_MESSAGES: Record<SignUpProblem | "account_exists" | "username_taken", string> = {
  email_required: "Enter your e-mail address.",
  email_too_long: `An e-mail address can be at most ${ACCOUNT.emailMax} characters.`,
  email_invalid_characters: "An e-mail address may contain only letters, digits, _ . - and @.",
  email_invalid: "Enter a valid e-mail address, like name@school.org.",
  name_required: "Enter your first name.",
  name_last_required: "Enter your last name.",
  name_too_long: `Your name can be at most ${ACCOUNT.nameMax} characters.`,
  name_invalid_characters: "Use letters, with spaces, dashes or an apostrophe between them.",
  name_consecutive_separators: "Spaces, dashes and apostrophes cannot follow each other.",
  name_too_many_spaces: "Your name can have at most 3 spaces.",
  name_too_many_punctuation: "Your name can have at most one apostrophe or dash.",
  name_letter_edges: "Each name must begin and end with a letter.",
  name_segment_too_short: "Each part of your name needs at least 2 letters.",
  name_honorific: "Leave out titles such as Mr, Mrs, Ms or Dr.",
  name_last_uppercase: "Your last name should start with a capital letter.",
  name_too_many_capitals: "Each part of your name can have at most 2 capital letters.",
  password_too_short: `Your password needs at least ${ACCOUNT.passwordMin} characters.`,
  password_too_long: `Your password can be at most ${ACCOUNT.passwordMax} characters.`,
  password_needs_number: "Your password needs at least one number.",
  password_invalid_characters:
    "Use letters, digits and these symbols: $ ~ _ + ! # % ^ ? : - . & = [ ] ( ) / \\ ; @ *",
  username_too_short: `A username needs at least ${ACCOUNT.usernameMin} characters.`,
  username_too_long: `A username can be at most ${ACCOUNT.usernameMax} characters.`,
  username_invalid_characters: "A username may contain only letters, digits and underscores.",
  account_exists: "An account with this e-mail address already exists. Log in instead.",
  username_taken: "This username is taken. Try another.",
};

export function checkEmail(email: string): EmailProblem | null {
  if (email.length === 0) return "email_required";
  if (email.length > ACCOUNT.emailMax) return "email_too_long";
  if (!/^[A-Za-z0-9_.@-]+$/.test(email)) return "email_invalid_characters";
  const at = email.split("@");
  if (at.length !== 2) return "email_invalid";
  const [local, domain] = at as [string, string];
  const labels = domain.split(".");
  const validLocal =
    local.length > 0 && !local.startsWith(".") && !local.endsWith(".") && !local.includes("..");
  const validDomain =
    labels.length >= 2 &&
    labels.every((l) => /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/.test(l)) &&
    /^[A-Za-z]{2,}$/.test(labels.at(-1)!);
  return validLocal && validDomain ? null : "email_invalid";
}

const HONORIFICS = new Set([
  "mr",
  "mrs",
  "ms",
  "miss",
  "mx",
  "dr",
  "prof",
  "professor",
  "sir",
  "madam",
  "dame",
  "lord",
  "lady",
  "rev",
  "fr",
]);

/**
 * The whole name as the spec sees it: first and last joined by a space, or by a slash when either
 * part has more than one segment ("Mary Ann/Van Dyke"), so that first and last stay distinguishable.
 */
export function composeFullName(firstName: string, lastName: string): string {
  const multipart = /[\s]/.test(firstName.trim()) || /[\s]/.test(lastName.trim());
  return multipart ? `${firstName.trim()}/${lastName.trim()}` : `${firstName.trim()} ${lastName.trim()}`;
}

export function checkName(firstName: string, lastName: string): NameProblem | null {
  const first = firstName.trim();
  const last = lastName.trim();
  if (first.length === 0) return "name_required";
  if (last.length === 0) return "name_last_required";
  const full = composeFullName(first, last);
  if (full.length > ACCOUNT.nameMax) return "name_too_long";
  for (const part of [first, last]) {
    if (!/^[\p{L}\s'-]+$/u.test(part)) return "name_invalid_characters";
    if (/[\s'-]{2,}/u.test(part)) return "name_consecutive_separators";
  }
  if ((`${first} ${last}`.match(/\s/g) ?? []).length > 3) return "name_too_many_spaces";
  if ((full.match(/['-]/g) ?? []).length > 1) return "name_too_many_punctuation";
  for (const part of [first, last]) {
    if (!/^\p{L}/u.test(part) || !/\p{L}$/u.test(part)) return "name_letter_edges";
  }
  // Segments are the space-separated words: "O'Neil" and "Anne-Marie" are one segment each.
  const segmentsOf = (part: string) => part.split(/\s+/u).filter(Boolean);
  const firstSegments = segmentsOf(first);
  const lastSegments = segmentsOf(last);
  const all = [...firstSegments, ...lastSegments];
  if (all.some((s) => s.length < 2)) return "name_segment_too_short";
  if (all.some((s) => HONORIFICS.has(s.toLowerCase().replace(/\.$/, "")))) return "name_honorific";
  if (!lastSegments.some((s) => /^\p{Lu}/u.test(s))) return "name_last_uppercase";
  if (all.some((s) => (s.match(/\p{Lu}/gu) ?? []).length > 2)) return "name_too_many_capitals";
  return null;
}

const PASSWORD_CHARACTERS = /^[A-Za-z0-9$~_+!#%^?:\-.&=[\]()/\\;@*]+$/;

export function checkPassword(password: string): PasswordProblem | null {
  if (password.length < ACCOUNT.passwordMin) return "password_too_short";
  if (password.length > ACCOUNT.passwordMax) return "password_too_long";
  if (!PASSWORD_CHARACTERS.test(password)) return "password_invalid_characters";
  if (!/[0-9]/.test(password)) return "password_needs_number";
  return null;
}

export function checkUsername(username: string): UsernameProblem | null {
  if (username.length < ACCOUNT.usernameMin) return "username_too_short";
  if (username.length > ACCOUNT.usernameMax) return "username_too_long";
  if (!/^[A-Za-z0-9_]+$/.test(username)) return "username_invalid_characters";
  return null;
}
