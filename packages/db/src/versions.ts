/**
 * The two writes every new version of a bot's code makes, shared by management (saves, rollbacks) and the gateway
 * (automatic rollbacks), so both number, describe and prune versions alike (docs/versions.md#pruning).
 */
import { createHash } from "node:crypto";
import { and, eq, lte, notInArray } from "drizzle-orm";
import type { Database } from "./client.js";
import { botVersions, type VersionSource } from "./schema.js";

/** A transaction of {@link Database}. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What makes a new version: its code and who made it. */
export interface NewVersion {
  code: string;
  source: VersionSource;
  /** The owner's note (editBotCoreLogic's and Save's `message`); for an automatic rollback, the reason. */
  message?: string | null;
  /** For a rollback: the version whose code this one holds. */
  restoredFrom?: number | null;
}

/** The bot row's version numbers pruning must respect. */
export interface PrunePointers {
  savedVersion: number;
  runningVersion: number | null;
  /** The version an automatic rollback would return to (docs/versions.md#automatic-rollback). */
  rollbackToVersion?: number | null;
}

/** Writes version `number` of the bot. */
export async function insertVersion(tx: Tx, botId: string, number: number, version: NewVersion): Promise<void> {
  await tx.insert(botVersions).values({
    botId,
    version: number,
    code: version.code,
    size: Buffer.byteLength(version.code, "utf8"),
    sha256: createHash("sha256").update(version.code, "utf8").digest("hex"),
    source: version.source,
    message: version.message ?? null,
    restoredFrom: version.restoredFrom ?? null,
  });
}

/**
 * Deletes the versions older than the newest `kept`, never the running one nor the one an automatic rollback would
 * return to. The bot row must be locked by the caller's update, so a restart cannot move them meanwhile.
 */
export async function pruneVersions(tx: Tx, botId: string, row: PrunePointers, kept: number): Promise<void> {
  const oldest = row.savedVersion - kept;
  if (oldest < 1) return;
  const spared = [row.runningVersion, row.rollbackToVersion].filter((v): v is number => typeof v === "number");
  await tx
    .delete(botVersions)
    .where(
      and(
        eq(botVersions.botId, botId),
        lte(botVersions.version, oldest),
        spared.length === 0 ? undefined : notInArray(botVersions.version, spared),
      ),
    );
}
