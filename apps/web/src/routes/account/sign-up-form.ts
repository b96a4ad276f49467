import {
  checkEmail,
  checkName,
  checkPassword,
  checkUsername,
  SIGN_UP_MESSAGES,
  type SignUpProblem,
} from "@market/domain";

/** The sign-up form's values (the fields of signUpRequestSchema the visitor types). */
export interface SignUpValues {
  email: string;
  firstName: string;
  lastName: string;
  username: string;
  password: string;
}

export type SignUpField = keyof SignUpValues;

const NEUTRAL_LAST_NAME = "Smith";

/**
 * The domain's sign-up checks per field. checkName judges first and last name together; its problem is shown
 * on the first name when the first name alone (with a plain last name) breaks the same rule, else on the last.
 */
export function signUpProblems(values: SignUpValues): Partial<Record<SignUpField, SignUpProblem>> {
  const problems: Partial<Record<SignUpField, SignUpProblem>> = {};
  const email = checkEmail(values.email.trim());
  if (email) problems.email = email;
  const name = checkName(values.firstName, values.lastName);
  if (name) {
    const firstAlone = checkName(values.firstName, NEUTRAL_LAST_NAME);
    problems[firstAlone === name ? "firstName" : "lastName"] = name;
  }
  const username = checkUsername(values.username.trim());
  if (username) problems.username = username;
  const password = checkPassword(values.password);
  if (password) problems.password = password;
  return problems;
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
