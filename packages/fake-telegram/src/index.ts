export { type CallListener, FakeTelegram, type FakeTelegramBehaviour, type RecordedCall } from "./server.js";
