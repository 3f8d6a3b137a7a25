#!/usr/bin/env -S node --import tsx
/** Runs the fake Bot API on FAKE_TELEGRAM_PORT (default 8081) for manual trials: `pnpm --filter @botyard/fake-telegram start`. */
import { FakeTelegram } from "./server.js";

const port = Number(process.env.FAKE_TELEGRAM_PORT ?? 8081);
const fake = await FakeTelegram.start({ port, keepRecords: false });
process.stdout.write(`${JSON.stringify({ msg: "fake telegram listening", apiRoot: fake.apiRoot })}\n`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
