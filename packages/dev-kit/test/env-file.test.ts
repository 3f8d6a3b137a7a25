import { describe, expect, test } from "@jest/globals";
import { EnvFileError, parseEnvFile } from "../src/local/env-file.js";

describe("parseEnvFile", () => {
  test("reads NAME=value lines, quotes, export, comments and blank lines", () => {
    const text = [
      "# the bot's settings",
      "",
      "GREETING=Hello there",
      "export API_URL = https://example.com/api  # where it calls",
      "SINGLE='a # kept \\n as is'",
      'DOUBLE="two\\nlines \\"quoted\\""',
      "EMPTY=",
      "HASH=a#b",
    ].join("\r\n");
    expect(parseEnvFile(text)).toEqual({
      GREETING: "Hello there",
      API_URL: "https://example.com/api",
      SINGLE: "a # kept \\n as is",
      DOUBLE: 'two\nlines "quoted"',
      EMPTY: "",
      HASH: "a#b",
    });
  });

  test("names the line that is not NAME=value, or whose quote is not closed", () => {
    expect(() => parseEnvFile("A=1\nnot a variable\n")).toThrow(new EnvFileError("line 2: expected NAME=value"));
    expect(() => parseEnvFile('A="open\n')).toThrow(new EnvFileError('line 1: the value of A has no closing "'));
    expect(() => parseEnvFile("1A=x")).toThrow(EnvFileError);
  });
});
