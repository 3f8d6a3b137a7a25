/** checkBroadcastRequest (src/request.ts): every rule, the message that names it, and what the payload keeps. */
import { describe, expect, it } from "@jest/globals";
import fc from "fast-check";
import { checkBroadcastRequest, MESSAGE_METHODS, type MessageType } from "../src/index.js";

const refusal = (body: Record<string, unknown>) => {
  const check = checkBroadcastRequest(body);
  if (check.ok) throw new Error(`expected a refusal of ${JSON.stringify(body)}`);
  return check.error;
};
const payload = (body: Record<string, unknown>) => {
  const check = checkBroadcastRequest(body);
  if (!check.ok) throw new Error(`expected ${JSON.stringify(body)} to pass: ${check.error}`);
  return check.payload;
};

const TYPES = Object.keys(MESSAGE_METHODS) as MessageType[];
const MEDIA = ["photo", "video", "audio", "document", "animation", "voice", "video_note", "sticker"] as const;
const CAPTIONED = ["photo", "video", "audio", "document", "animation", "voice"] as const;
const EXTRA_FOR: Partial<Record<MessageType, Record<string, unknown>>> = {
  location: { latitude: 1.5, longitude: -2 },
  contact: { phone_number: "+100", first_name: "Ann" },
  poll: { question: "Q?", options: ["a", "b"] },
};
/** The least body each type accepts. */
const minimal = (type: MessageType): Record<string, unknown> => ({
  type,
  ...(type === "text" ? { text: "hi" } : {}),
  ...((MEDIA as readonly string[]).includes(type) ? { media: "file-id" } : {}),
  ...(EXTRA_FOR[type] ? { extra: EXTRA_FOR[type] } : {}),
});

describe("type", () => {
  it("accepts each of the twelve types with its least body, and defaults to text", () => {
    for (const type of TYPES) expect(payload(minimal(type)).type).toBe(type);
    expect(payload({ text: "hi" })).toEqual({ type: "text", text: "hi" });
  });

  it("refuses an unknown type, a non-string and a prototype key, listing the types", () => {
    const list = `type must be one of ${TYPES.join(", ")}`;
    // ["photo"] would name a type if it were read as text.
    for (const type of ["hologram", 5, true, "constructor", "__proto__", "hasOwnProperty", "", ["photo"]]) {
      expect(refusal({ type, text: "x" })).toBe(list);
    }
  });
});

describe("text", () => {
  it("is required and not blank for text, at most 4096 characters", () => {
    expect(refusal({})).toBe("text is required for type text");
    expect(refusal({ text: "" })).toBe("text is required for type text");
    expect(refusal({ text: " \n\t" })).toBe("text is required for type text");
    expect(payload({ text: "x".repeat(4096) }).text).toHaveLength(4096);
    expect(refusal({ text: "x".repeat(4097) })).toBe("text must be at most 4096 characters");
  });

  it("must be a string wherever it appears, and is dropped from other types", () => {
    expect(refusal({ text: 5 })).toBe("text must be a string");
    expect(refusal({ ...minimal("photo"), text: ["a"] })).toBe("text must be a string");
    expect(payload({ ...minimal("photo"), text: "ignored" })).toEqual({ type: "photo", media: "file-id" });
  });
});

describe("media", () => {
  it("is required and not blank for every media type", () => {
    for (const type of MEDIA) {
      expect(refusal({ type })).toBe(`media is required for type ${type}`);
      expect(refusal({ type, media: "  " })).toBe(`media is required for type ${type}`);
      expect(payload({ type, media: "f" })).toEqual({ type, media: "f" });
    }
  });

  it("must be a string wherever it appears, and is dropped from other types", () => {
    const message = "media must be a string (a file_id or a URL)";
    expect(refusal({ type: "photo", media: 1 })).toBe(message);
    expect(refusal({ text: "hi", media: {} })).toBe(message);
    expect(payload({ text: "hi", media: "ignored" })).toEqual({ type: "text", text: "hi" });
  });
});

describe("caption", () => {
  it("is allowed on the six captioned types, up to 1024 characters", () => {
    for (const type of CAPTIONED) {
      expect(payload({ ...minimal(type), caption: "" }).caption).toBe("");
      expect(payload({ ...minimal(type), caption: "c".repeat(1024) }).caption).toHaveLength(1024);
      expect(refusal({ ...minimal(type), caption: "c".repeat(1025) })).toBe("caption must be at most 1024 characters");
    }
  });

  it("is refused on every other type, and must be a string", () => {
    for (const type of TYPES.filter((t) => !(CAPTIONED as readonly string[]).includes(t))) {
      expect(refusal({ ...minimal(type), caption: "c" })).toBe(`caption is not allowed for type ${type}`);
    }
    expect(refusal({ ...minimal("photo"), caption: 7 })).toBe("caption must be a string");
    expect(refusal({ text: "hi", caption: null })).toBe("caption must be a string");
  });
});

describe("parseMode", () => {
  it("is one of HTML, Markdown, MarkdownV2, case included", () => {
    for (const parseMode of ["HTML", "Markdown", "MarkdownV2"]) {
      expect(payload({ text: "hi", parseMode }).parseMode).toBe(parseMode);
    }
    for (const parseMode of ["html", "", "markdown", 1, null]) {
      expect(refusal({ text: "hi", parseMode })).toBe("parseMode must be one of HTML, Markdown, MarkdownV2");
    }
  });
});

describe("buttons", () => {
  it("are at most 2 objects, each with a non-blank text and an http(s) URL", () => {
    const b = (text: unknown, url: unknown) => ({ text: "hi", buttons: [{ text, url }] });
    expect(payload({ text: "hi", buttons: [] })).toEqual({ type: "text", text: "hi" });
    expect(
      payload({
        text: "hi",
        buttons: [
          { text: "a", url: "HTTPS://x", extra: 1 },
          { text: "b", url: "http://y" },
        ],
      }),
    ).toEqual({
      type: "text",
      text: "hi",
      buttons: [
        { text: "a", url: "HTTPS://x" },
        { text: "b", url: "http://y" },
      ],
    });
    expect(refusal({ text: "hi", buttons: {} })).toBe("buttons must be an array");
    expect(refusal({ text: "hi", buttons: "a" })).toBe("buttons must be an array");
    const three = Array.from({ length: 3 }, () => ({ text: "a", url: "https://x" }));
    expect(refusal({ text: "hi", buttons: three })).toBe("buttons may hold at most 2 buttons");
    expect(refusal({ text: "hi", buttons: [{ text: "a", url: "https://x" }, null] })).toBe(
      "buttons[1] must be an object with text and url",
    );
    expect(refusal({ text: "hi", buttons: [["a"]] })).toBe("buttons[0] must be an object with text and url");
    expect(refusal(b(undefined, "https://x"))).toBe("buttons[0].text is required");
    expect(refusal(b(" ", "https://x"))).toBe("buttons[0].text is required");
    expect(refusal(b(3, "https://x"))).toBe("buttons[0].text is required");
    expect(refusal(b("a", ""))).toBe("buttons[0].url is required");
    expect(refusal(b("a", 3))).toBe("buttons[0].url is required");
    for (const url of ["ftp://x", "javascript:alert(1)", "https:/x", " https://x", "httpx://x", "https//x"]) {
      expect(refusal(b("a", url))).toBe("buttons[0].url must start with http:// or https://");
    }
  });
});

describe("extra", () => {
  it("is an object, kept as given", () => {
    expect(payload({ text: "hi", extra: { disable_notification: true } }).extra).toEqual({
      disable_notification: true,
    });
    for (const extra of [[1], "x", null, 3]) expect(refusal({ text: "hi", extra })).toBe("extra must be an object");
  });

  it("carries what location, contact and poll require", () => {
    const loc = "location requires extra.latitude and extra.longitude (numbers)";
    expect(refusal({ type: "location" })).toBe(loc);
    expect(refusal({ type: "location", extra: { latitude: 1 } })).toBe(loc);
    expect(refusal({ type: "location", extra: { longitude: 1 } })).toBe(loc);
    expect(refusal({ type: "location", extra: { latitude: "1", longitude: 1 } })).toBe(loc);
    const contact = "contact requires extra.phone_number and extra.first_name (strings)";
    expect(refusal({ type: "contact", extra: { phone_number: "1" } })).toBe(contact);
    expect(refusal({ type: "contact", extra: { first_name: "a" } })).toBe(contact);
    expect(refusal({ type: "contact", extra: { phone_number: 1, first_name: "a" } })).toBe(contact);
    expect(refusal({ type: "poll", extra: { options: ["a", "b"] } })).toBe(
      "poll requires extra.question and extra.options",
    );
    expect(refusal({ type: "poll", extra: { question: "q", options: "ab" } })).toBe(
      "poll requires extra.question and extra.options",
    );
    const options = "extra.options must be 2 to 12 strings";
    const poll = (n: number) => ({
      type: "poll",
      extra: { question: "q", options: Array.from({ length: n }, String) },
    });
    expect(refusal(poll(1))).toBe(options);
    expect(payload(poll(2)).extra).toEqual(poll(2).extra);
    expect(payload(poll(12)).extra).toEqual(poll(12).extra);
    expect(refusal(poll(13))).toBe(options);
    expect(refusal({ type: "poll", extra: { question: "q", options: ["a", 2] } })).toBe(options);
    // The other types need none of these.
    expect(payload({ text: "hi", extra: { latitude: "x" } }).extra).toEqual({ latitude: "x" });
  });
});

describe("filter", () => {
  it("is an object whose lang is a language code", () => {
    for (const lang of ["en", "pt-br", "zh_Hant", "ast", "EN", "de-CH1234"]) {
      expect(payload({ text: "hi", filter: { lang } }).filter).toEqual({ lang });
    }
    const message = "filter.lang must be a language code such as en or pt-br";
    for (const lang of ["e", "engl", "en-", "en-123456789", "e1", "en br", 5, null, "1en", "en-br!", "en\n", ["en"]]) {
      expect(refusal({ text: "hi", filter: { lang } })).toBe(message);
    }
    expect(refusal({ text: "hi", filter: [] })).toBe("filter must be an object");
    expect(refusal({ text: "hi", filter: "en" })).toBe("filter must be an object");
    expect(payload({ text: "hi", filter: {} })).toEqual({ type: "text", text: "hi" });
  });
});

describe("paid", () => {
  it("is a boolean; only true is kept", () => {
    expect(payload({ text: "hi", paid: true }).paid).toBe(true);
    expect(payload({ text: "hi", paid: false })).toEqual({ type: "text", text: "hi" });
    for (const paid of ["true", 1, null]) expect(refusal({ text: "hi", paid })).toBe("paid must be a boolean");
  });
});

describe("properties", () => {
  const anyValue = fc.oneof(fc.string(), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string()));

  it("a passing body's payload passes again unchanged, and holds only known fields", () => {
    const body = fc.record(
      {
        type: fc.constantFrom(...TYPES),
        text: fc.string({ maxLength: 5 }),
        media: fc.string({ maxLength: 3 }),
        caption: fc.string({ maxLength: 3 }),
        parseMode: fc.constantFrom("HTML", "Markdown", "MarkdownV2"),
        buttons: fc.array(
          fc.record({ text: fc.string({ maxLength: 2 }), url: fc.constantFrom("https://a", "ftp://b") }),
          {
            maxLength: 3,
          },
        ),
        extra: fc.dictionary(fc.constantFrom("latitude", "longitude", "question", "options", "x"), anyValue),
        filter: fc.record({ lang: fc.constantFrom("en", "pt-br", "x") }, { requiredKeys: [] }),
        paid: fc.boolean(),
        junk: anyValue,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(body, (b) => {
        const check = checkBroadcastRequest(b);
        if (!check.ok) return;
        const again = checkBroadcastRequest({ ...check.payload });
        expect(again).toEqual(check);
        const known = ["type", "text", "media", "caption", "parseMode", "buttons", "extra", "filter", "paid"];
        for (const key of Object.keys(check.payload)) expect(known).toContain(key);
      }),
      { numRuns: 2000 },
    );
  });

  it("text of any content passes for type text while it is not blank and fits", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 4100 }), (text) => {
        const check = checkBroadcastRequest({ text });
        expect(check.ok).toBe(text.trim() !== "" && text.length <= 4096);
      }),
    );
  });
});
