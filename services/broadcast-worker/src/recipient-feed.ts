/**
 * The recipients of one broadcast, in chat id order, read from Postgres a page at a time: the audience its run wrote
 * (docs/broadcast.md#audience), so who blocks, unblocks or first writes to the bot meanwhile changes nothing. The next
 * page is read while the current one is being sent, so at 1,000 msg/s the sending loop never waits on a query.
 */
import type { WorkerRepository } from "./broadcast-repository.js";

/** Yields the chat ids of a job's audience after a cursor. */
export class RecipientFeed {
  #page: number[] = [];
  #index = 0;
  #after: number | null;
  #exhausted = false;
  #pending: Promise<number[]> | null = null;

  constructor(
    private readonly repository: WorkerRepository,
    private readonly jobId: string,
    after: number | null,
    private readonly pageSize = 500,
  ) {
    this.#after = after;
  }

  /** The next chat id, or undefined when every recipient has been handed out. */
  async next(): Promise<number | undefined> {
    if (this.#index >= this.#page.length) {
      if (this.#exhausted) return undefined;
      const reading = this.#pending ?? this.#read();
      this.#pending = null;
      this.#page = await reading;
      this.#index = 0;
      if (this.#page.length === 0) {
        this.#exhausted = true;
        return undefined;
      }
    }
    const chatId = this.#page[this.#index++]!;
    if (!this.#pending && !this.#exhausted && this.#index === Math.ceil(this.#page.length / 2))
      this.#pending = this.#read();
    return chatId;
  }

  #read(): Promise<number[]> {
    const read = this.repository.recipientsAfter(this.jobId, this.#after, this.pageSize).then((rows) => {
      if (rows.length > 0) this.#after = rows[rows.length - 1]!;
      return rows;
    });
    // A failed read-ahead surfaces when next() awaits it, not as an unhandled rejection before that.
    read.catch(() => {});
    return read;
  }
}
