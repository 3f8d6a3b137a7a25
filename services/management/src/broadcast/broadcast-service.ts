/** The rules of the broadcast routes: token authentication, queueing, and cancellation. */
import { Queue } from "bullmq";
import { constantTimeEqual, newId, sha256 } from "@botyard/common/crypto";
import { AppError } from "@botyard/common/errors";
import type { RedisConnection, RedisNames } from "@botyard/common/redis";
import {
  BROADCAST_QUEUE,
  cancelChannel,
  drainJobId,
  jobView,
  type BroadcastPayload,
  type DrainJobData,
} from "@botyard/broadcast";
import type { QuotaService } from "../usage/quota-service.js";
import type { BroadcastRepository } from "./broadcast-repository.js";

/** How many jobs GET /jobs/:botId lists. */
export const JOBS_LISTED = 20;

/** Queues, reads and cancels broadcasts. */
export class BroadcastService {
  readonly #queue: Queue<DrainJobData>;

  constructor(
    private readonly repository: BroadcastRepository,
    private readonly redis: RedisConnection,
    private readonly names: RedisNames,
    /** Broadcasts a day per account; without it (tests of the queueing alone) there is no quota. */
    private readonly quotas?: QuotaService,
  ) {
    this.#queue = new Queue<DrainJobData>(BROADCAST_QUEUE, { connection: redis.duplicate(), prefix: names.bullPrefix });
  }

  /** Throws 401 unless `token` is the token of bot `botId`; unknown bots look exactly like wrong tokens. */
  async authenticate(botId: string, token: string | undefined): Promise<void> {
    const stored = await this.repository.tokenHash(botId);
    const presented = sha256(token ?? "");
    if (!token || !stored || !constantTimeEqual(presented, stored)) throw new AppError("INVALID_BOT_TOKEN");
  }

  /**
   * Records the job as queued and makes sure the bot's drain job exists. When the queue cannot be reached the job is
   * withdrawn before the error (503) reaches the caller, unless a worker already claimed it: a client that retries
   * after a 503 must not get two broadcasts (the workers' sweeper would otherwise send the orphaned row).
   * @see docs/broadcast.md#fencing
   */
  async enqueue(botId: string, payload: BroadcastPayload) {
    // Within the account's broadcasts a day: checked and recorded under a lock of the account, so N are let through.
    const row = await this.repository.transaction(async (tx) => {
      await this.quotas?.reserveBroadcast(tx, botId);
      return this.repository.insert(newId(24), botId, payload, tx);
    });
    try {
      await this.#queue.add(
        "drain",
        { botId },
        { jobId: drainJobId(botId), removeOnComplete: true, removeOnFail: true },
      );
    } catch (err) {
      if (await this.repository.withdrawUnclaimed(botId, row.id)) throw err;
    }
    return row;
  }

  async get(botId: string, jobId: string) {
    const row = await this.repository.find(botId, jobId);
    if (!row) throw new AppError("JOB_NOT_FOUND");
    return jobView(row);
  }

  async list(botId: string) {
    return (await this.repository.latest(botId, JOBS_LISTED)).map(jobView);
  }

  /** Cancels a queued or running job (idempotent); 409 for a finished one. */
  async cancel(botId: string, jobId: string) {
    const cancelled = await this.repository.cancel(botId, jobId);
    if (cancelled) {
      // The row is the truth; the message only makes the running loop stop now rather than at its next check.
      await this.redis.publish(cancelChannel(this.names), jobId);
      return jobView(cancelled);
    }
    const row = await this.repository.find(botId, jobId);
    if (!row) throw new AppError("JOB_NOT_FOUND");
    if (row.status === "cancelled") return jobView(row);
    throw new AppError("JOB_FINISHED", `Job is already ${row.status}`, { details: { job: jobView(row) } });
  }

  async close(): Promise<void> {
    const connection = await this.#queue.client;
    await this.#queue.close();
    connection.disconnect();
  }
}
