export { FakeTelegram, type FakeTelegramBehaviour, type RecordedCall } from "./server.js";
