/**
 * Compose a broadcast of any of the 12 message types. Only the fields the type uses are shown; the server checks
 * everything (docs/broadcast.md) and its message is shown next to the field it names.
 */
import { type FormEvent, useState } from "react";
import { ApiError } from "../../api/http.js";
import { useSendBroadcast } from "../../api/queries.js";
import { type BroadcastRequest, MESSAGE_TYPES, type MessageType } from "../../api/types.js";
import { Field } from "../../components/Field.js";
import { FormError } from "../../components/FormError.js";

const CAPTION_TYPES = new Set<MessageType>(["photo", "video", "audio", "document", "animation", "voice"]);
const MEDIA_TYPES = new Set<MessageType>([...CAPTION_TYPES, "video_note", "sticker"]);
const EXTRA_EXAMPLES: Partial<Record<MessageType, string>> = {
  location: '{ "latitude": 51.5, "longitude": -0.12 }',
  contact: '{ "phone_number": "+441234567890", "first_name": "Ada" }',
  poll: '{ "question": "Tea or coffee?", "options": ["Tea", "Coffee"] }',
};
const TYPE_LABELS: Record<MessageType, string> = {
  text: "Text",
  photo: "Photo",
  video: "Video",
  audio: "Audio",
  document: "Document",
  animation: "Animation",
  voice: "Voice",
  video_note: "Video note",
  sticker: "Sticker",
  location: "Location",
  contact: "Contact",
  poll: "Poll",
};

/** The union of every type's fields, before the server checks which ones this type needs. */
interface Draft {
  type: MessageType;
  text?: string;
  media?: string;
  caption?: string;
  parseMode?: "HTML" | "Markdown" | "MarkdownV2";
  buttons?: Array<{ text: string; url: string }>;
  extra?: Record<string, unknown>;
  filter?: { lang?: string };
  paid?: boolean;
}

interface Button {
  key: number;
  text: string;
  url: string;
}

let buttonKey = 0;

/** The top-level field a server message names ("buttons[0].url" → "buttons"). */
function topField(field: string | undefined): string | undefined {
  return field?.split(/[.[]/)[0];
}

export function ComposeForm({ botId }: { botId: string }) {
  const send = useSendBroadcast(botId);
  const [type, setType] = useState<MessageType>("text");
  const [text, setText] = useState("");
  const [media, setMedia] = useState("");
  const [caption, setCaption] = useState("");
  const [parseMode, setParseMode] = useState<"" | "HTML" | "Markdown" | "MarkdownV2">("");
  const [buttons, setButtons] = useState<Button[]>([]);
  const [extra, setExtra] = useState("");
  const [lang, setLang] = useState("");
  const [paid, setPaid] = useState(false);
  const [localError, setLocalError] = useState<{ field: string; message: string }>();

  const usesText = type === "text";
  const usesMedia = MEDIA_TYPES.has(type);
  const usesCaption = CAPTION_TYPES.has(type);
  const needsExtra = type in EXTRA_EXAMPLES;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Built field by field; which fields each type requires is the server's rule, and its message comes back
    // naming the field (shown next to it).
    const body: Draft = { type };
    if (usesText) body.text = text;
    if (usesMedia) body.media = media;
    if (usesCaption && caption) body.caption = caption;
    if ((usesText || usesCaption) && parseMode) body.parseMode = parseMode;
    if (buttons.length > 0) body.buttons = buttons.map(({ text, url }) => ({ text, url }));
    if (extra.trim()) {
      try {
        const parsed: unknown = JSON.parse(extra);
        if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
          setLocalError({ field: "extra", message: "extra must be a JSON object." });
          return;
        }
        body.extra = parsed as Record<string, unknown>;
      } catch (error) {
        setLocalError({ field: "extra", message: `Not valid JSON: ${error instanceof Error ? error.message : error}` });
        return;
      }
    }
    if (lang.trim()) body.filter = { lang: lang.trim() };
    if (paid) body.paid = true;
    setLocalError(undefined);
    send.mutate(body as BroadcastRequest);
  };

  const serverError = send.error instanceof ApiError ? send.error : null;
  const fieldOf = (name: string) => {
    if (localError?.field === name) return localError.message;
    if (serverError && topField(serverError.field) === name) return serverError.message;
    return undefined;
  };
  const shownFields = ["type", "text", "media", "caption", "parseMode", "buttons", "extra", "filter", "paid"];
  const unplaced = serverError && !shownFields.includes(topField(serverError.field) ?? "") ? serverError : null;

  return (
    <section className="card" aria-labelledby="compose-title">
      <h2 id="compose-title" className="card-title">
        New broadcast
      </h2>
      <form onSubmit={submit} noValidate>
        <Field label="Message type" error={fieldOf("type")}>
          <select className="input" value={type} onChange={(e) => setType(e.target.value as MessageType)}>
            {MESSAGE_TYPES.map((t) => (
              <option key={t} value={t}>
                {TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>
        {usesText ? (
          <Field label="Text" hint="Up to 4096 characters." error={fieldOf("text")}>
            <textarea className="input" rows={5} value={text} onChange={(e) => setText(e.target.value)} />
          </Field>
        ) : null}
        {usesMedia ? (
          <Field label="Media" hint="A file_id or a public https:// URL." error={fieldOf("media")}>
            <input className="input" value={media} onChange={(e) => setMedia(e.target.value)} />
          </Field>
        ) : null}
        {usesCaption ? (
          <Field label="Caption" hint="Up to 1024 characters." error={fieldOf("caption")}>
            <textarea className="input" rows={3} value={caption} onChange={(e) => setCaption(e.target.value)} />
          </Field>
        ) : null}
        {usesText || usesCaption ? (
          <Field label="Parse mode" error={fieldOf("parseMode")}>
            <select
              className="input"
              value={parseMode}
              onChange={(e) => setParseMode(e.target.value as typeof parseMode)}
            >
              <option value="">Plain text</option>
              <option value="HTML">HTML</option>
              <option value="Markdown">Markdown</option>
              <option value="MarkdownV2">MarkdownV2</option>
            </select>
          </Field>
        ) : null}
        <fieldset className="fieldset">
          <legend className="field-label">Buttons (up to 2)</legend>
          {buttons.map((button, i) => (
            <div className="row" key={button.key}>
              <input
                className="input"
                aria-label={`Button ${i + 1} label`}
                placeholder="Label"
                value={button.text}
                onChange={(e) => setButtons(buttons.map((b, j) => (j === i ? { ...b, text: e.target.value } : b)))}
              />
              <input
                className="input"
                aria-label={`Button ${i + 1} URL`}
                placeholder="https://…"
                value={button.url}
                onChange={(e) => setButtons(buttons.map((b, j) => (j === i ? { ...b, url: e.target.value } : b)))}
              />
              <button
                type="button"
                className="button button-ghost button-small"
                aria-label={`Remove button ${i + 1}`}
                onClick={() => setButtons(buttons.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            </div>
          ))}
          {buttons.length < 2 ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => setButtons([...buttons, { key: ++buttonKey, text: "", url: "" }])}
            >
              Add button
            </button>
          ) : null}
          {fieldOf("buttons") ? (
            <p className="field-error" role="alert">
              {fieldOf("buttons")}
            </p>
          ) : null}
        </fieldset>
        <Field
          label={needsExtra ? "Extra (JSON, required for this type)" : "Extra (JSON, optional)"}
          hint={EXTRA_EXAMPLES[type] ?? "Extra Bot API parameters, merged last."}
          error={fieldOf("extra")}
        >
          <textarea className="input input-mono" rows={3} value={extra} onChange={(e) => setExtra(e.target.value)} />
        </Field>
        <div className="row">
          <Field label="Only language" hint="e.g. en; empty for everyone" error={fieldOf("filter")}>
            <input className="input" value={lang} onChange={(e) => setLang(e.target.value)} size={8} />
          </Field>
          <label className="check check-inline">
            <input type="checkbox" checked={paid} onChange={(e) => setPaid(e.target.checked)} />
            Paid broadcast (faster, costs Stars)
          </label>
        </div>
        <FormError>{unplaced ? unplaced.message : null}</FormError>
        {send.isSuccess ? (
          <p className="note note-success" role="status">
            Queued. Progress shows under Recent broadcasts.
          </p>
        ) : null}
        <button type="submit" className="button button-primary" disabled={send.isPending}>
          Send broadcast
        </button>
      </form>
    </section>
  );
}
