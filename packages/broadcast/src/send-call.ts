/** Turns a validated broadcast into the Bot API call for one recipient. */
import { MESSAGE_METHODS, type BroadcastPayload } from "./request.js";

/** A Bot API method and its parameters. */
export interface SendCall {
  method: string;
  params: Record<string, unknown>;
}

const MEDIA_FIELD: Partial<Record<BroadcastPayload["type"], string>> = {
  photo: "photo",
  video: "video",
  audio: "audio",
  document: "document",
  animation: "animation",
  voice: "voice",
  video_note: "video_note",
  sticker: "sticker",
};

/**
 * The call that delivers `payload` to `chatId`. Order of merging: the message's own fields, then the buttons as an
 * inline keyboard (one row), then `extra` last, so a producer can override anything, even the keyboard.
 */
export function buildSendCall(payload: BroadcastPayload, chatId: number): SendCall {
  const params: Record<string, unknown> = { chat_id: chatId };
  if (payload.type === "text") params.text = payload.text;
  const mediaField = MEDIA_FIELD[payload.type];
  if (mediaField) params[mediaField] = payload.media;
  if (payload.caption !== undefined) params.caption = payload.caption;
  if (payload.parseMode && (payload.type === "text" || payload.caption !== undefined))
    params.parse_mode = payload.parseMode;
  if (payload.buttons)
    params.reply_markup = { inline_keyboard: [payload.buttons.map((b) => ({ text: b.text, url: b.url }))] };
  if (payload.paid) params.allow_paid_broadcast = true;
  if (payload.extra) Object.assign(params, payload.extra);
  params.chat_id = chatId;
  return { method: MESSAGE_METHODS[payload.type], params };
}
