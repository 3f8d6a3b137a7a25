/**
 * Telegram updates as a test user would cause them (a message typed, an inline button pressed), and a bot's Bot API
 * calls read back as replies (text, buttons, photos). Plain data, shared by the kit's chat, its tests and the test that
 * holds the kit to the gateway (test/same-as-gateway.test.ts), so both runtimes get the very same updates.
 */

/** Who writes to the bot. */
export interface TestUser {
  /** The user's id, which is also the id of their private chat with the bot. @defaultValue 1001 */
  userId?: number;
  /** @defaultValue "Test" */
  firstName?: string;
  /** @defaultValue "en" */
  languageCode?: string;
  /** @defaultValue none */
  username?: string;
}

type Obj = Record<string, unknown>;

/** The user's `from` object. */
export function fromOf(user: TestUser): Obj {
  return {
    id: user.userId ?? 1001,
    is_bot: false,
    first_name: user.firstName ?? "Test",
    language_code: user.languageCode ?? "en",
    ...(user.username === undefined ? {} : { username: user.username }),
  };
}

/** The user's private chat with the bot. */
export function chatOf(user: TestUser): Obj {
  const from = fromOf(user);
  return {
    id: from.id,
    type: "private",
    first_name: from.first_name,
    ...(from.username === undefined ? {} : { username: from.username }),
  };
}

/** A message update with `text`, as Telegram sends it (a leading `/command` carries its bot_command entity). */
export function messageUpdate(updateId: number, messageId: number, user: TestUser, text: string, date: number): Obj {
  const command = /^\/[A-Za-z0-9_]+(?:@[A-Za-z0-9_]+)?/.exec(text);
  return {
    update_id: updateId,
    message: {
      message_id: messageId,
      from: fromOf(user),
      chat: chatOf(user),
      date,
      text,
      ...(command ? { entities: [{ type: "bot_command", offset: 0, length: command[0].length }] } : {}),
    },
  };
}

/** A callback_query update: the user pressed the button with `data` under `message` (what the bot had sent). */
export function callbackUpdate(updateId: number, queryId: string, user: TestUser, message: Obj, data: string): Obj {
  return {
    update_id: updateId,
    callback_query: { id: queryId, from: fromOf(user), chat_instance: String(chatOf(user).id), message, data },
  };
}

/** An inline button, as a reply shows it. */
export interface Button {
  text: string;
  /** The callback data pressing it sends. */
  data?: string;
  url?: string;
}

/** One Bot API call of the bot, as a reply: what a chat shows. */
export interface Reply {
  /** The Bot API method (`sendMessage`, `sendPhoto`, `editMessageText`, `answerCallbackQuery`, …). */
  method: string;
  /** The text, or a media message's caption. */
  text?: string;
  /** A photo's URL or file_id (`sendPhoto`). */
  photo?: string;
  /** Inline keyboard rows. */
  buttons?: Button[][];
  /** Everything the bot passed. */
  params: Obj;
  /** The message the fake Bot API answered with, for a send or edit method. */
  message?: Obj;
}

const obj = (v: unknown): Obj | undefined =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Obj) : undefined;

/** The inline keyboard of a call's reply_markup (bot code may pass it as an object or as JSON text). */
function buttonsOf(markup: unknown): Button[][] | undefined {
  let m: unknown = markup;
  if (typeof m === "string") {
    try {
      m = JSON.parse(m);
    } catch {
      return undefined;
    }
  }
  const rows = obj(m)?.inline_keyboard;
  if (!Array.isArray(rows)) return undefined;
  return rows.map((row) =>
    (Array.isArray(row) ? row : []).map((b) => {
      const button = obj(b) ?? {};
      return {
        text: String(button.text ?? ""),
        ...(typeof button.callback_data === "string" ? { data: button.callback_data } : {}),
        ...(typeof button.url === "string" ? { url: button.url } : {}),
      };
    }),
  );
}

/** A call read as a reply. */
export function replyOf(method: string, params: Obj, result: unknown): Reply {
  const reply: Reply = { method, params };
  const text = typeof params.text === "string" ? params.text : params.caption;
  if (typeof text === "string") reply.text = text;
  if (typeof params.photo === "string") reply.photo = params.photo;
  const buttons = buttonsOf(params.reply_markup);
  if (buttons) reply.buttons = buttons;
  const message = obj(result);
  if (message && typeof message.message_id === "number") reply.message = message;
  return reply;
}

/** The chat a call is addressed to, as a number when it is one (chat ids may be passed as text). */
export function chatIdOf(params: Obj): number | string | undefined {
  const id = params.chat_id;
  if (typeof id === "number") return id;
  if (typeof id === "string") return /^-?\d+$/.test(id) ? Number(id) : id;
  return undefined;
}

/** One line of a reply for the terminal: the text, buttons in brackets, photos by their URL. */
export function formatReply(reply: Reply): string {
  const lines: string[] = [];
  const p = reply.params;
  if (reply.method === "answerCallbackQuery") {
    const text = typeof p.text === "string" ? `: ${p.text}` : "";
    lines.push(`(answers the button${p.show_alert === true ? " with an alert" : ""}${text})`);
  } else if (reply.method === "sendPhoto") {
    lines.push(`[photo] ${reply.photo ?? JSON.stringify(p.photo)}${reply.text ? `\n${reply.text}` : ""}`);
  } else if (reply.method.startsWith("edit")) {
    lines.push(`(edits message ${String(p.message_id ?? "")}) ${reply.text ?? ""}`.trimEnd());
  } else if (reply.method === "sendMessage") {
    lines.push(reply.text ?? "");
  } else {
    const { chat_id: _chat, ...rest } = p;
    lines.push(`${reply.method} ${JSON.stringify(rest)}`);
  }
  for (const row of reply.buttons ?? []) {
    lines.push(row.map((b) => (b.url ? `[${b.text} → ${b.url}]` : `[${b.text}]`)).join(" "));
  }
  return lines.join("\n");
}

/**
 * The inline button labelled `text` on the newest of `replies` that has one, and the message it is under as Telegram
 * would show it in a callback_query (what the Bot API answered, with the chat, the bot as sender, and the keyboard).
 * Throws when there is none, or when it is a link button (pressing it sends the bot nothing).
 */
export function findButton(replies: readonly Reply[], text: string, chatId: number): { data: string; message: Obj } {
  for (let i = replies.length - 1; i >= 0; i -= 1) {
    const reply = replies[i] as Reply;
    const button = reply.buttons?.flat().find((b) => b.text === text);
    if (!button) continue;
    if (button.data === undefined) {
      throw new Error(`the button '${text}' opens ${button.url ?? "a link"}; it sends nothing to the bot`);
    }
    const message = {
      ...(reply.message ?? { message_id: 0, date: 0 }),
      chat: { id: chatId, type: "private" },
      from: { id: 1000000001, is_bot: true, first_name: "Local", username: "local_bot" },
      ...(reply.text === undefined ? {} : { text: reply.text }),
      reply_markup: { inline_keyboard: reply.buttons },
    };
    return { data: button.data, message };
  }
  const shown = [...new Set(replies.flatMap((r) => r.buttons?.flat().map((b) => `'${b.text}'`) ?? []))];
  throw new Error(
    `no inline button '${text}' in this chat${shown.length > 0 ? ` (there are ${shown.join(", ")})` : ""}`,
  );
}
