// Graceful stop (ADR 016): on SIGTERM or SIGINT stop accepting connections, close idle keep-alive
// ones, let requests in flight finish (their responses close their connections), then close the
// database and exit 0. After the timeout, or on a second signal, whatever is left is cut off: exit 1.
import { AsyncResource } from 'node:async_hooks';
import type { Server, ServerResponse } from 'node:http';

import type { RequestHandler } from 'express';

interface Log {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function gracefulStop({
  log,
  timeoutSeconds,
  stopping,
  stop,
}: {
  log: Log;
  timeoutSeconds: number;
  /** Shutdown has begun (readiness says so from now on). */
  stopping: () => void;
  /** Closes the database and stops background work. */
  stop: () => Promise<void>;
}) {
  // Responses not yet sent: on shutdown they go out with `Connection: close`.
  const inFlight = new Set<ServerResponse>();
  let closing = false;

  /** Express middleware, early: keeps count of the responses in flight. */
  const track: RequestHandler = (_req, res, next) => {
    if (closing) res.set('Connection', 'close');
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
    next();
  };

  /** Starts the graceful stop of `server`; a second call, or `now`, stops at once. */
  function close(server: Server, signal: string, { now = false }: { now?: boolean } = {}): void {
    if (closing || now) {
      log.warn('stopping at once', { signal, inFlight: inFlight.size });
      process.exit(1);
    }
    closing = true;
    stopping();
    // Bound here, outside any request: the last connection to close must not lend its request id.
    server.close(
      AsyncResource.bind(async () => {
        try {
          await stop();
        } catch (error) {
          log.error('closing the database failed', { error: error instanceof Error ? error.message : String(error) });
          process.exit(1);
        }
        log.info('stopped', { signal });
        process.exit(0);
      }),
    );
    // Said once new connections are refused: whoever reads this line meets a closed port.
    log.info('shutting down', { signal, inFlight: inFlight.size, timeoutSeconds });
    server.closeIdleConnections();
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    setTimeout(() => {
      log.warn('shutdown timed out: cutting off requests in flight', { inFlight: inFlight.size });
      server.closeAllConnections();
      process.exit(1);
    }, timeoutSeconds * 1000).unref();
  }

  return { track, close, isClosing: () => closing };
}
