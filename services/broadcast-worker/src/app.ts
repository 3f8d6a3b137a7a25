/**
 * The broadcast worker: consumes drain jobs from BullMQ and runs a bot's broadcasts oldest first. Which run may send
 * for a job is decided in Postgres, not Redis: a run claims the job with a lease and a fence (docs/broadcast.md#fencing),
 * so two runs never send for one job, nor for two jobs of one bot, whatever Redis forgets or repeats.
 * Cancellations arrive on a Redis channel and stop a run at once; a sweeper adds drain jobs for bots whose broadcasts
 * wait with no live lease (a job handed back at shutdown, a worker killed, Redis restarted empty).
 */
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { Worker, type Job } from "bullmq";
import { createRedisConnection, type RedisConnection, type RedisNames } from "@botyard/common/redis";
import { SecretBox } from "@botyard/common/crypto";
import type { Logger } from "@botyard/common/logging";
import { type Database, UsageFlusher, UsageMeter, UsageRepository } from "@botyard/db";
import { Queue } from "bullmq";
import { BROADCAST_QUEUE, cancelChannel, sweptDrainJobId, type DrainJobData } from "@botyard/broadcast";
import type { TelegramClient } from "@botyard/telegram";
import { WorkerRepository } from "./broadcast-repository.js";
import { BroadcastRun } from "./broadcast-run.js";
import type { WorkerMetrics } from "./metrics.js";

/**
 * No bot is sent more than this many messages in any second on the default (unpaid) rate, whatever `BROADCAST_RATE`
 * says (docs/broadcast.md#how-sending-works). The configured rate (30 by default) is what the pacer aims at; this
 * bounds its catch-up after a stall.
 */
export const UNPAID_CEILING_PER_SECOND = 40;

/** What the worker is built from. */
export interface BroadcastWorkerDeps {
  db: Database;
  redisUrl: string;
  /**
   * REDIS_URL names Redis Cluster seed nodes. @see docs/operations.md#redis-cluster
   * @defaultValue false
   */
  redisCluster?: boolean;
  names: RedisNames;
  secretKey: string;
  telegram: TelegramClient;
  logger: Logger;
  metrics: WorkerMetrics;
  rate: number;
  paidRate: number;
  concurrency: number;
  lockMs: number;
  maxInFlight: number;
  /** How often the sweeper looks for broadcasts without a drain job, ms. */
  sweepMs?: number;
  /**
   * Length of a run's lease on its job, renewed by every progress write (every 200 ms). A killed worker's job is
   * resumed elsewhere within this plus `sweepMs`. @see docs/broadcast.md#fencing
   * @defaultValue {@link DEFAULT_LEASE_MS}
   */
  leaseMs?: number;
  /**
   * Usage metering of broadcast messages (docs/operations.md#usage-metering): flushed every `flushMs`, and on close.
   * @defaultValue on, every 10 000 ms
   */
  usage?: { enabled?: boolean; flushMs?: number };
}

/**
 * 5 s: 25 progress writes renew each lease, so only a worker that cannot reach Postgres for about 4 s (the lease
 * minus its 1 s guard) stops sending, and a worker killed with -9 has its job resumed within about 6 s (lease + sweep).
 */
export const DEFAULT_LEASE_MS = 5000;

/** A running broadcast worker. */
export class BroadcastWorker {
  readonly #repository: WorkerRepository;
  readonly #box: SecretBox;
  readonly #runs = new Map<string, BroadcastRun>();
  readonly #subscriber: RedisConnection;
  /** Plain commands (the 429 pauses); BullMQ's queue uses this connection too. */
  readonly #commands: RedisConnection;
  readonly #queue: Queue<DrainJobData>;
  readonly #worker: Worker<DrainJobData>;
  readonly #sweeper: NodeJS.Timeout;
  /** BullMQ does not close connections it was given; the worker does, after BullMQ is done with them. */
  readonly #connections: RedisConnection[] = [];
  #closing = false;
  #loops = 0;
  /** Who holds a lease, as the lease_owner column shows it (diagnostics only; the fence decides). */
  readonly #owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  /** Messages sent and failed per bot and minute, flushed into the usage rows. */
  readonly usage: UsageMeter;
  readonly #usageFlusher: UsageFlusher;

  constructor(private readonly deps: BroadcastWorkerDeps) {
    this.#repository = new WorkerRepository(deps.db);
    this.usage = new UsageMeter(deps.usage?.enabled ?? true);
    const usageRepository = new UsageRepository(deps.db);
    this.#usageFlusher = new UsageFlusher(this.usage, (deltas) => usageRepository.addUsage(deltas), {
      intervalMs: deps.usage?.flushMs,
      onError: (err, dropped) => deps.logger.warn({ err, dropped }, "usage flush failed; kept for the next one"),
    });
    this.#box = new SecretBox(deps.secretKey);
    const redis = { url: deps.redisUrl, cluster: deps.redisCluster ?? false };
    this.#subscriber = createRedisConnection(redis);
    void this.#subscriber.subscribe(cancelChannel(deps.names));
    this.#subscriber.on("message", (_channel, jobId: string) => this.#runs.get(jobId)?.cancel());
    const queueConnection = createRedisConnection(redis);
    const workerConnection = createRedisConnection(redis);
    this.#connections.push(queueConnection, workerConnection);
    this.#commands = queueConnection;
    this.#queue = new Queue<DrainJobData>(BROADCAST_QUEUE, {
      connection: queueConnection,
      prefix: deps.names.bullPrefix,
    });
    this.#worker = new Worker<DrainJobData>(BROADCAST_QUEUE, (job) => this.#drain(job), {
      connection: workerConnection,
      prefix: deps.names.bullPrefix,
      concurrency: deps.concurrency,
      lockDuration: deps.lockMs,
      stalledInterval: Math.max(500, Math.floor(deps.lockMs / 2)),
      // A job is only ever "stalled" because its worker died; it must resume however often that happens.
      maxStalledCount: 1_000_000,
    });
    this.#worker.on("error", (err) => deps.logger.error({ err }, "worker error"));
    this.#sweeper = setInterval(() => void this.sweep(), deps.sweepMs ?? 1000);
  }

  /**
   * Gives a drain job to every bot whose waiting broadcasts have no live lease. The job id names the broadcast and its
   * fence, so adding it again is a no-op until a claim changes the fence. A drain job too many is harmless: its claim
   * answers busy and it ends.
   */
  async sweep(): Promise<void> {
    if (this.#closing) return;
    try {
      for (const { botId, jobId, fence } of await this.#repository.unheldBots()) {
        await this.#queue.add(
          "drain",
          { botId },
          { jobId: sweptDrainJobId(botId, jobId, fence), removeOnComplete: true, removeOnFail: true },
        );
      }
    } catch (err) {
      this.deps.logger.warn({ err }, "broadcast sweep failed");
    }
  }

  /** Resolves once the worker is connected and taking jobs. */
  async ready(): Promise<void> {
    await this.#worker.waitUntilReady();
  }

  /** Stops taking jobs, hands running broadcasts back with their progress saved, and closes connections. */
  async close(): Promise<void> {
    this.#closing = true;
    clearInterval(this.#sweeper);
    for (const run of this.#runs.values()) run.handBack();
    await this.#worker.close();
    await this.#queue.close();
    this.#subscriber.disconnect();
    for (const connection of this.#connections) connection.disconnect();
    // The messages counted since the last flush: written now, so a graceful shutdown loses none.
    await this.#usageFlusher.close();
  }

  /** Writes the usage counted so far (tests force it). */
  flushUsage(): Promise<void> {
    return this.#usageFlusher.flush();
  }

  /** `performance.now()` until which a 429 recorded by any run of the bot holds (0 when none, or Redis is away). */
  async #pauseLeft(botId: string): Promise<number> {
    const left = await this.#commands.pttl(this.deps.names.broadcastPause(botId)).catch(() => -2);
    return left > 0 ? performance.now() + left : 0;
  }

  /** Keeps a 429 pause in Redis for as long as it lasts; a longer pause already recorded is not shortened. */
  #recordPause(botId: string, ms: number): void {
    const key = this.deps.names.broadcastPause(botId);
    this.#commands
      .multi()
      .set(key, "1", "PX", ms, "NX")
      .pexpire(key, ms, "GT")
      .exec()
      .catch((err: unknown) => this.deps.logger.warn({ err, botId }, "recording a 429 pause failed"));
  }

  async #drain(job: Job<DrainJobData>): Promise<void> {
    const { botId } = job.data;
    // Telegram's retry_after binds the bot, not one broadcast: a pause outlives a run cancelled during it, and this
    // drain loop (it is kept in Redis for whichever loop, on any worker, sends the bot's next broadcast).
    let pausedUntil = await this.#pauseLeft(botId);
    const leaseMs = this.deps.leaseMs ?? DEFAULT_LEASE_MS;
    // This loop's own name in lease_owner: it may claim the bot's next job during the cool-down its last run left,
    // since it carries that run's start times over (`history`); any other loop waits the cool-down out.
    const owner = `${this.#owner}:${++this.#loops}`;
    let history: number[] = [];
    while (!this.#closing) {
      const claimedAt = performance.now();
      const claim = await this.#repository.claimNext(botId, owner, leaseMs);
      this.deps.metrics.claims.inc({ outcome: claim.kind });
      // Busy: another run holds a job of this bot (Redis forgot it, or repeated a drain job); it drains the bot.
      if (claim.kind !== "claimed") return;
      const claimed = claim.job;
      const progress = {
        sent: claimed.sent,
        failed: claimed.failed,
        cursor: claimed.cursor,
        doneAbove: claimed.doneAbove,
      };
      if (this.#closing) {
        // close() began while the claim was under way and handed back only the runs it knew of: this job goes back
        // the same way, at once, instead of starting a run that nothing would stop.
        await this.#repository.release(claimed.id, claimed.fence, progress);
        this.deps.metrics.runs.inc({ outcome: "handed-back" });
        return;
      }
      const sealed = await this.#repository.sealedToken(botId);
      if (!sealed) {
        const error = "The bot has no token; set one with setBotToken";
        await this.#repository.finish(claimed.id, claimed.fence, "failed", progress, error);
        continue;
      }
      const paid = claimed.payload.paid === true;
      const run = new BroadcastRun(
        claimed,
        this.#box.decrypt(sealed),
        { ...this.deps, repository: this.#repository, usage: this.usage },
        {
          ratePerSecond: paid ? this.deps.paidRate : this.deps.rate,
          // Paid broadcasts may use Telegram's whole paid allowance and no more.
          ceilingPerSecond: paid ? this.deps.paidRate : UNPAID_CEILING_PER_SECOND,
          maxInFlight: this.deps.maxInFlight,
          pausedUntil,
          onPause: (ms) => this.#recordPause(botId, ms),
          history,
          leaseMs,
          claimedAt,
        },
      );
      this.#runs.set(claimed.id, run);
      this.deps.metrics.activeBroadcasts.inc();
      try {
        const outcome = await run.run();
        pausedUntil = run.pausedUntil;
        history = run.recentStarts;
        this.deps.metrics.runs.inc({ outcome });
        this.deps.logger.info({ jobId: claimed.id, botId, fence: claimed.fence, outcome }, "broadcast run ended");
        // Fenced: another run holds this job now, so it also drains the bot; this drain job is done.
        if (outcome === "fenced") return;
        if (outcome === "handed-back") return;
      } finally {
        this.#runs.delete(claimed.id);
        this.deps.metrics.activeBroadcasts.dec();
      }
    }
  }
}
