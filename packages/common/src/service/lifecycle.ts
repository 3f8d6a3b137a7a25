/**
 * Process lifecycle: listen on a port, and on SIGTERM/SIGINT drain and exit 0 within a grace period. Every service's
 * `main.ts` uses one {@link Lifecycle}: readiness turns 503 at the signal, the listener closes, keep-alive connections
 * close after their current request, requests already taken finish, non-HTTP work is handed back, then connections
 * and pools are released.
 *
 * @see docs/operations.md#shutdown
 */
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import net, { type AddressInfo, type Socket } from "node:net";
import type { Logger } from "pino";
import { answerExpectContinue, closeUnreadBodies } from "../http/body-limit.js";
import { answerClientErrors } from "../http/client-errors.js";
import { defaults } from "../config/config.js";

/** Time from the signal to exit when SHUTDOWN_GRACE_MS is not set. */
export const DEFAULT_SHUTDOWN_GRACE_MS: number = defaults.shutdownGraceMs;

/**
 * During a drain, a keep-alive connection that has carried no request for this long is closed. A client that is
 * using the connection sends its next request well within it and gets a reply with `Connection: close`; closing a
 * connection at the very moment a client reuses it is the one thing that resets a request already sent.
 */
export const DRAIN_IDLE_LINGER_MS = 500;

/**
 * Starts `app` (an express app or any request listener) on `port` (0 picks a free one) and resolves with the server
 * once it listens. Requests the HTTP parser refuses get a JSON reason ({@link answerClientErrors}); a reply sent before
 * a large body is read closes the connection rather than reading the body to its end ({@link closeUnreadBodies}); a
 * client that asks whether to send its body is told so only by the route that reads it ({@link answerExpectContinue}).
 */
export function listen(app: RequestListener, port: number, host = "0.0.0.0"): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(app);
    answerClientErrors(server);
    answerExpectContinue(server);
    closeUnreadBodies(server);
    server.once("error", reject);
    server.listen(port, host, () => resolve(server));
  });
}

/** The port a listening server is bound to (the real one when it was started on port 0). */
export function boundPort(server: Server): number {
  return (server.address() as AddressInfo).port;
}

interface ConnectionState {
  socket: Socket;
  /** Where the state is in `HttpDrain`'s list of connections; -1 once the connection closed. */
  index: number;
  /** Replies under way on the connection (requests received and not yet answered): 0 or 1 but for pipelining. */
  replies: ServerResponse[];
  /** When the last reply finished (or the connection opened). */
  idleSince: number;
  /** `socket.bytesRead` then: more bytes since mean a request is arriving. */
  bytesAtIdle: number;
}

/**
 * Connection bookkeeping of one HTTP server, so that it can be drained without resetting a request a client has
 * sent: Node's own `server.close()` drops idle keep-alive connections at once, racing the request a client may be
 * writing on one of them at that moment.
 */
export class HttpDrain {
  readonly #server: Server;
  readonly #idleLingerMs: number;
  /**
   * Open connections, in an array and a WeakMap rather than a Map: a Map with an entry added and removed per
   * connection (or a Set per reply) keeps closed connections' objects alive through young-generation GCs once its
   * table is old (see services/webhook-gateway/src/runtime/call-table.ts). A WeakMap's table is a different kind
   * (V8's EphemeronHashTable): a retired one is not linked to its successor, and its entries hold a socket's state only
   * while the socket lives; entries are never deleted here, they go with their sockets.
   */
  readonly #connections: ConnectionState[] = [];
  readonly #stateOf = new WeakMap<Socket, ConnectionState>();
  readonly #timers = new Set<NodeJS.Timeout>();
  #draining = false;
  #onEmpty: (() => void) | undefined;

  constructor(server: Server, options: { idleLingerMs?: number } = {}) {
    this.#server = server;
    this.#idleLingerMs = options.idleLingerMs ?? DRAIN_IDLE_LINGER_MS;
    server.on("connection", (socket: Socket) => this.#track(socket));
    // First listener, so that `Connection: close` is set before the app can write the headers.
    server.prependListener("request", (req: IncomingMessage, res: ServerResponse) => this.#onRequest(req, res));
  }

  /** True once {@link drain} was called. */
  get draining(): boolean {
    return this.#draining;
  }

  /** Open connections now. */
  get connections(): number {
    return this.#connections.length;
  }

  /**
   * Stops accepting connections; every reply from now on carries `Connection: close`, so a keep-alive connection
   * closes after its current request; connections idle for {@link DRAIN_IDLE_LINGER_MS} are closed. Resolves once
   * every connection is closed, or at `deadline` (epoch ms) after destroying those still open, with their number.
   */
  async drain(deadline: number): Promise<{ forced: number }> {
    if (!this.#draining) {
      this.#draining = true;
      // net.Server's close, not http.Server's: see the class comment.
      if (this.#server.listening) net.Server.prototype.close.call(this.#server);
      const now = Date.now();
      for (const state of [...this.#connections]) {
        // Requests already taken are answered, and their replies close the connection after them.
        for (const res of state.replies) if (!res.headersSent) res.setHeader("Connection", "close");
        // An idle connection gets the whole linger from now, however long it sat idle before: requests that clients
        // send as the signal arrives are answered rather than met by a closing connection.
        state.idleSince = Math.max(state.idleSince, now);
        if (state.replies.length === 0) this.#closeWhenIdle(state);
      }
    }
    if (this.#connections.length > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
        this.#onEmpty = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    const forced = this.#connections.length;
    for (const { socket } of [...this.#connections]) socket.destroy();
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
    return { forced };
  }

  #track(socket: Socket): void {
    const state: ConnectionState = {
      socket,
      index: this.#connections.length,
      replies: [],
      idleSince: Date.now(),
      bytesAtIdle: 0,
    };
    this.#connections.push(state);
    this.#stateOf.set(socket, state);
    socket.once("close", () => {
      // Swap-remove: the last connection takes this one's place.
      const last = this.#connections.pop() as ConnectionState;
      if (last !== state) {
        this.#connections[state.index] = last;
        last.index = state.index;
      }
      state.index = -1;
      if (this.#connections.length === 0) this.#onEmpty?.();
    });
    // Accepted just before the listener closed: it gets the same linger as the others.
    if (this.#draining) this.#closeWhenIdle(state);
  }

  #onRequest(req: IncomingMessage, res: ServerResponse): void {
    const socket = req.socket;
    const state = this.#stateOf.get(socket);
    state?.replies.push(res);
    if (this.#draining && !res.headersSent) res.setHeader("Connection", "close");
    res.once("close", () => {
      if (!state) return;
      const at = state.replies.indexOf(res);
      if (at === state.replies.length - 1) state.replies.pop();
      else if (at !== -1) state.replies.splice(at, 1);
      state.idleSince = Date.now();
      state.bytesAtIdle = socket.bytesRead;
      // Normally the reply's `Connection: close` ends the connection; one whose headers went out before the drain
      // began stays open and is closed when idle.
      if (this.#draining && state.replies.length === 0) this.#closeWhenIdle(state);
    });
  }

  /** Closes the connection once it has carried nothing for the linger; a request arriving meanwhile keeps it open. */
  #closeWhenIdle(state: ConnectionState): void {
    const { socket } = state;
    const check = () => {
      if (state.index === -1 || state.replies.length > 0 || socket.bytesRead !== state.bytesAtIdle) return;
      const wait = state.idleSince + this.#idleLingerMs - Date.now();
      if (wait <= 0) {
        socket.destroy();
        return;
      }
      const timer = setTimeout(() => {
        this.#timers.delete(timer);
        check();
      }, wait);
      this.#timers.add(timer);
    };
    check();
  }
}

/** What a service stops and releases at shutdown, besides its HTTP servers. */
export interface ShutdownSteps {
  /** Non-HTTP work, stopped while the servers drain (the worker hands its broadcasts back). */
  stopWork?: () => Promise<void>;
  /** Connections and pools, closed in order once the servers are drained and the work is stopped. */
  release?: Array<[name: string, step: () => Promise<unknown> | unknown]>;
}

/** Options of a {@link Lifecycle}. */
export interface LifecycleOptions {
  logger: Logger;
  /**
   * Time from the signal to exit (SHUTDOWN_GRACE_MS). Requests and work get all of it but the last fifth (at most
   * 1 s), which is kept for releasing connections and ending the process. @defaultValue DEFAULT_SHUTDOWN_GRACE_MS
   */
  graceMs?: number;
  /** Ends the process; tests replace it. @defaultValue process.exit */
  exit?: (code: number) => void;
}

/** Resolves true when `work` settles before `deadline` (epoch ms), false when the deadline comes first. */
async function before(work: Promise<unknown>, deadline: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), Math.max(0, deadline - Date.now()));
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** One service process's listen → serve → drain → exit. */
export class Lifecycle {
  readonly #logger: Logger;
  readonly #graceMs: number;
  readonly #exit: (code: number) => void;
  readonly #drains: HttpDrain[] = [];
  #draining = false;
  #stopping: Promise<number> | undefined;

  constructor(options: LifecycleOptions) {
    this.#logger = options.logger;
    this.#graceMs = options.graceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
    this.#exit = options.exit ?? ((code) => process.exit(code));
  }

  /** For `/readyz`: true from the signal on. */
  readonly isDraining = (): boolean => this.#draining;

  /** Starts `app` on `port` and tracks its connections for the drain. */
  async listen(app: RequestListener, port: number, host?: string): Promise<Server> {
    const server = await listen(app, port, host);
    this.#drains.push(new HttpDrain(server));
    return server;
  }

  /** Runs {@link shutdown} once on the first SIGTERM or SIGINT (later ones are ignored), then exits with its code. */
  onSignal(steps: ShutdownSteps): void {
    const handler = (signal: NodeJS.Signals) => {
      if (this.#stopping) {
        this.#logger.info({ signal }, "already shutting down");
        return;
      }
      this.#logger.info({ signal, graceMs: this.#graceMs }, "shutting down");
      // Every step is bounded by the grace; this only guards against a step that never yields.
      const backstop = setTimeout(() => {
        this.#logger.error("shutdown did not finish within the grace period; exiting");
        this.#exit(1);
      }, this.#graceMs + 1000);
      backstop.unref();
      this.#stopping = this.shutdown(steps);
      this.#stopping.then(
        (code) => this.#exit(code),
        (err: unknown) => {
          this.#logger.error({ err }, "shutdown failed");
          this.#exit(1);
        },
      );
    };
    process.on("SIGTERM", handler);
    process.on("SIGINT", handler);
  }

  /**
   * Drains: readiness turns 503 at once; the servers stop accepting and finish the requests they hold while
   * `stopWork` runs; at the end of the grace (less the release reserve) connections still open are closed; then the
   * `release` steps run in order, each bounded by the grace. Resolves with the exit code: 0, or 1 when a step threw.
   */
  async shutdown(steps: ShutdownSteps = {}): Promise<number> {
    this.#draining = true;
    const started = Date.now();
    // Leave room after the last step for the process to end within the grace.
    const deadline = started + this.#graceMs - Math.min(200, Math.floor(this.#graceMs / 10));
    const workDeadline = started + this.#graceMs - Math.min(1000, Math.floor(this.#graceMs / 5));
    let failed = false;
    const stopWork = async () => {
      if (!steps.stopWork) return;
      try {
        if (!(await before(steps.stopWork(), workDeadline)))
          this.#logger.warn("work still running at the end of the grace period; leaving it");
      } catch (err) {
        failed = true;
        this.#logger.error({ err }, "stopping work failed");
      }
    };
    const [drained] = await Promise.all([Promise.all(this.#drains.map((d) => d.drain(workDeadline))), stopWork()]);
    const forced = drained.reduce((n, d) => n + d.forced, 0);
    if (forced > 0) this.#logger.warn({ forced }, "closed connections still open at the end of the grace period");
    for (const [name, step] of steps.release ?? []) {
      try {
        if (!(await before(Promise.resolve().then(step), deadline)))
          this.#logger.warn({ step: name }, "release step did not finish within the grace period");
      } catch (err) {
        failed = true;
        this.#logger.error({ err, step: name }, "release step failed");
      }
    }
    this.#logger.info({ ms: Date.now() - started, forced }, "shutdown complete");
    return failed ? 1 : 0;
  }
}
