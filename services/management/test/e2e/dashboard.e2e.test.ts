/**
 * The owner dashboard end to end in a real headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core):
 * sign-up, the API key (same on every visit, works on /apiv3, Regenerate revokes the old one), a bot created, coded,
 * saved and restarted, "Try it" with its log line arriving live, a halt cleared by Restart, a broadcast to 50
 * recipients whose progress bar moves and a second one cancelled; then the sign-in throttle, CSRF refusal and XSS
 * attempts rendered as text; a password change in one browser signs out another; an invite link sets a password and
 * signs in. axe-core checks every page (no serious or critical violation). Screenshots at 1280×800 go to
 * test/e2e/screenshots/ (gitignored), or to docs/screenshots/ with UPDATE_SCREENSHOTS=1, so a test run leaves the
 * tracked images alone.
 *
 * Chromium missing: the suite fails in CI (CI=true; .ci/run installs it) and is skipped with a notice elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { waitFor } from "@botyard/testing";
import { ScheduleRepository, UsageMeter, UsageRepository } from "@botyard/db";
import { expectAccessible } from "./axe.js";
import { type Platform, startPlatform } from "./platform.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const SHOTS = fileURLToPath(
  new URL(process.env.UPDATE_SCREENSHOTS === "1" ? "../../../../docs/screenshots/" : "./screenshots/", import.meta.url),
);
const MANAGEMENT = fileURLToPath(new URL("../..", import.meta.url));

if (!HAVE_CHROMIUM && process.env.CI !== "true") {
  console.warn(`dashboard e2e skipped: no Chromium at ${CHROMIUM} (apt-get install -y chromium, or set CHROMIUM_PATH)`);
}
const suite = HAVE_CHROMIUM || process.env.CI === "true" ? describe : describe.skip;

const EMAIL = "ada@example.com";
const PASSWORD = "correct horse battery staple";
const NEW_PASSWORD = "a brand new passphrase 42";
const BOT_CODE = [
  "// Greets whoever calls /hello, and logs it.",
  'logic["hello"] = async (query, body, db, response) => {',
  '  console.log("hello from " + (query.name || "nobody"));',
  '  return { greeting: "Hi " + (query.name || "there") };',
  "};",
  "// Loops forever: three calls hit the time limit and halt the bot.",
  'logic["spin"] = async () => {',
  "  for (;;) {}",
  "};",
  'logic["echo"] = async (query) => {',
  "  console.log(query.text);",
  "  return { ok: 1 };",
  "};",
  'bot.start((ctx) => ctx.reply("Welcome!"));',
  "",
].join("\n");

suite("dashboard in Chromium", () => {
  let platform: Platform;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let botId = "";
  const cspViolations: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) {
      throw new Error(
        `Chromium is not installed at ${CHROMIUM}: the dashboard's end-to-end test needs it. ` +
          "Install it with `apt-get update && apt-get install -y chromium` (.ci/run does) or set CHROMIUM_PATH.",
      );
    }
    // The built app, as `pnpm start` builds it (a no-op when web/dist is fresh).
    execFileSync(process.execPath, ["--import", "tsx", "scripts/build-web.ts"], { cwd: MANAGEMENT, stdio: "pipe" });
    mkdirSync(SHOTS, { recursive: true });
    platform = await startPlatform();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-dev-shm-usage"] });
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: platform.origin });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: platform.origin });
    page = await context.newPage();
    page.on("console", (message) => {
      if (/Content.Security.Policy/i.test(message.text())) cspViolations.push(message.text());
    });
    page.on("pageerror", (error) => pageErrors.push(error.message));
    // Any alert() is an XSS that ran.
    page.on("dialog", (dialog) => {
      pageErrors.push(`dialog opened: ${dialog.message()}`);
      void dialog.dismiss();
    });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await platform?.close();
  }, 60_000);

  /** axe-core on the current page: no serious or critical violation. */
  const accessible = (name: string) => expectAccessible(page, name);

  const shot = (name: string) => page.screenshot({ path: `${SHOTS}${name}.png` });

  const apiv3 = (key: string) =>
    fetch(`${platform.origin}/apiv3/listBots?apiKey=${encodeURIComponent(key)}`).then((r) => r.status);

  it("signs up; Settings shows an API key on the first visit, the same after a reload; it works on /apiv3", async () => {
    await page.goto("/");
    await page.waitForURL("**/signin");
    await expect(page.getByRole("button", { name: "Sign in" }).isVisible()).resolves.toBe(true);
    await accessible("sign in");
    await shot("01-sign-in");
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL("**/signup");
    await accessible("sign up");
    // A short password: the server's message appears next to the field.
    await page.getByLabel("E-mail").fill(EMAIL);
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.locator(".field-error").first().waitFor();
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.getByRole("heading", { name: "No bots yet" }).waitFor();
    await accessible("home (no bots)");
    await shot("02-no-bots");

    await page.getByRole("link", { name: "Settings" }).click();
    const key = page.getByTestId("api-key");
    await key.first().waitFor();
    const first = (await key.first().textContent())?.trim() ?? "";
    expect(first).toMatch(/^byk_/);
    await page.reload();
    await key.first().waitFor();
    expect((await key.first().textContent())?.trim()).toBe(first);
    await expect(apiv3(first)).resolves.toBe(200);
    await accessible("settings");
    await shot("03-settings-api-key");

    // Copy puts the key on the clipboard.
    await page.getByRole("button", { name: "Copy", exact: true }).click();
    await expect(page.evaluate<string>("navigator.clipboard.readText()")).resolves.toBe(first);

    // Regenerate asks first; then the old key is refused at once and the new one works.
    await page.getByRole("button", { name: "Regenerate" }).click();
    await page.getByRole("dialog", { name: "Regenerate the API key?" }).waitFor();
    await accessible("settings: regenerate dialog");
    await page.getByRole("button", { name: "Regenerate key" }).click();
    await page.getByText("A new key is active").waitFor();
    const second = (await key.first().textContent())?.trim() ?? "";
    expect(second).toMatch(/^byk_/);
    expect(second).not.toBe(first);
    await expect(apiv3(first)).resolves.toBe(401);
    await expect(apiv3(second)).resolves.toBe(200);
  }, 240_000);

  it("creates a bot, edits its code with completion, saves, then Save and restart; Try it; the log line comes live", async () => {
    await page
      .getByRole("button", { name: "Create a bot" })
      .or(page.getByRole("button", { name: "New bot" }))
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: "New bot" });
    await dialog.getByLabel("Bot name").fill("Greeter");
    await dialog.getByLabel("Bot token").fill("123456:AAHdashboardE2EtokenABCDEFGHIJKLMNOP");
    await accessible("new bot dialog");
    await dialog.getByRole("button", { name: "Create bot" }).click();
    await page.waitForURL(/\/bots\/[^/]+\/code$/);
    botId = decodeURIComponent(/\/bots\/([^/]+)\/code$/.exec(page.url())![1]!);
    await page.getByRole("navigation", { name: "Bots" }).getByText("Greeter").waitFor();

    // Completion of the bot API from the shipped .d.ts.
    const editor = page.getByRole("textbox", { name: "Bot code" });
    await editor.click();
    await page.keyboard.press("Control+a");
    await page.keyboard.press("Delete");
    await page.keyboard.type("db.operation.fin");
    const completion = page.locator(".cm-tooltip-autocomplete");
    await completion.locator(".cm-completionLabel", { hasText: /^findOne$/ }).waitFor();
    await expect(completion.locator(".cm-completionLabel", { hasText: /^findAll$/ }).count()).resolves.toBe(1);
    await shot("04-code-completion");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Control+a");
    await page.keyboard.insertText(BOT_CODE);
    await page.getByText("Unsaved changes").waitFor();
    await accessible("code");

    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved. It runs after the next restart.").waitFor();
    await page.getByRole("button", { name: "Save and restart" }).click();
    await page.getByText("Saved and restarted.").waitFor();
    await page.locator(".page-heading").getByText("Running").waitFor();
    await shot("04-code-editor");

    await page.getByRole("link", { name: "Try it" }).click();
    await page.getByRole("log", { name: "Bot log" }).waitFor();
    await page.getByText("Live", { exact: true }).waitFor();
    await page.getByLabel("Method").selectOption("GET");
    await page.getByLabel("Path").fill("hello");
    await page.getByLabel("Query").fill("name=Ada");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByTestId("try-status").textContent()).resolves.toBe("200");
    await expect(page.getByTestId("try-body").textContent()).resolves.toContain("Hi Ada");
    // No reload: the line arrives over the SSE stream.
    await page.getByRole("log", { name: "Bot log" }).getByText("hello from Ada").waitFor({ timeout: 15_000 });
    await accessible("try it");
    await shot("05-try-it-live-log");

    // A saved version through the picker: version 1 (created empty) previewed apart from the running bot.
    await page.getByTestId("try-version").selectOption("1");
    await page.getByRole("button", { name: "Send request" }).click();
    await page.getByTestId("try-status").filter({ hasText: "400" }).waitFor();
    await expect(page.getByTestId("try-body").textContent()).resolves.toContain("No handler for path 'hello'");
    await page.getByTestId("try-version").selectOption("running");
  }, 120_000);

  it("shows a halted bot with its reason; Restart clears the halt and the webhook answers 200 again", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${platform.gatewayOrigin}/custom/${botId}/spin`, { method: "POST" });
      expect(res.status).toBeGreaterThanOrEqual(400);
    }
    const halted = `${platform.gatewayOrigin}/custom/${botId}/hello`;
    await waitFor(async () => (await fetch(halted)).status === 403, { intervalMs: 100, what: "the halt" });
    await page.getByRole("link", { name: "Overview" }).click();
    await page.reload();
    await page.locator(".page-heading").getByText("Halted").waitFor();
    await page.getByText(/Halted:.*limit/).waitFor();
    await accessible("overview (halted)");
    await shot("06-bot-halted");

    await page.getByRole("button", { name: "Restart" }).click();
    await page.locator(".page-heading").getByText("Running").waitFor();
    await page.getByRole("link", { name: "Try it" }).click();
    await page.getByLabel("Method").selectOption("GET");
    await page.getByLabel("Path").fill("hello");
    await page.getByRole("button", { name: "Send request" }).click();
    await expect(page.getByTestId("try-status").textContent()).resolves.toBe("200");
  }, 120_000);

  it("broadcasts to 50 recipients with a progress bar that moves live; cancels a second broadcast", async () => {
    await platform.addRecipients(botId, 50);
    await page.getByRole("link", { name: "Overview" }).click();
    // Rows written behind the app's back: a count fetched under 5 s ago (staleTime) would not be asked again.
    await page.reload();
    await page.getByText("50", { exact: true }).first().waitFor();
    await accessible("overview");
    await shot("07-bot-overview");

    await page.getByRole("link", { name: "Broadcasts" }).click();
    await page.getByRole("heading", { name: "Recent broadcasts" }).waitFor();
    await accessible("broadcasts (empty)");
    // A server validation message, next to its field.
    await page.getByRole("button", { name: "Send broadcast" }).click();
    await page.locator(".field-invalid").getByText(/text/i).first().waitFor();

    await page.getByLabel("Text").fill("Hello everyone! Our bot has a new /menu.");
    await page.getByRole("button", { name: "Send broadcast" }).click();
    const job = page.getByTestId("job").first();
    await job.waitFor();
    const bar = job.getByRole("progressbar");
    // The values the bar shows while it runs, sampled without reloading.
    const seen = new Set<number>();
    let shotTaken = false;
    await waitFor(
      async () => {
        const value = Number(await bar.getAttribute("value"));
        seen.add(value);
        if (!shotTaken && value >= 15) {
          await page.evaluate("window.scrollTo(0, 0)");
          await shot("08-broadcast-progress");
          shotTaken = true;
        }
        if ((await job.getAttribute("data-status")) === "completed") return true;
        throw new Error(`values seen ${[...seen]}`);
      },
      { what: "the broadcast to complete", timeoutMs: 30_000, intervalMs: 100 },
    );
    expect(Number(await bar.getAttribute("value"))).toBe(50);
    expect([...seen].filter((v) => v > 0 && v < 50).length).toBeGreaterThanOrEqual(2);
    await expect(job.getByTestId("job-stats").textContent()).resolves.toMatch(/50 sent.*0 failed.*50 total/);
    expect(platform.fake.calls.filter((c) => c.method === "sendMessage").length).toBeGreaterThanOrEqual(50);

    await page.getByLabel("Text").fill("A second message, cancelled at once.");
    await page.getByRole("button", { name: "Send broadcast" }).click();
    // The new job comes first; the completed one is second.
    await page.getByTestId("job").nth(1).waitFor();
    await page.getByTestId("job").first().getByRole("button", { name: "Cancel" }).click();
    await page.locator('[data-testid="job"][data-status="cancelled"]').waitFor();
    await accessible("broadcasts");
    await page.evaluate("window.scrollTo(0, 0)");
    await shot("09-broadcasts");
  }, 120_000);

  it("sets the token (shown masked only) and env vars (values write-only); transfers a copy with a report", async () => {
    await page.getByRole("link", { name: "Overview" }).click();
    await page.getByLabel("New bot token").fill("654321:AAHsecondTokenForTheDashboardTest0123");
    await page.getByRole("button", { name: "Save token" }).click();
    await page.getByText("Token saved.").waitFor();
    await page
      .getByTestId("token-masked")
      .filter({ hasText: /^654321:/ })
      .waitFor();

    await page.getByRole("button", { name: "Add variable" }).click();
    await page.getByLabel("Variable 1 name").fill("GREETING");
    await page.getByLabel("Variable 1 value").fill("Hej-secret-value");
    await page.getByRole("button", { name: "Save variables" }).click();
    await page.getByText("Variables saved.").waitFor();
    await page.reload();
    await expect(page.getByLabel("Variable 1 name").inputValue()).resolves.toBe("GREETING");
    await expect(page.getByLabel("Variable 1 value").inputValue()).resolves.toBe("");
    // A second variable: the untouched first one is sent in `keep` and survives with its value.
    await page.getByRole("button", { name: "Add variable" }).click();
    await page.getByLabel("Variable 2 name").fill("MODE");
    await page.getByLabel("Variable 2 value").fill("friendly");
    await page.getByRole("button", { name: "Save variables" }).click();
    await page.getByText("Variables saved.").waitFor();
    await page.reload();
    await expect(page.getByLabel("Variable 1 name").inputValue()).resolves.toBe("GREETING");
    await expect(page.getByLabel("Variable 2 name").inputValue()).resolves.toBe("MODE");
    expect(await page.content()).not.toContain("Hej-secret-value");
    expect(await page.content()).not.toContain("AAHsecondTokenForTheDashboardTest0123");

    const signup = await fetch(`${platform.origin}/api/auth/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: platform.origin },
      body: JSON.stringify({ email: "grace@example.com", password: PASSWORD }),
    });
    expect(signup.status).toBe(201);
    await page.getByRole("link", { name: "Transfer" }).click();
    await page.getByLabel("Target e-mail").fill("grace@example.com");
    await page.getByLabel("dbProps (JSON)").fill('{ "users": [{ "name": "Ada" }, { "name": "Grace" }] }');
    await accessible("transfer");
    await page.getByRole("button", { name: "Transfer" }).click();
    await page.getByText("Transferred. New bot id:").waitFor();
    await page.getByRole("table").getByText("2 inserted").waitFor();
    await shot("11-transfer");
  }, 120_000);

  it("shows the bot's usage with charts, and the account's use against its plan in Settings", async () => {
    // The hour before this test, as a gateway would have written it (a minute in eight idle), so the charts show a
    // shape; the current minute is the real calls below, and its numbers are checked.
    const now = Date.now();
    for (let m = 59; m >= 1; m--) {
      if (m % 8 === 0) continue;
      const at = now - m * 60_000;
      const meter = new UsageMeter(true, () => at);
      const cell = meter.cell(botId);
      const n = 20 + Math.round(15 * Math.sin(m / 6) + (m % 7) * 3);
      cell.requests += n;
      cell.errorsHandler += m % 11 === 0 ? 2 : 0;
      cell.cpuMs += n * 0.9;
      cell.hostDb += n * 2;
      cell.hostTelegram += Math.round(n / 2);
      cell.botApiCalls += Math.round(n / 2);
      for (let i = 0; i < n; i++) cell.observeWall(i % 25 === 0 ? 40 + m : 0.6 + (i % 5) * 0.4);
      await new UsageRepository(platform.handle.db).addUsage(meter.take());
    }
    for (let i = 0; i < 12; i++) {
      expect((await fetch(`${platform.gatewayOrigin}/custom/${botId}/hello?name=U${i}`)).status).toBe(200);
    }
    await platform.flushUsage();

    await page.getByRole("link", { name: "Usage" }).click();
    await page.getByRole("img", { name: /^Requests/ }).waitFor();
    const requests = page.locator(".usage-stats .stat").filter({ hasText: "requests" }).locator(".stat-value");
    await expect(requests.textContent()).resolves.toMatch(/^\d[\d,.K]*$/);
    // The broadcast of the test before: its 50 messages sent are in this hour.
    await page.getByRole("table", { name: "Broadcast messages" }).getByText("50", { exact: true }).waitFor();
    await accessible("usage (minutes)");
    await shot("14-bot-usage");
    await page.getByText("Last 7 days, per hour").click();
    await page.getByRole("img", { name: /^Handler wall time/ }).waitFor();
    await accessible("usage (hours)");

    await page.getByRole("link", { name: "Settings" }).click();
    const plan = page.getByRole("region", { name: "Plan and usage" });
    await plan.getByRole("row", { name: /^Bots/ }).waitFor();
    await expect(plan.getByRole("row", { name: /^Bots/ }).getByRole("cell").first().textContent()).resolves.toBe("1");
    await accessible("settings (plan)");
    await plan.scrollIntoViewIfNeeded();
    await shot("15-settings-plan");

    // Settings → Notifications: a Telegram chat (its start link), a webhook (its secret, once), a test that fails
    // (nothing listens on port 9) and shows as the channel's last failure, and a rule turned off.
    const notifications = page.getByRole("region", { name: "Notifications" });
    await notifications.getByRole("button", { name: "Add a Telegram chat" }).click();
    await expect(notifications.getByTestId("start-link").textContent()).resolves.toMatch(
      /^https:\/\/t\.me\/botyard_notify_bot\?start=[A-Za-z0-9_-]+$/,
    );
    await notifications.getByLabel("Webhook URL").fill("http://127.0.0.1:9/hooks/botyard");
    await notifications.getByRole("button", { name: "Add webhook" }).click();
    await expect(notifications.getByTestId("webhook-secret").textContent()).resolves.toMatch(/^bys_/);
    await notifications.getByRole("button", { name: "Test http://127.0.0.1:9/hooks/botyard" }).click();
    await notifications.getByText(/^Last failure .*the webhook could not be reached$/).waitFor();
    const rule = notifications.getByRole("checkbox", { name: "A broadcast finished" });
    await rule.uncheck();
    await page.reload();
    await expect(
      page
        .getByRole("region", { name: "Notifications" })
        .getByRole("checkbox", { name: "A broadcast finished" })
        .isChecked(),
    ).resolves.toBe(false);
    await expect(
      page.getByRole("region", { name: "Notifications" }).getByTestId("notification-channel").count(),
    ).resolves.toBe(2);
    await accessible("settings (notifications)");
    await page.getByRole("region", { name: "Notifications" }).scrollIntoViewIfNeeded();
    await shot("17-settings-notifications");
    // Back to the bot, where the next test starts.
    await page.goto(`/bots/${encodeURIComponent(botId)}`);
    await page.locator(".page-heading").waitFor();
  }, 120_000);

  it("shows the bot's schedules with cron in words, a warning for a failed run; Run now and Cancel act", async () => {
    // A cron and a one-off schedule, and a reminder that failed its three attempts: the warning's case. (The bot's
    // code has no `scheduled` handlers: a run started here fails.)
    await platform.addSchedules(botId);
    const repository = new ScheduleRepository(platform.handle.db);
    await page.getByRole("link", { name: "Schedules" }).click();
    const schedules = page.getByTestId("schedules");
    await schedules.getByRole("row", { name: /weekday-digest/ }).waitFor();
    await expect(schedules.getByRole("row", { name: /weekday-digest/ }).textContent()).resolves.toMatch(
      /At 09:00, Monday through Friday \(Asia\/Tokyo time\)/,
    );
    await expect(schedules.getByRole("row", { name: /remind:42/ }).textContent()).resolves.toContain("Once");
    const warning = page.getByTestId("schedule-warning");
    await expect(warning.textContent()).resolves.toMatch(/remind:41: failed at .*Task timed out after 3000 ms/);
    await expect(page.getByTestId("schedule-runs").getByRole("row").count()).resolves.toBe(5);
    await accessible("schedules");
    await shot("17-schedules");

    // Run now: a gateway takes it at once; the bot has no scheduled['remind'], so the run fails and says why.
    await page.getByRole("button", { name: "Run now: remind:42" }).click();
    await page
      .getByTestId("schedule-runs")
      .getByRole("row", { name: /remind:42/ })
      .getByText("No handler scheduled['remind'] in the running code")
      .waitFor({ timeout: 30_000 });
    await expect(schedules.getByRole("row", { name: /remind:42/ }).count()).resolves.toBe(0);
    await page.getByRole("button", { name: "Cancel weekday-digest" }).click();
    await page.getByText("No schedules pending.").waitFor();
    expect(await repository.list(botId)).toEqual([]);
    await accessible("schedules (none pending)");
  }, 120_000);

  it("keeps every save as a version: History shows who and when, a diff of two, and rolls back on confirmation", async () => {
    // A save with a note: the greeting changes, saved but not running. The new code is typed over the whole of the
    // saved code, which starts with a comment: Chromium's own editing would keep the comment's colour as an inline
    // style there, which the CSP refuses (typeOverSelection.ts), so this test checks the CSP at its end.
    await page.goto(`/bots/${encodeURIComponent(botId)}/code`);
    const editor = page.getByRole("textbox", { name: "Bot code" });
    await editor.click();
    await page.keyboard.press("Control+a");
    await page.keyboard.insertText(BOT_CODE.replace('"Hi "', '"Hello "').replace("Welcome!", "Welcome back!"));
    await page.getByLabel("Version note").fill("Say Hello instead of Hi");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved. It runs after the next restart.").waitFor();

    await page.getByRole("link", { name: "History" }).click();
    const newest = page.getByTestId("version-4");
    await newest.getByText("Say Hello instead of Hi").waitFor();
    await newest.getByText("Saved").waitFor();
    await newest.getByText("Dashboard").waitFor();
    await page.getByTestId("version-3").getByText("Running").waitFor();
    await expect(page.getByTestId("history-summary").textContent()).resolves.toBe(
      "Version 4 is saved. Version 3 is running.",
    );
    // The diff of what runs against what is saved: both changed lines marked, on both sides.
    const diff = page.getByTestId("version-diff");
    await diff.locator(".cm-mergeView").waitFor();
    await diff.locator(".cm-changedText", { hasText: "Hello" }).first().waitFor();
    await expect(diff.locator(".cm-merge-a .cm-changedLine").count()).resolves.toBe(2);
    await expect(diff.locator(".cm-merge-b .cm-changedLine").count()).resolves.toBe(2);
    await accessible("history");
    await shot("16-history-diff");

    // Roll back to the running version, restarting: a new version 5 runs the old greeting.
    await page.getByRole("button", { name: "Roll back to version 3" }).click();
    const dialog = page.getByRole("dialog", { name: "Roll back to version 3?" });
    await dialog.getByLabel(/Restart now/).waitFor();
    await accessible("history: rollback dialog");
    await dialog.getByRole("button", { name: "Roll back and restart" }).click();
    await page.getByText("Version 3 restored as version 5. It is running.").waitFor();
    const restored = page.getByTestId("version-5");
    await restored.getByText("Rollback of version 3").waitFor();
    await restored.getByText("Running").waitFor();
    const hello = await fetch(`${platform.gatewayOrigin}/custom/${botId}/hello?name=Ada`);
    expect(await hello.json()).toMatchObject({ data: { greeting: "Hi Ada" } });
    // Now the diff shows the version before the newest (4) against it; any two can be picked.
    await diff.locator(".cm-changedText", { hasText: "Hello" }).first().waitFor();
    await page.getByLabel("Left").selectOption("3");
    await page.getByText("Version 3 and version 5 hold the same code.").waitFor();
    // Back to the bot in a fresh page, where the next test starts.
    await page.goto(`/bots/${encodeURIComponent(botId)}`);
    await page.locator(".page-heading").waitFor();
    expect(cspViolations).toEqual([]);
  }, 120_000);

  it("renders what owners and bots control as text: bot name, log lines, code, broadcast text", async () => {
    const evil = '<img src=x onerror="window.__xss=1;alert(1)">';
    await page.getByRole("button", { name: "Rename" }).click();
    await page.getByRole("dialog", { name: "Rename bot" }).getByLabel("Bot name").fill(evil);
    await page.getByRole("button", { name: "Save name" }).click();
    await page.locator(".bot-title").getByText(evil, { exact: true }).waitFor();
    await page.getByRole("navigation", { name: "Bots" }).getByText(evil, { exact: true }).waitFor();

    await page.getByRole("link", { name: "Try it" }).click();
    await page.getByLabel("Method").selectOption("GET");
    await page.getByLabel("Path").fill("echo");
    await page.getByLabel("Query").fill(`text=${encodeURIComponent("<script>window.__xss=2</script><b>bold</b>")}`);
    await page.getByRole("button", { name: "Send request" }).click();
    await page.getByRole("log", { name: "Bot log" }).getByText("<script>window.__xss=2</script><b>bold</b>").waitFor();

    await page.getByRole("link", { name: "Broadcasts" }).click();
    await page.getByLabel("Text").fill('<img src=x onerror="window.__xss=3">');
    await page.getByLabel("Text").inputValue();

    await page.getByRole("link", { name: "Code" }).click();
    const editor = page.getByRole("textbox", { name: "Bot code" });
    await editor.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.insertText('\n// </script><img src=x onerror="window.__xss=4">\n');
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.getByText("Saved. It runs after the next restart.").waitFor();
    await page.reload();
    await page.getByText('// </script><img src=x onerror="window.__xss=4">').waitFor();
    await page.getByTestId("code-differs").waitFor();

    expect(await page.evaluate<unknown>("window.__xss")).toBeUndefined();
    expect(await page.locator("img[src=x]").count()).toBe(0);
    expect(pageErrors).toEqual([]);
    expect(cspViolations).toEqual([]);
  }, 120_000);

  it("refuses a state-changing call without the CSRF token, and from another origin", async () => {
    // Run in the page: its cookie, its Origin, no X-CSRF-Token.
    const status = await page.evaluate<{ status: number; body: { error?: { code?: string } } }>(
      `fetch("/api/settings/api-key/regenerate", { method: "POST" }).then(async (r) => ({ status: r.status, body: await r.json() }))`,
    );
    expect(status.status).toBe(403);
    expect(status.body.error?.code).toBe("CSRF");
    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === "botyard_session");
    expect(session?.httpOnly).toBe(true);
    const res = await fetch(`${platform.origin}/api/bots/${botId}/stop`, {
      method: "POST",
      headers: { Cookie: `botyard_session=${session?.value}`, Origin: "https://evil.example", "X-CSRF-Token": "x" },
    });
    expect(res.status).toBe(403);
  });

  it("changes the password in one browser; another browser's session is revoked and its next action lands on sign-in", async () => {
    const other = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: platform.origin });
    try {
      const second = await other.newPage();
      await second.goto("/signin");
      await second.getByLabel("E-mail").fill(EMAIL);
      await second.getByLabel("Password").fill(PASSWORD);
      await second.getByRole("button", { name: "Sign in" }).click();
      await second.getByRole("link", { name: "Settings" }).waitFor();

      await page.getByRole("link", { name: "Settings" }).click();
      await page.getByRole("heading", { name: "Password" }).waitFor();
      await page.getByText("Changing your password signs you out everywhere else").waitFor();
      // The wrong current password: the server's message next to that field.
      await page.getByLabel("Current password").fill("not my password");
      await page.getByLabel("New password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Change password" }).click();
      await page
        .locator(".field-invalid")
        .getByText(/current/i)
        .first()
        .waitFor();
      await page.getByLabel("Current password").fill(PASSWORD);
      await page.getByRole("button", { name: "Change password" }).click();
      await page.getByRole("status").filter({ hasText: "Every other session has been signed out" }).waitFor();
      await accessible("settings (password changed)");
      await page.evaluate("window.scrollTo(0, 0)");
      await shot("12-settings-password");

      // The other browser's next action: its session is gone, so it lands on sign-in.
      await second.getByRole("link", { name: "Settings" }).click();
      await second.waitForURL("**/signin");
      await second.getByRole("button", { name: "Sign in" }).waitFor();
      const stale = await second.evaluate<number>(`fetch("/api/auth/session").then((r) => r.status)`);
      expect(stale).toBe(401);
      // The old password no longer works; the new one does.
      await second.getByLabel("E-mail").fill(EMAIL);
      await second.getByLabel("Password").fill(PASSWORD);
      await second.getByRole("button", { name: "Sign in" }).click();
      await second
        .getByRole("alert")
        .filter({ hasText: /e-mail or password/i })
        .waitFor();
      await second.getByLabel("Password").fill(NEW_PASSWORD);
      await second.getByRole("button", { name: "Sign in" }).click();
      await second.getByRole("link", { name: "Settings" }).waitFor();

      // This browser stays signed in, with its rotated CSRF token: a state-changing call still works.
      await page.getByRole("button", { name: "Regenerate" }).click();
      await page.getByRole("button", { name: "Regenerate key" }).click();
      await page.getByText("A new key is active").waitFor();
    } finally {
      await other.close();
    }
  }, 120_000);

  it("opens an invite link made like `pnpm botyard user:invite`, sets the password and signs in", async () => {
    const link = await platform.invite("lin@example.com");
    expect(link).toMatch(new RegExp(`^${platform.origin}/invite/[^/]+$`));
    const invited = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: platform.origin });
    try {
      const other = await invited.newPage();
      other.on("pageerror", (error) => pageErrors.push(error.message));
      await other.goto(link);
      await expect(other.getByLabel("E-mail").inputValue()).resolves.toBe("lin@example.com");
      await other.getByRole("button", { name: "Set password" }).waitFor();
      await expectAccessible(other, "invite");
      await other.screenshot({ path: `${SHOTS}13-invite.png` });
      // Too short: the server's message next to the field.
      await other.getByLabel("New password").fill("short");
      await other.getByRole("button", { name: "Set password" }).click();
      await other.locator(".field-error").first().waitFor();
      await other.getByLabel("New password").fill("lin's own passphrase");
      await other.getByRole("button", { name: "Set password" }).click();
      await other.getByRole("heading", { name: "No bots yet" }).waitFor();
      await other.getByText("lin@example.com").first().waitFor();
      // The link worked once.
      await other.goto(link);
      await other.getByText("This invite link is not valid").waitFor();
    } finally {
      await invited.close();
    }
  }, 120_000);

  it("signs out; sign-in is throttled after repeated wrong passwords, with the message shown", async () => {
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL("**/signin");
    await page.getByLabel("E-mail").fill(EMAIL);
    for (let i = 0; i < 3; i++) {
      await page.getByLabel("Password").fill(`wrong password ${i}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page
        .getByRole("alert")
        .filter({ hasText: /e-mail or password|invalid/i })
        .waitFor();
    }
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /retry|too many|try again/i })
      .waitFor();
    await shot("10-sign-in-throttled");
    await accessible("sign in (throttled)");
  }, 60_000);

  it("broke no rule of the Content-Security-Policy and threw no error on any page", () => {
    expect(cspViolations).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
