import { checkName, SIGN_UP_MESSAGES, type SignUpRequest } from "@market/domain";

/** The sign-up form's fields: those of signUpRequestSchema the visitor types. */
export type SignUpField = keyof Omit<SignUpRequest, "refCode">;

const NEUTRAL_LAST_NAME = "Smith";

/**
 * Where a name problem of signUpRequestSchema belongs. The domain's checkName judges first and last name
 * together and the schema names the first name; the form shows it on the first name when the first name
 * alone (with a plain last name) breaks the same rule, else on the last name, where the fix is.
 */
export function nameFieldOf(firstName: string, problem: string): "firstName" | "lastName" {
  return checkName(firstName.trim(), NEUTRAL_LAST_NAME) === problem ? "firstName" : "lastName";
}

/**
 * A sign-up field's error in words: a domain code (the schema's refinement says its problems as codes)
 * in the domain's words, anything else (the shared words of a broken limit, or words already) as it is.
 */
export function signUpErrorText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return Object.hasOwn(SIGN_UP_MESSAGES, message)
    ? SIGN_UP_MESSAGES[message as keyof typeof SIGN_UP_MESSAGES]
    : message;
}

/** The words for a problem code from the domain or the server; unknown codes get a generic sentence. */
export function signUpMessage(code: string): string {
  return (SIGN_UP_MESSAGES as Record<string, string>)[code] ?? "Check this field.";
}

/** Which form field a server field name belongs to (the server reports name problems on firstName). */
export function serverFieldOf(field: string, code: string): SignUpField | null {
  if (field === "firstName" || field === "lastName") {
    return code === "name_last_required" || code === "name_last_uppercase" ? "lastName" : "firstName";
  }
  return field === "email" || field === "username" || field === "password" ? field : null;
}
