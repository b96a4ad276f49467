import { describe, expect, it } from "vitest";
import { checkEmail, checkName, checkPassword, checkUsername, composeFullName } from "./sign-up.ts";

describe("checkEmail (spec 5: at most 64; letters, digits, _ . - @; must be valid)", () => {
  it.each([
    ["teacher@school.org", null],
    ["first.last-name_1@district.k12.us", null],
    ["", "email_required"],
    [`${"a".repeat(55)}@school.org`, "email_too_long"],
    [`${"a".repeat(53)}@school.org`, null],
    ["o'neil@school.org", "email_invalid_characters"],
    ["name+tag@school.org", "email_invalid_characters"],
    ["a b@school.org", "email_invalid_characters"],
    ["teacher.school.org", "email_invalid"],
    ["a@b@school.org", "email_invalid"],
    ["@school.org", "email_invalid"],
    ["teacher@school", "email_invalid"],
    ["teacher@-school.org", "email_invalid"],
    [".teacher@school.org", "email_invalid"],
    ["tea..cher@school.org", "email_invalid"],
    ["teacher@school.o", "email_invalid"],
  ])("%s -> %s", (email, problem) => expect(checkEmail(email)).toBe(problem));
});

describe("checkName (spec 5: Name rules)", () => {
  it.each([
    ["Ada", "Lovelace", null],
    ["Mary Ann", "Van Dyke", null],
    ["Jean", "O'Neil", null],
    ["Anne-Marie", "Smith", null],
    ["José", "Núñez", null],
    ["ada", "Lovelace", null],
    ["", "Lovelace", "name_required"],
    ["Ada", "", "name_last_required"],
    ["Maximiliana Josephine", "Worthington Smythe", "name_too_long"],
    ["Ada2", "Lovelace", "name_invalid_characters"],
    ["Ada.", "Lovelace", "name_invalid_characters"],
    ["Ada  Mae", "Lovelace", "name_consecutive_separators"],
    ["Ada-'Mae", "Lovelace", "name_consecutive_separators"],
    ["Ab Cd Ef", "Gh Ij", "name_too_many_spaces"],
    ["Anne-Marie", "O'Neil", "name_too_many_punctuation"],
    ["-Ada", "Lovelace", "name_letter_edges"],
    ["Ada", "Lovelace'", "name_letter_edges"],
    ["A", "Lovelace", "name_segment_too_short"],
    ["Jo", "B Smith", "name_segment_too_short"],
    ["Dr", "Lovelace", "name_honorific"],
    ["Mrs Ada", "Lovelace", "name_honorific"],
    ["Ada", "lovelace", "name_last_uppercase"],
    ["Ada", "van dyke", "name_last_uppercase"],
    ["Ada", "van Dyke", null],
    ["ADA", "Lovelace", "name_too_many_capitals"],
    ["Ada", "McDonald", null],
    ["Ada", "McDONald", "name_too_many_capitals"],
  ])("%s / %s -> %s", (first, last, problem) => expect(checkName(first, last)).toBe(problem));

  it("joins multipart names with a slash between first and last (spec 5)", () => {
    expect(composeFullName("Mary Ann", "Van Dyke")).toBe("Mary Ann/Van Dyke");
    expect(composeFullName("Ada", "Lovelace")).toBe("Ada Lovelace");
  });

  it("counts the slash-joined name toward the 32-character limit", () => {
    expect(checkName("Abcdefghijklmno", "Abcdefghijklmnop")).toBe(null);
    expect(checkName("Abcdefghijklmno", "Abcdefghijklmnopq")).toBe("name_too_long");
  });
});

describe("checkPassword (spec 5: 8 to 24, a number, allowed symbols)", () => {
  it.each([
    ["chalkboard9", null],
    ["a1$~_+!#%^?:-.&=[]()/\\;@*", "password_too_long"],
    ["a1$~_+!#%^?:-.&=[]()/\\;", null],
    ["short1", "password_too_short"],
    ["abcdefg1", null],
    ["abcdefgh", "password_needs_number"],
    [`${"a".repeat(23)}1`, null],
    [`${"a".repeat(24)}1`, "password_too_long"],
    ["chalk board9", "password_invalid_characters"],
    ["chalkboard9<", "password_invalid_characters"],
    ["chalkboard9'", "password_invalid_characters"],
    ["pässwörd9", "password_invalid_characters"],
  ])("%s -> %s", (password, problem) => expect(checkPassword(password)).toBe(problem));
});

describe("checkUsername (DECISIONS: 3 to 20, letters, digits and underscore)", () => {
  it.each([
    ["ms_rivera", null],
    ["ab", "username_too_short"],
    ["abc", null],
    ["a".repeat(20), null],
    ["a".repeat(21), "username_too_long"],
    ["ms.rivera", "username_invalid_characters"],
    ["ms rivera", "username_invalid_characters"],
  ])("%s -> %s", (username, problem) => expect(checkUsername(username)).toBe(problem));
});
