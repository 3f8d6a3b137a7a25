/**
 * The dashboard at phone sizes, end to end in headless Chromium: every page at 390×844 and 360×740 with touch
 * (`hasTouch`, `isMobile`), and at the desktop's 1280×800 with a mouse. On each page: the document is no wider than
 * the viewport (no sideways scroll); every control (button, tab, bot link, field) lies inside the viewport's width
 * unless it sits in a scrolling strip (the tab bar), and on touch is at least 44×44 CSS px; axe-core finds no serious
 * or critical violation. At phone size the Menu button opens the account controls (e-mail, Settings, Sign out) and the
 * bot list, Escape or a link closes it; the bot's actions (Restart, Stop, Delete) sit on screen under its name; the
 * code editor takes typing, Try it sends a request and shows the bot's log line, a broadcast is sent and completes.
 * Screenshots at 390×844 (and two at 360×740) go where the desktop test's go (`phone-*.png`; docs/dashboard.md).
 *
 * @see docs/dashboard.md#phones-and-touch
 */
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { expectAccessible } from "./axe.js";
import { type Platform, startPlatform } from "./platform.js";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const HAVE_CHROMIUM = existsSync(CHROMIUM);
const SHOTS = fileURLToPath(
  new URL(process.env.UPDATE_SCREENSHOTS === "1" ? "../../../../docs/screenshots/" : "./screenshots/", import.meta.url),
);
const MANAGEMENT = fileURLToPath(new URL("../..", import.meta.url));
const suite = HAVE_CHROMIUM || process.env.CI === "true" ? describe : describe.skip;

const PASSWORD = "correct horse battery staple";
const OWNER = "grace.hopper@example.com";
const EMPTY = "new.owner@example.com";
const BOT_NAME = "Weather station";
const BOT_CODE = [
  'logic["hello"] = async (query) => {',
  '  console.log("hello from " + (query.name || "nobody"));',
  '  return { greeting: "Hi " + (query.name || "there") };',
  "};",
  'bot.start((ctx) => ctx.reply("Welcome!"));',
  "",
].join("\n");

interface Size {
  name: string;
  width: number;
  height: number;
  touch: boolean;
  /** Screenshots taken at this size, as `<prefix>-<name>.png` (none when absent). */
  shots?: { prefix: string; names: string[] };
}

const SIZES: Size[] = [
  { name: "desktop", width: 1280, height: 800, touch: false },
  {
    name: "phone 390×844",
    width: 390,
    height: 844,
    touch: true,
    shots: {
      prefix: "phone-390",
      names: [
        "01-sign-in",
        "02-bot-overview",
        "03-menu",
        "04-code",
        "05-try-it",
        "06-broadcasts",
        "07-usage",
        "08-settings",
        "09-schedules",
        "09-notifications",
      ],
    },
  },
  {
    name: "phone 360×740",
    width: 360,
    height: 740,
    touch: true,
    shots: { prefix: "phone-360", names: ["02-bot-overview", "03-menu"] },
  },
];

/** Touch targets: WCAG 2.5.5's 44×44 CSS px. */
const TARGET = 44;

/**
 * Run in the page (as text: this package compiles without the DOM's types). Lists what keeps a page from fitting: a
 * document wider than the viewport, and each visible control that lies partly outside the viewport's width (unless
 * inside a strip that scrolls sideways, as the tab bar does) or, on touch, is under 44×44. Inline links in text are
 * not controls here (WCAG 2.5.8 exempts them).
 */
const MISFITS = `({ width, touch, target }) => {
  const problems = [];
  const docWidth = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
  if (docWidth > width) problems.push("the document is " + docWidth + " px wide");
  const scrollsSideways = (el) => {
    for (let p = el.parentElement; p; p = p.parentElement) {
      const overflow = getComputedStyle(p).overflowX;
      if ((overflow === "auto" || overflow === "scroll") && p.scrollWidth > p.clientWidth) return true;
    }
    return false;
  };
  const controls = document.querySelectorAll(
    "button, a.button, a.tab, a.bot-link, select, textarea, input:not([type=checkbox]):not([type=radio])",
  );
  for (const el of controls) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 && box.height === 0) continue;
    const label = el.tagName.toLowerCase() + ' "' + (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 40) + '"';
    const size = Math.round(box.width) + "×" + Math.round(box.height) + " at x=" + Math.round(box.left);
    if ((box.left < 0 || box.right > width + 0.5) && !scrollsSideways(el)) problems.push(label + " is off screen (" + size + ")");
    if (touch && (box.width < target - 0.5 || box.height < target - 0.5)) problems.push(label + " is " + size);
  }
  return problems;
}`;

suite("dashboard at phone sizes in Chromium", () => {
  let platform: Platform;
  let browser: Browser;
  let botId = "";
  const pageErrors: string[] = [];

  /** Signs up by the JSON API, as the sign-up form does; resolves with the session cookie and CSRF token. */
  async function signUp(email: string): Promise<{ cookie: string; csrf: string }> {
    const res = await fetch(`${platform.origin}/api/auth/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: platform.origin },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { csrfToken: string };
    return { cookie: res.headers.getSetCookie()[0]!.split(";")[0]!, csrf: body.csrfToken };
  }

  async function call(session: { cookie: string; csrf: string }, method: string, path: string, body: unknown) {
    const res = await fetch(`${platform.origin}${path}`, {
      method,
      headers: {
        "Content-Type": "application/json",
        Origin: platform.origin,
        Cookie: session.cookie,
        "X-CSRF-Token": session.csrf,
      },
      body: JSON.stringify(body),
    });
    expect(res.status).toBeLessThan(300);
    return (await res.json()) as Record<string, unknown>;
  }

  beforeAll(async () => {
    if (!HAVE_CHROMIUM) throw new Error(`Chromium is not installed at ${CHROMIUM} (see dashboard.e2e.test.ts)`);
    execFileSync(process.execPath, ["--import", "tsx", "scripts/build-web.ts"], { cwd: MANAGEMENT, stdio: "pipe" });
    mkdirSync(SHOTS, { recursive: true });
    platform = await startPlatform();
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-dev-shm-usage"] });

    // One owner with a running bot that has recipients, a log line and a finished broadcast; one with no bot.
    const owner = await signUp(OWNER);
    await signUp(EMPTY);
    botId = String(
      (await call(owner, "POST", "/api/bots", { name: BOT_NAME, botToken: "123456:AAHphoneE2EtokenABCDEFGHIJKLMNOPQ" }))
        .botId,
    );
    await call(owner, "PUT", `/api/bots/${botId}/code`, { code: BOT_CODE, restart: true });
    expect((await fetch(`${platform.gatewayOrigin}/custom/${botId}/hello?name=Ada`)).status).toBe(200);
    await platform.addRecipients(botId, 12);
    await call(owner, "POST", `/api/bots/${botId}/broadcasts`, { text: "Rain expected this afternoon." });
    await platform.addSchedules(botId);
    // Settings → Notifications with a linked-to-be Telegram chat and a webhook whose test failed (nothing listens on
    // port 9), so the page shows a channel waiting for its start link and a last failure.
    await call(owner, "POST", "/api/settings/notifications/channels", { kind: "telegram" });
    const webhook = await call(owner, "POST", "/api/settings/notifications/channels", {
      kind: "webhook",
      url: "http://127.0.0.1:9/hooks/botyard",
    });
    const channelId = (webhook.channel as { id: string }).id;
    await call(owner, "POST", `/api/settings/notifications/channels/${channelId}/test`, undefined);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await platform?.close();
  }, 60_000);

  async function open(size: Size): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      viewport: { width: size.width, height: size.height },
      ...(size.touch ? { hasTouch: true, isMobile: true } : {}),
      baseURL: platform.origin,
    });
    const page = await context.newPage();
    page.on("pageerror", (error) => pageErrors.push(`${size.name}: ${error.message}`));
    return { context, page };
  }

  /** Taps on a touch screen, clicks with a mouse. */
  const press = (size: Size, target: Locator) => (size.touch ? target.tap() : target.click());

  /** The {@link MISFITS} of the current page at this size, each named. */
  async function misfits(page: Page, size: Size, name: string): Promise<string[]> {
    const found = await page.evaluate<string[]>(
      `(${MISFITS})(${JSON.stringify({ width: size.width, touch: size.touch, target: TARGET })})`,
    );
    return found.map((p) => `${size.name}, ${name}: ${p}`);
  }

  async function check(page: Page, size: Size, name: string, shot?: string): Promise<void> {
    expect(await misfits(page, size, name)).toEqual([]);
    await expectAccessible(page, `${size.name}, ${name}`);
    if (shot) await screenshot(page, size, shot);
  }

  /** A screenshot of the viewport, when this size takes one of that name: from the top, or from `at` (under the header). */
  async function screenshot(page: Page, size: Size, shot: string, at?: Locator): Promise<void> {
    if (!size.shots?.names.includes(shot)) return;
    await page.evaluate("window.scrollTo(0, 0)");
    const box = at ? await at.boundingBox() : null;
    if (box) await page.evaluate(`window.scrollTo(0, ${Math.max(0, box.y - 64)})`);
    await page.screenshot({ path: `${SHOTS}${size.shots.prefix}-${shot}.png` });
  }

  /** A control fully inside the viewport (scrolled to if needed), and on touch at least 44×44. */
  async function onScreen(size: Size, target: Locator, name: string) {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    expect(box).not.toBeNull();
    const b = box!;
    const inside = b.x >= 0 && b.y >= 0 && b.x + b.width <= size.width + 0.5 && b.y + b.height <= size.height + 0.5;
    expect({ name, inside, big: !size.touch || (b.width >= TARGET && b.height >= TARGET) }).toEqual({
      name,
      inside: true,
      big: true,
    });
  }

  async function signIn(page: Page, size: Size, email: string): Promise<void> {
    await page.goto("/signin");
    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await press(size, page.getByRole("button", { name: "Sign in" }));
    await page.getByRole("link", { name: "Botyard" }).waitFor();
  }

  /** Opens the menu at phone size (a no-op on the desktop, where its contents always show). */
  async function openMenu(page: Page, size: Size): Promise<void> {
    const menu = page.getByRole("button", { name: "Menu" });
    if (!size.touch) {
      expect(await menu.isVisible()).toBe(false);
      return;
    }
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("button", { name: "Sign out" }).isVisible()).toBe(false);
    await onScreen(size, menu, "Menu");
    await press(size, menu);
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
  }

  for (const size of SIZES) {
    describe(size.name, () => {
      it("sign-in, sign-up and an invite fit, and the empty dashboard's menu opens the account controls", async () => {
        const { context, page } = await open(size);
        try {
          await page.goto("/signin");
          await page.getByRole("button", { name: "Sign in" }).waitFor();
          await check(page, size, "sign in", "01-sign-in");
          await page.goto("/signup");
          await page.getByRole("button", { name: "Sign up" }).waitFor();
          await check(page, size, "sign up");
          await page.goto("/invite/not-a-real-invite-token");
          await page.getByText("This invite link is not valid").waitFor();
          await check(page, size, "invite (not valid)");

          await signIn(page, size, EMPTY);
          await page.getByRole("heading", { name: "No bots yet" }).waitFor();
          await check(page, size, "home (no bots)");
          await openMenu(page, size);
          await page.getByRole("navigation", { name: "Account" }).getByText(EMPTY).waitFor();
          await onScreen(size, page.getByRole("link", { name: "Settings" }), "Settings");
          await onScreen(size, page.getByRole("button", { name: "Sign out" }), "Sign out");
          await page.getByRole("navigation", { name: "Bots" }).getByText("No bots yet.").waitFor();
          await onScreen(size, page.getByRole("button", { name: "New bot" }), "New bot");
          await check(page, size, "menu (no bots)");

          // New bot from the menu: a dialog whose buttons fit.
          await press(size, page.getByRole("button", { name: "New bot" }));
          const dialog = page.getByRole("dialog", { name: "New bot" });
          await dialog.waitFor();
          await onScreen(size, dialog.getByRole("button", { name: "Cancel" }), "Cancel");
          await onScreen(size, dialog.getByRole("button", { name: "Create bot" }), "Create bot");
          await check(page, size, "new bot dialog");
          await press(size, dialog.getByRole("button", { name: "Cancel" }));
          await dialog.waitFor({ state: "hidden" });
          if (size.touch) {
            // Escape in the dialog closes the dialog, not the menu behind it.
            await press(size, page.getByRole("button", { name: "New bot" }));
            await dialog.waitFor();
            await page.keyboard.press("Escape");
            await dialog.waitFor({ state: "hidden" });
            await expect(page.getByRole("button", { name: "Menu" }).getAttribute("aria-expanded")).resolves.toBe(
              "true",
            );
          }

          if (size.touch) await page.getByRole("button", { name: "Sign out" }).waitFor();
          await press(size, page.getByRole("button", { name: "Sign out" }));
          await page.waitForURL("**/signin");
        } finally {
          await context.close();
        }
      }, 120_000);

      it("a bot: the menu holds its list and the account controls; every tab fits; its actions are on screen", async () => {
        const { context, page } = await open(size);
        try {
          await signIn(page, size, OWNER);
          await page.locator(".page-heading").getByText("Running").waitFor();
          for (const action of ["Restart", "Stop", "Delete"]) {
            await onScreen(size, page.getByRole("button", { name: action, exact: true }), action);
          }
          await page.getByText("12", { exact: true }).first().waitFor();
          await check(page, size, "bot overview", "02-bot-overview");

          await openMenu(page, size);
          const bots = page.getByRole("navigation", { name: "Bots" });
          await onScreen(size, bots.getByRole("link", { name: new RegExp(BOT_NAME) }), "the bot in the list");
          await onScreen(size, page.getByRole("link", { name: "Settings" }), "Settings");
          await onScreen(size, page.getByRole("button", { name: "Sign out" }), "Sign out");
          await check(page, size, "menu", "03-menu");
          if (size.touch) {
            // Escape closes the menu and gives focus back to its button; a link in it closes it too.
            await page.keyboard.press("Escape");
            await expect(page.getByRole("button", { name: "Menu" }).getAttribute("aria-expanded")).resolves.toBe(
              "false",
            );
            expect(await page.evaluate("document.activeElement?.textContent")).toBe("Menu");
            await openMenu(page, size);
            await press(size, bots.getByRole("link", { name: new RegExp(BOT_NAME) }));
            await expect(page.getByRole("button", { name: "Menu" }).getAttribute("aria-expanded")).resolves.toBe(
              "false",
            );
            expect(await bots.isVisible()).toBe(false);
          }

          // Every tab the bar offers (whatever tabs it has), reached through the bar.
          const tabBar = page.getByRole("navigation", { name: "Bot sections" });
          const tabs = await tabBar.getByRole("link").allTextContents();
          expect(tabs.length).toBeGreaterThanOrEqual(7);
          for (const tab of tabs) {
            const link = tabBar.getByRole("link", { name: tab, exact: true });
            await link.scrollIntoViewIfNeeded();
            await press(size, link);
            await expect(link.getAttribute("aria-current")).resolves.toBe("page");
            await page.locator(".tab-panel .state-loading").waitFor({ state: "detached" });
            // Schedules: the failed reminder's warning shows above the tables.
            if (tab === "Schedules") await page.getByTestId("schedule-warning").waitFor();
            await check(
              page,
              size,
              `tab ${tab}`,
              tab === "Code"
                ? "04-code"
                : tab === "Usage"
                  ? "07-usage"
                  : tab === "Schedules"
                    ? "09-schedules"
                    : undefined,
            );
            await page.evaluate("window.scrollTo(0, 0)");
            for (const action of ["Restart", "Stop", "Delete"]) {
              await onScreen(size, page.getByRole("button", { name: action, exact: true }), `${action} on ${tab}`);
            }
          }
        } finally {
          await context.close();
        }
      }, 240_000);

      it("the code editor, Try it and a broadcast work at this size; Delete asks in a dialog that fits", async () => {
        const { context, page } = await open(size);
        try {
          await signIn(page, size, OWNER);
          // Opened on the last tab, the tab bar shows that tab without being scrolled by hand.
          await page.goto(`/bots/${encodeURIComponent(botId)}/transfer`);
          await page.getByLabel("Target e-mail").waitFor();
          const current = await page
            .getByRole("navigation", { name: "Bot sections" })
            .getByRole("link", { name: "Transfer" })
            .boundingBox();
          expect(current !== null && current.x >= 0 && current.x + current.width <= size.width + 0.5).toBe(true);

          await page.goto(`/bots/${encodeURIComponent(botId)}/code`);
          const editor = page.getByRole("textbox", { name: "Bot code" });
          await press(size, editor);
          await page.keyboard.press("Control+End");
          await page.keyboard.insertText("\n// typed on a phone\n");
          await page.getByText("Unsaved changes").waitFor();
          for (const action of ["Discard changes", "Save", "Save and restart"]) {
            await onScreen(size, page.getByRole("button", { name: action, exact: true }), action);
          }
          expect(await misfits(page, size, "code (edited)")).toEqual([]);
          await press(size, page.getByRole("button", { name: "Discard changes" }));
          await page.getByText("Unsaved changes").waitFor({ state: "hidden" });

          await page.goto(`/bots/${encodeURIComponent(botId)}/try`);
          await page.getByLabel("Method").selectOption("GET");
          await page.getByLabel("Path").fill("hello");
          const caller = size.name.replace(/\W+/g, "-");
          await page.getByLabel("Query").fill(`name=${caller}`);
          await press(size, page.getByRole("button", { name: "Send request" }));
          await expect(page.getByTestId("try-status").textContent()).resolves.toBe("200");
          await page
            .getByRole("log", { name: "Bot log" })
            .getByText(`hello from ${caller}`)
            .waitFor({ timeout: 15_000 });
          await check(page, size, "try it (answered)");
          await screenshot(page, size, "05-try-it", page.getByTestId("try-status"));

          await page.goto(`/bots/${encodeURIComponent(botId)}/broadcasts`);
          await page.getByLabel("Text").fill(`Sent from the ${size.name} layout.`);
          await onScreen(size, page.getByRole("button", { name: "Send broadcast" }), "Send broadcast");
          await press(size, page.getByRole("button", { name: "Send broadcast" }));
          await page.locator('[data-testid="job"][data-status="completed"]').nth(1).waitFor({ timeout: 30_000 });
          await check(page, size, "broadcasts (sent)");
          await screenshot(page, size, "06-broadcasts", page.getByRole("heading", { name: "Recent broadcasts" }));

          await page.evaluate("window.scrollTo(0, 0)");
          await press(size, page.getByRole("button", { name: "Delete", exact: true }));
          const dialog = page.getByRole("dialog", { name: `Delete ${BOT_NAME}?` });
          await dialog.waitFor();
          await onScreen(size, dialog.getByRole("button", { name: "Cancel" }), "Cancel");
          await onScreen(size, dialog.getByRole("button", { name: "Delete bot" }), "Delete bot");
          await check(page, size, "delete dialog");
          await press(size, dialog.getByRole("button", { name: "Cancel" }));
          await dialog.waitFor({ state: "hidden" });

          await openMenu(page, size);
          await press(size, page.getByRole("link", { name: "Settings" }));
          await page.getByTestId("api-key").waitFor();
          await page.getByRole("region", { name: "Plan and usage" }).getByRole("row", { name: /^Bots/ }).waitFor();
          for (const action of ["Copy", "Regenerate", "Change password"]) {
            await onScreen(size, page.getByRole("button", { name: action, exact: true }), action);
          }
          await check(page, size, "settings", "08-settings");

          // Settings → Notifications: every channel's Test and Remove, the add buttons, the rules.
          const notifications = page.getByRole("region", { name: "Notifications" });
          await notifications.getByText(/Last failure/).waitFor();
          for (const action of [
            "Test Telegram chat",
            "Remove Telegram chat",
            "Test http://127.0.0.1:9/hooks/botyard",
            "Remove http://127.0.0.1:9/hooks/botyard",
            "Add a Telegram chat",
            "Add webhook",
          ]) {
            await onScreen(size, notifications.getByRole("button", { name: action, exact: true }), action);
          }
          await onScreen(size, notifications.getByText("A bot is halted (with its reason)"), "the halt rule");
          await check(page, size, "notifications");
          await screenshot(
            page,
            size,
            "09-notifications",
            notifications.getByRole("heading", { name: "Notifications" }),
          );
        } finally {
          await context.close();
        }
      }, 240_000);
    });
  }

  it("threw no error on any page", () => {
    expect(pageErrors).toEqual([]);
  });
});
