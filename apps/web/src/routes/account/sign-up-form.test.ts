import { SIGN_UP_MESSAGES, signUpRequestSchema } from "@market/domain";
import { describe, expect, it } from "vitest";
import { nameFieldOf, serverFieldOf, signUpErrorText, signUpMessage } from "./sign-up-form.ts";

const valid = {
  email: "ada@school.org",
  firstName: "Ada",
  lastName: "Lovelace",
  username: "ada_l",
  password: "secret123",
};

/** The problems the sign-up form shows: the request schema's, a name problem placed by nameFieldOf. */
function shownProblems(values: typeof valid): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of signUpRequestSchema.safeParse(values).error?.issues ?? []) {
    const path = String(issue.path[0]);
    const field = path === "firstName" ? nameFieldOf(values.firstName, issue.message) : path;
    problems[field] ??= issue.message;
  }
  return problems;
}

describe("the sign-up form's problems (spec section 5, Sign-up)", () => {
  it.each([
    ["a valid form", {}, {}],
    ["an e-mail over 64 characters", { email: `${"a".repeat(60)}@x.org` }, { email: "email_too_long" }],
    ["a password under 8 characters", { password: "abc1" }, { password: "password_too_short" }],
    ["a password over 24 characters", { password: `${"a".repeat(24)}1` }, { password: "password_too_long" }],
    ["a password without a number", { password: "abcdefgh" }, { password: "password_needs_number" }],
    ["a missing first name", { firstName: "" }, { firstName: "name_required" }],
    ["a missing last name", { lastName: "" }, { lastName: "name_last_required" }],
    ["a lower-case last name", { lastName: "lovelace" }, { lastName: "name_last_uppercase" }],
    ["an honorific in the first name", { firstName: "Dr" }, { firstName: "name_honorific" }],
    ["a digit in the last name", { lastName: "L0velace" }, { lastName: "name_invalid_characters" }],
    ["a 2-character username", { username: "ad" }, { username: "username_too_short" }],
    ["a username with a dash", { username: "ada-l" }, { username: "username_invalid_characters" }],
  ] as const)("%s", (_name, patch, expected) => {
    expect(shownProblems({ ...valid, ...patch })).toEqual(expected);
  });

  it("speaks the domain's messages", () => {
    expect(signUpMessage("password_needs_number")).toBe(SIGN_UP_MESSAGES.password_needs_number);
    expect(signUpMessage("something_new")).toBe("Check this field.");
    expect(signUpErrorText("password_needs_number")).toBe(SIGN_UP_MESSAGES.password_needs_number);
    expect(signUpErrorText("Too long: 201 of 200 characters")).toBe("Too long: 201 of 200 characters");
    expect(signUpErrorText(undefined)).toBeUndefined();
  });

  it("places server field errors on the form's fields", () => {
    expect(serverFieldOf("firstName", "name_last_uppercase")).toBe("lastName");
    expect(serverFieldOf("firstName", "name_honorific")).toBe("firstName");
    expect(serverFieldOf("email", "account_exists")).toBe("email");
    expect(serverFieldOf("refCode", "x")).toBeNull();
  });
});
