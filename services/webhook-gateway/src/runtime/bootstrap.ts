/**
 * The JavaScript that runs inside every bot's isolate before the bot's own code. It builds the globals of CONTRACT
 * section 4 (`logic`, `bot`, `db`, `axios`, `process.env`, `console`) on top of two host references, and defines the
 * two entry points the host calls. Everything crosses the boundary as JSON text, so no host object, getter or proxy
 * ever reaches bot code, and nothing of the bot's reaches the host but plain data.
 */
export const BOOTSTRAP_SOURCE = String.raw`
"use strict";
(() => {
  const hostCall = globalThis.__hostCall;
  const hostLog = globalThis.__hostLog;
  delete globalThis.__hostCall;
  delete globalThis.__hostLog;
  const stringify = JSON.stringify, parse = JSON.parse;

  const call = (kind, payload) =>
    hostCall.apply(undefined, [kind, stringify(payload)], { result: { promise: true } }).then((text) => {
      const reply = parse(text);
      if (reply.error) {
        const err = new Error(reply.error.message);
        if (reply.error.response) err.response = reply.error.response;
        if (reply.error.code) err.code = reply.error.code;
        throw err;
      }
      return reply.value;
    });

  const format = (args) => args.map((a) => {
    if (typeof a === "string") return a;
    if (a instanceof Error) return a.stack || String(a);
    try { return stringify(a); } catch { return String(a); }
  }).join(" ");
  const console = {};
  for (const level of ["log", "info", "warn", "error"]) {
    console[level] = (...args) => { hostLog.applyIgnored(undefined, [level, format(args).slice(0, 4096)]); };
  }
  console.debug = console.log;

  const operation = {};
  for (const op of ["findOne", "findAll", "countDocuments", "insertOne", "insertMany", "updateOne", "setProp", "deleteOne", "deleteMany"]) {
    operation[op] = (...args) => call("db", { op, args });
  }
  const db = Object.freeze({ operation: Object.freeze(operation) });

  const request = (config) => call("http", config).then((res) => res);
  const axios = (config) => request(typeof config === "string" ? { url: config, method: "get" } : config);
  for (const m of ["get", "delete", "head", "options"]) axios[m] = (url, config = {}) => request({ ...config, url, method: m });
  for (const m of ["post", "put", "patch"]) axios[m] = (url, data, config = {}) => request({ ...config, url, data, method: m });
  axios.request = axios;

  const callApi = (method, params = {}) => call("tg", { method, params });
  const telegram = {
    callApi,
    sendMessage: (chat_id, text, extra = {}) => callApi("sendMessage", { chat_id, text, ...extra }),
    sendPhoto: (chat_id, photo, extra = {}) => callApi("sendPhoto", { chat_id, photo, ...extra }),
    sendVideo: (chat_id, video, extra = {}) => callApi("sendVideo", { chat_id, video, ...extra }),
    sendAudio: (chat_id, audio, extra = {}) => callApi("sendAudio", { chat_id, audio, ...extra }),
    sendDocument: (chat_id, document, extra = {}) => callApi("sendDocument", { chat_id, document, ...extra }),
    sendAnimation: (chat_id, animation, extra = {}) => callApi("sendAnimation", { chat_id, animation, ...extra }),
    sendVoice: (chat_id, voice, extra = {}) => callApi("sendVoice", { chat_id, voice, ...extra }),
    sendSticker: (chat_id, sticker, extra = {}) => callApi("sendSticker", { chat_id, sticker, ...extra }),
    sendLocation: (chat_id, latitude, longitude, extra = {}) => callApi("sendLocation", { chat_id, latitude, longitude, ...extra }),
    sendContact: (chat_id, phone_number, first_name, extra = {}) => callApi("sendContact", { chat_id, phone_number, first_name, ...extra }),
    sendPoll: (chat_id, question, options, extra = {}) => callApi("sendPoll", { chat_id, question, options, ...extra }),
    sendChatAction: (chat_id, action, extra = {}) => callApi("sendChatAction", { chat_id, action, ...extra }),
    forwardMessage: (chat_id, from_chat_id, message_id, extra = {}) => callApi("forwardMessage", { chat_id, from_chat_id, message_id, ...extra }),
    copyMessage: (chat_id, from_chat_id, message_id, extra = {}) => callApi("copyMessage", { chat_id, from_chat_id, message_id, ...extra }),
    editMessageText: (chat_id, message_id, inline_message_id, text, extra = {}) =>
      callApi("editMessageText", { chat_id, message_id, inline_message_id, text, ...extra }),
    deleteMessage: (chat_id, message_id) => callApi("deleteMessage", { chat_id, message_id }),
    answerCbQuery: (callback_query_id, text, show_alert, extra = {}) =>
      callApi("answerCallbackQuery", { callback_query_id, text, show_alert, ...extra }),
    getMe: () => callApi("getMe", {}),
    getChat: (chat_id) => callApi("getChat", { chat_id }),
  };

  const handlers = [];
  const matches = (trigger, value) => {
    if (typeof value !== "string") return null;
    if (trigger instanceof RegExp) { trigger.lastIndex = 0; return trigger.exec(value); }
    return trigger === value ? [value] : null;
  };
  const list = (x) => (Array.isArray(x) ? x : [x]);
  const bot = {
    telegram,
    start: (fn) => { handlers.push({ kind: "command", names: ["start"], fn }); return bot; },
    help: (fn) => { handlers.push({ kind: "command", names: ["help"], fn }); return bot; },
    command: (names, fn) => { handlers.push({ kind: "command", names: list(names).map((n) => String(n).replace(/^\//, "")), fn }); return bot; },
    hears: (triggers, fn) => { handlers.push({ kind: "hears", triggers: list(triggers), fn }); return bot; },
    action: (triggers, fn) => { handlers.push({ kind: "action", triggers: list(triggers), fn }); return bot; },
    on: (types, fn) => { handlers.push({ kind: "on", types: list(types), fn }); return bot; },
    use: (fn) => { handlers.push({ kind: "use", fn }); return bot; },
  };

  const makeContext = (update) => {
    const message = update.message || update.edited_message || update.channel_post || undefined;
    const callbackQuery = update.callback_query || undefined;
    const from = (message && message.from) || (callbackQuery && callbackQuery.from) || (update.inline_query && update.inline_query.from) || undefined;
    const chat = (message && message.chat) || (callbackQuery && callbackQuery.message && callbackQuery.message.chat) || undefined;
    const updateType = Object.keys(update).find((k) => k !== "update_id") || "unknown";
    const ctx = {
      update, updateType, message, callbackQuery, from, chat, telegram,
      text: message && typeof message.text === "string" ? message.text : undefined,
      match: null,
      reply: (text, extra = {}) => callApi("sendMessage", { chat_id: chat && chat.id, text, ...extra }),
      replyWithPhoto: (photo, extra = {}) => callApi("sendPhoto", { chat_id: chat && chat.id, photo, ...extra }),
      replyWithDocument: (document, extra = {}) => callApi("sendDocument", { chat_id: chat && chat.id, document, ...extra }),
      answerCbQuery: (text, extra = {}) => callApi("answerCallbackQuery", { callback_query_id: callbackQuery && callbackQuery.id, text, ...extra }),
    };
    return ctx;
  };

  const commandOf = (text) => {
    const m = /^\/([A-Za-z0-9_]+)(?:@\w+)?(?:\s+([\s\S]*))?$/.exec(text || "");
    return m ? { name: m[1], payload: m[2] || "" } : null;
  };

  const dispatch = async (update) => {
    const ctx = makeContext(update);
    const command = commandOf(ctx.text);
    for (const h of handlers) {
      let hit = false;
      if (h.kind === "use") hit = true;
      else if (h.kind === "command" && command && h.names.includes(command.name)) { hit = true; ctx.match = [ctx.text, command.payload]; ctx.payload = command.payload; }
      else if (h.kind === "hears") { for (const t of h.triggers) { const m = matches(t, ctx.text); if (m) { hit = true; ctx.match = m; break; } } }
      else if (h.kind === "action" && callbackQuery(ctx)) { for (const t of h.triggers) { const m = matches(t, ctx.callbackQuery.data); if (m) { hit = true; ctx.match = m; break; } } }
      else if (h.kind === "on") hit = h.types.some((t) => t === ctx.updateType || (ctx.message && t in ctx.message) || (t === "text" && ctx.text !== undefined));
      if (hit) { await h.fn(ctx); return true; }
    }
    return false;
  };
  const callbackQuery = (ctx) => ctx.callbackQuery !== undefined;

  // Timers wait on the host (the isolate has no event loop of its own); a cleared timer simply never fires.
  let nextTimer = 1;
  const cancelled = new Set();
  const setTimeout = (fn, ms = 0, ...args) => {
    const id = nextTimer++;
    call("sleep", { ms: Number(ms) || 0 }).then(() => { if (!cancelled.delete(id) && typeof fn === "function") fn(...args); });
    return id;
  };
  const clearTimeout = (id) => { cancelled.add(id); };

  const env = parse(globalThis.__env || "{}");
  delete globalThis.__env;
  const logic = {};
  const define = (name, value) => Object.defineProperty(globalThis, name, { value, writable: false, configurable: false, enumerable: false });
  define("logic", logic);
  define("bot", bot);
  define("db", db);
  define("axios", axios);
  define("console", console);
  define("process", Object.freeze({ env: Object.freeze(env) }));
  define("setTimeout", setTimeout);
  define("clearTimeout", clearTimeout);

  const MAX_REPLY = 5 * 1024 * 1024;
  const seal = (value) => {
    const text = stringify(value === undefined ? null : value);
    if (text !== undefined && text.length > MAX_REPLY) throw new Error("handler reply is larger than 5 MiB");
    return text;
  };

  globalThis.__runLogic = async (path, argsText) => {
    const fn = Object.prototype.hasOwnProperty.call(logic, path) ? logic[path] : undefined;
    if (typeof fn !== "function") return stringify({ noHandler: true });
    const a = parse(argsText);
    const response = { statusCode: 200, headers: {}, message: undefined, data: undefined };
    const returned = await fn(a.query, a.body, db, response, a.params);
    const data = response.data !== undefined ? response.data : returned;
    return seal({ statusCode: response.statusCode, headers: response.headers, message: response.message, data });
  };
  globalThis.__dispatchUpdate = async (updateText) => stringify({ handled: await dispatch(parse(updateText)) });
})();
`;
