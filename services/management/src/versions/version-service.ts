/**
 * The versions of a bot's code as the owner sees them (docs/versions.md): the list, one version with its code, and a
 * rollback, which saves an old version's code as a new version and may restart the bot on it. A foreign bot is as
 * absent as a missing one; a version the bot does not have (never made, or pruned) is VERSION_NOT_FOUND.
 */
import { AppError } from "@botyard/common/errors";
import { isStorableText } from "@botyard/common/text";
import type { BotService, RestartOutcome } from "../bots/bot-service.js";
import type { StoredVersion, VersionPointers, VersionRepository, VersionSummary } from "./version-repository.js";

/** How many versions BOT_VERSIONS_KEPT keeps per bot unless set. */
export const DEFAULT_VERSIONS_KEPT = 100;

/** What a rollback did: the new version, and the restart's outcome when it restarted. */
export interface RollbackOutcome {
  version: number;
  restoredFrom: number;
  restarted?: RestartOutcome;
}

const BOT_NOT_FOUND = () => new AppError("BOT_NOT_FOUND");

/** A version as the APIs show it. */
export function versionView(v: VersionSummary, pointers: VersionPointers) {
  return {
    version: v.version,
    size: v.size,
    sha256: v.sha256,
    source: v.source,
    message: v.message,
    restoredFrom: v.restoredFrom,
    createdAt: v.createdAt.toISOString(),
    running: v.version === pointers.runningVersion,
  };
}

/** Reads and rolls back the versions of one account's bots. */
export class VersionService {
  constructor(
    private readonly deps: {
      versions: VersionRepository;
      /** Restarts a bot after a rollback that asks for it. */
      bots: Pick<BotService, "restart">;
    },
  ) {}

  /** The bot's newest `limit` versions without code, and its saved and running version numbers. */
  async list(accountId: string, botId: string, limit: number) {
    const found = isStorableText(botId) ? await this.deps.versions.list(accountId, botId, limit) : undefined;
    if (!found) throw BOT_NOT_FOUND();
    return {
      ...found.pointers,
      versions: found.versions.map((v) => versionView(v, found.pointers)),
    };
  }

  /** One version with its code. */
  async get(accountId: string, botId: string, version: number) {
    const { pointers, stored } = await this.#find(accountId, botId, version);
    return { ...versionView(stored, pointers), code: stored.code };
  }

  /**
   * Saves the code of `version` as a new version (source `rollback`), then restarts the bot when asked, which runs the
   * saved code of that moment: an edit that lands between the two runs instead, as with Save and restart.
   */
  async rollback(accountId: string, botId: string, version: number, restart: boolean): Promise<RollbackOutcome> {
    const { stored } = await this.#find(accountId, botId, version);
    const saved = await this.deps.versions.save(accountId, botId, {
      code: stored.code,
      source: "rollback",
      restoredFrom: version,
    });
    // Deleted between the read and the write.
    if (saved === undefined) throw BOT_NOT_FOUND();
    if (!restart) return { version: saved, restoredFrom: version };
    return { version: saved, restoredFrom: version, restarted: await this.deps.bots.restart(accountId, botId) };
  }

  async #find(
    accountId: string,
    botId: string,
    version: number,
  ): Promise<{ pointers: VersionPointers; stored: StoredVersion }> {
    const found = isStorableText(botId) ? await this.deps.versions.find(accountId, botId, version) : undefined;
    if (!found) throw BOT_NOT_FOUND();
    if (!found.version) throw new AppError("VERSION_NOT_FOUND");
    return { pointers: found.pointers, stored: found.version };
  }
}
