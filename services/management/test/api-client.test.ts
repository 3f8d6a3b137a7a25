/**
 * @botyard/api-client: its generated files match the document the code builds (a stale client fails here and in
 * `pnpm api:check`), and a script can drive Botyard with it, typed end to end, over real HTTP.
 */
import { readFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { listen } from "@botyard/common/service";
import { createBotyardClient } from "@botyard/api-client";
import { clientFiles } from "../src/client-files.js";
import { fakeToken, startHarness, type Harness } from "./harness.js";

let h: Harness;
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  h = await startHarness();
  server = await listen(h.app, 0, "127.0.0.1");
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await h.close();
});

describe("generated files", () => {
  it("are up to date with the document (run pnpm api:generate when this fails)", async () => {
    const root = new URL("../../../packages/api-client/", import.meta.url);
    for (const [path, contents] of Object.entries(await clientFiles())) {
      const checkedIn = await readFile(new URL(path, root), "utf8");
      expect([path, checkedIn === contents]).toEqual([path, true]);
    }
  });
});

describe("a script using the client", () => {
  it("creates a bot, edits and reads its code, lists it, broadcasts and reads the job", async () => {
    const { apiKey } = await h.account();
    const botToken = fakeToken(41);
    const botyard = createBotyardClient({ baseUrl, apiKey, botToken });

    const created = await botyard.POST("/apiv3/createBot", { body: { apiKey, name: "From a script", botToken } });
    expect(created.response.status).toBe(200);
    const botId = created.data!.botId;

    const saved = await botyard.POST("/apiv3/editBotCoreLogic", {
      body: { apiKey, botId, newCode: "logic['hi'] = async () => 'hi';" },
    });
    expect(saved.data?.msg).toBe("Code saved; it takes effect at the next restart");
    // GET with the key added by the client as a query parameter.
    const code = await botyard.GET("/apiv3/getbotCode", { params: { query: { botId } } });
    expect(code.data?.data).toBe("logic['hi'] = async () => 'hi';");
    const list = await botyard.GET("/apiv3/listBots");
    expect(list.data?.bots).toContainEqual({ botId, name: "From a script", status: "stopped" });

    const queued = await botyard.POST("/broadcast", { body: { botId, text: "Hello from the client" } });
    expect(queued.data).toEqual({ ok: true, jobId: expect.any(String), status: "queued" });
    const job = await botyard.GET("/broadcast/{jobId}", {
      params: { path: { jobId: queued.data!.jobId }, query: { botId } },
    });
    expect(job.data?.job.status).toBe("queued");

    // Errors come back typed too.
    const missing = await botyard.POST("/apiv3/getBot", { body: { apiKey, botId: "nope" } });
    expect(missing.response.status).toBe(404);
    expect(missing.error).toEqual({ ok: false, msg: "Bot not found", stat_code: 404 });
  });
});
