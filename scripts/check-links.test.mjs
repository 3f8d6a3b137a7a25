// The slugger of check-links.mjs against anchors GitHub gives these headings (run by `pnpm lint`).
import assert from "node:assert/strict";
import { test } from "node:test";
import { anchorsOf, headingText, slug } from "./check-links.mjs";

test("slug: lower case, punctuation dropped, each space a hyphen", () => {
  assert.equal(slug("Restarts under load"), "restarts-under-load");
  assert.equal(slug("Sign-up (`SIGNUP`)"), "sign-up-signup");
  assert.equal(slug("Bot API calls (`bot.telegram`)"), "bot-api-calls-bottelegram");
  assert.equal(slug("The isolate's messages: one task per slice"), "the-isolates-messages-one-task-per-slice");
  assert.equal(slug("API key (Settings → API Key)"), "api-key-settings--api-key");
  assert.equal(slug("`pnpm test:containers`"), "pnpm-testcontainers");
  assert.equal(slug("snake_case stays"), "snake_case-stays");
  assert.equal(slug("Größe & Ümlaut"), "größe--ümlaut");
});

test("headingText: link and code syntax out, text kept", () => {
  assert.equal(headingText("See [the docs](docs/x.md) now"), "See the docs now");
  assert.equal(headingText("<a id='x'></a>Progress"), "Progress");
  assert.equal(headingText("_emphasis_ and a_b"), "emphasis and a_b");
});

test("anchorsOf: repeated headings get -1, -2; code blocks and explicit ids", () => {
  const doc = [
    "# Limits",
    "## Limits",
    "```sh",
    "# not a heading",
    "```",
    "### Limits",
    'Text <a id="progress"></a>here.',
    "Setext heading",
    "--------------",
  ].join("\n");
  assert.deepEqual([...anchorsOf(doc)].sort(), ["limits", "limits-1", "limits-2", "progress", "setext-heading"]);
});
