/**
 * The body of `POST /broadcast`, checked rule by rule (docs/broadcast.md#payloads). Each failure names the field and
 * what is wrong with it, because producers fix their scripts from that message alone.
 */

/** Message types and the Bot API method each is sent with. */
export const MESSAGE_METHODS = {
  text: "sendMessage",
  photo: "sendPhoto",
  video: "sendVideo",
  audio: "sendAudio",
  document: "sendDocument",
  animation: "sendAnimation",
  voice: "sendVoice",
  video_note: "sendVideoNote",
  sticker: "sendSticker",
  location: "sendLocation",
  contact: "sendContact",
  poll: "sendPoll",
} as const;

/** A broadcast message type. */
export type MessageType = keyof typeof MESSAGE_METHODS;

const MEDIA_TYPES = new Set<MessageType>([
  "photo",
  "video",
  "audio",
  "document",
  "animation",
  "voice",
  "video_note",
  "sticker",
]);
const CAPTION_TYPES = new Set<MessageType>(["photo", "video", "audio", "document", "animation", "voice"]);
const PARSE_MODES = ["HTML", "Markdown", "MarkdownV2"] as const;
const MAX_TEXT = 4096;
const MAX_CAPTION = 1024;

/** An inline URL button. */
export interface UrlButton {
  text: string;
  url: string;
}

/** A validated broadcast: what the worker needs to send it to every recipient. */
export interface BroadcastPayload {
  type: MessageType;
  text?: string;
  media?: string;
  caption?: string;
  parseMode?: (typeof PARSE_MODES)[number];
  buttons?: UrlButton[];
  extra?: Record<string, unknown>;
  filter?: { lang?: string };
  paid?: boolean;
}

/** The outcome of checking a request body: the payload, or the reason it was refused. */
export type RequestCheck = { ok: true; payload: BroadcastPayload } | { ok: false; error: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const fail = (error: string): RequestCheck => ({ ok: false, error });

/** Checks every rule of a broadcast request body (botId is checked by the route, before authentication). */
export function checkBroadcastRequest(body: Record<string, unknown>): RequestCheck {
  const type = body.type ?? "text";
  if (typeof type !== "string" || !Object.hasOwn(MESSAGE_METHODS, type)) {
    return fail(`type must be one of ${Object.keys(MESSAGE_METHODS).join(", ")}`);
  }
  const t = type as MessageType;
  const payload: BroadcastPayload = { type: t };

  if (body.text !== undefined && typeof body.text !== "string") return fail("text must be a string");
  if (t === "text") {
    if (typeof body.text !== "string" || body.text.trim() === "") return fail("text is required for type text");
    if (body.text.length > MAX_TEXT) return fail(`text must be at most ${MAX_TEXT} characters`);
    payload.text = body.text;
  }

  if (body.media !== undefined && typeof body.media !== "string")
    return fail("media must be a string (a file_id or a URL)");
  if (MEDIA_TYPES.has(t)) {
    if (typeof body.media !== "string" || body.media.trim() === "") return fail(`media is required for type ${t}`);
    payload.media = body.media;
  }

  if (body.caption !== undefined) {
    if (typeof body.caption !== "string") return fail("caption must be a string");
    if (!CAPTION_TYPES.has(t)) return fail(`caption is not allowed for type ${t}`);
    if (body.caption.length > MAX_CAPTION) return fail(`caption must be at most ${MAX_CAPTION} characters`);
    payload.caption = body.caption;
  }

  if (body.parseMode !== undefined) {
    if (typeof body.parseMode !== "string" || !(PARSE_MODES as readonly string[]).includes(body.parseMode)) {
      return fail("parseMode must be one of HTML, Markdown, MarkdownV2");
    }
    payload.parseMode = body.parseMode as BroadcastPayload["parseMode"];
  }

  if (body.buttons !== undefined) {
    if (!Array.isArray(body.buttons)) return fail("buttons must be an array");
    if (body.buttons.length > 2) return fail("buttons may hold at most 2 buttons");
    const buttons: UrlButton[] = [];
    for (const [i, b] of body.buttons.entries()) {
      if (!isObject(b)) return fail(`buttons[${i}] must be an object with text and url`);
      if (typeof b.text !== "string" || b.text.trim() === "") return fail(`buttons[${i}].text is required`);
      if (typeof b.url !== "string" || b.url === "") return fail(`buttons[${i}].url is required`);
      if (!/^https?:\/\//i.test(b.url)) return fail(`buttons[${i}].url must start with http:// or https://`);
      buttons.push({ text: b.text, url: b.url });
    }
    if (buttons.length > 0) payload.buttons = buttons;
  }

  if (body.extra !== undefined) {
    if (!isObject(body.extra)) return fail("extra must be an object");
    payload.extra = body.extra;
  }
  const extra = payload.extra ?? {};
  if (t === "location" && (typeof extra.latitude !== "number" || typeof extra.longitude !== "number")) {
    return fail("location requires extra.latitude and extra.longitude (numbers)");
  }
  if (t === "contact" && (typeof extra.phone_number !== "string" || typeof extra.first_name !== "string")) {
    return fail("contact requires extra.phone_number and extra.first_name (strings)");
  }
  if (t === "poll") {
    const options = extra.options;
    if (typeof extra.question !== "string" || !Array.isArray(options))
      return fail("poll requires extra.question and extra.options");
    if (options.length < 2 || options.length > 12 || !options.every((o) => typeof o === "string")) {
      return fail("extra.options must be 2 to 12 strings");
    }
  }

  if (body.filter !== undefined) {
    if (!isObject(body.filter)) return fail("filter must be an object");
    if (body.filter.lang !== undefined) {
      if (typeof body.filter.lang !== "string" || !/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})?$/.test(body.filter.lang)) {
        return fail("filter.lang must be a language code such as en or pt-br");
      }
      payload.filter = { lang: body.filter.lang };
    }
  }

  if (body.paid !== undefined) {
    if (typeof body.paid !== "boolean") return fail("paid must be a boolean");
    if (body.paid) payload.paid = true;
  }
  return { ok: true, payload };
}
