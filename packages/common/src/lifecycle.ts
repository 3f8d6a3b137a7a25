/** Process lifecycle: listen on a port, and on SIGTERM/SIGINT stop taking work, drain, and exit. */
import type { Server } from "node:http";
import type { Express } from "express";
import type { Logger } from "pino";

/** Starts `app` on `port` (0 picks a free one) and resolves with the server once it listens. */
export function listen(app: Express, port: number, host = "0.0.0.0"): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, (err?: Error) => (err ? reject(err) : resolve(server)));
    server.on("error", reject);
  });
}

/** Closes an HTTP server: stops accepting, lets in-flight requests finish, then drops idle keep-alive sockets. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
}

/**
 * Runs `shutdown` once on SIGTERM or SIGINT, then exits. If draining takes longer than `graceMs`, exits anyway with
 * code 1 so an orchestrator never waits forever.
 */
export function onShutdownSignal(logger: Logger, shutdown: () => Promise<void>, graceMs = 25_000): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const timer = setTimeout(() => {
      logger.error("shutdown grace period exceeded, exiting");
      process.exit(1);
    }, graceMs);
    timer.unref();
    shutdown().then(
      () => {
        logger.info("shutdown complete");
        process.exit(0);
      },
      (err: unknown) => {
        logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", handler);
  process.on("SIGINT", handler);
}
