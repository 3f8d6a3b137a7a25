/** SQL of the gateway: the bot row it runs, halts, recipients and bot logs. */
import { and, eq, lt, sql } from "drizzle-orm";
import { botLogs, bots, recipients, type BotStatus, type Database } from "@botyard/db";

/** What the gateway needs of a bot. */
export interface GatewayBot {
  id: string;
  status: BotStatus;
  runningCode: string | null;
  codeVersion: number;
  envEnc: string | null;
  tokenEnc: string | null;
  webhookSecretHash: string | null;
}

/** A user seen in a Telegram update. */
export interface SeenUser {
  chatId: number;
  languageCode: string | null;
  firstName: string | null;
  username: string | null;
}

/** Lines kept per bot; older ones are trimmed. */
export const LOG_LINES_KEPT = 1000;

/** Reads and writes what the gateway touches. */
export class GatewayRepository {
  constructor(private readonly db: Database) {}

  async findBot(botId: string): Promise<GatewayBot | undefined> {
    const rows = await this.db
      .select({ id: bots.id, status: bots.status, runningCode: bots.runningCode, codeVersion: bots.codeVersion, envEnc: bots.envEnc, tokenEnc: bots.tokenEnc, webhookSecretHash: bots.webhookSecretHash })
      .from(bots)
      .where(eq(bots.id, botId))
      .limit(1);
    return rows[0];
  }

  /** Halts a running bot; resolves true when this call halted it. */
  async halt(botId: string, reason: string): Promise<boolean> {
    const rows = await this.db.update(bots).set({ status: "halted", haltReason: reason }).where(and(eq(bots.id, botId), eq(bots.status, "running"))).returning({ id: bots.id });
    return rows.length === 1;
  }

  /** Records or refreshes a recipient; a user who writes again is no longer marked blocked. */
  async upsertRecipient(botId: string, user: SeenUser): Promise<void> {
    await this.db
      .insert(recipients)
      .values({ botId, ...user })
      .onConflictDoUpdate({
        target: [recipients.botId, recipients.chatId],
        set: { languageCode: user.languageCode, firstName: user.firstName, username: user.username, blocked: false, blockedAt: null, updatedAt: sql`now()` },
      });
  }

  /** Appends log lines of one bot and trims the oldest beyond {@link LOG_LINES_KEPT}. */
  async appendLogs(botId: string, lines: Array<{ level: "log" | "info" | "warn" | "error"; message: string; at: Date }>): Promise<void> {
    if (lines.length === 0) return;
    await this.db.insert(botLogs).values(lines.map((l) => ({ botId, ...l })));
    await this.db.delete(botLogs).where(and(
      eq(botLogs.botId, botId),
      lt(botLogs.id, sql`(select id from ${botLogs} where ${botLogs.botId} = ${botId} order by id desc offset ${LOG_LINES_KEPT - 1} limit 1)`),
    ));
  }
}
