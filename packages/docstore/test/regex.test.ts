/** The $regex policy (src/regex.ts): what is accepted, and why the rest is refused. */
import { describe, expect, it } from "@jest/globals";
import { regexProblem } from "../src/index.js";
import { regexFlags, regexPredicate } from "../src/regex.js";

describe("accepted patterns", () => {
  it.each([
    "^abc$",
    "a|b",
    "[a-z]+",
    "[^0-9]",
    "\\d{2,4}",
    "(?:ab)+c?",
    "\\.",
    "x{3}",
    "\\s\\S\\w\\W\\D",
    "[\\d_]",
    "a*?",
  ])("%s", (p) => expect(regexProblem(p)).toBeNull());
});

describe("refused patterns", () => {
  it.each<[string, string]>([
    ["(a)\\1", "$regex backreferences (\\1) are not supported"],
    ["(?=a)", "$regex lookaround and named or flagged groups are not supported (use (?:...) for grouping)"],
    ["(?<!a)b", "$regex lookaround and named or flagged groups are not supported (use (?:...) for grouping)"],
    ["(?<n>a)", "$regex lookaround and named or flagged groups are not supported (use (?:...) for grouping)"],
    ["\\bword", "$regex word boundaries (\\b) are not supported"],
    ["\\p{L}", "$regex escape '\\p' is not supported"],
    ["a\\", "$regex ends with a lone backslash"],
    ["[\\D]", "$regex negated class escapes inside [...] are not supported"],
    ["[[:alpha:]]", "$regex POSIX classes ([:alpha:]) are not supported"],
    ["[]a]", "$regex empty or ']'-first character classes are not supported"],
    ["[abc", "$regex has an unclosed '['"],
    ["a{256}", "$regex repetition counts above 255 are not supported"],
    ["a{1,300}", "$regex repetition counts above 255 are not supported"],
    ["a{x}", "$regex '{' must start a repetition such as {2,5} (write \\{ for a brace)"],
    ["a}", "$regex '}' must close a repetition (write \\} for a brace)"],
    ["a".repeat(257), "$regex is longer than 256 characters"],
    ["a\u0000", "$regex contains a NUL character (\\u0000), which cannot be stored"],
  ])("%j", (p, message) => expect(regexProblem(p)).toBe(message));
});

describe("flags and the jsonpath predicate", () => {
  it("keeps i, m and s once each, and refuses the rest", () => {
    expect(regexFlags("ii")).toBe("i");
    expect(regexFlags(undefined)).toBe("");
    expect(() => regexFlags("x")).toThrow("$options flag 'x' is not supported (use i, m or s)");
    expect(() => regexFlags(1)).toThrow("$options must be a string of flags such as 'i'");
  });
  it("quotes the pattern as a jsonpath string", () => {
    expect(regexPredicate("@", 'a"b', "i")).toBe('@ like_regex "a\\"b" flag "i"');
    expect(regexPredicate("@", "x", undefined)).toBe('@ like_regex "x"');
    expect(() => regexPredicate("@", 5, undefined)).toThrow(/takes a pattern string/);
  });
});

describe("limits are exact", () => {
  it("accepts 256 characters and repetition counts of 255", () => {
    expect(regexProblem("a".repeat(256))).toBeNull();
    expect(regexProblem("a{255}")).toBeNull();
    expect(regexProblem("a{2,255}")).toBeNull();
    expect(regexProblem("a{2,}")).toBeNull();
  });
});
