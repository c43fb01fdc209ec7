import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from '../config/app-config';

/** Paths of log fields that may carry secrets; pino replaces their values. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-service-signature"]',
  'headers.authorization',
  'authorization',
  'secret',
  '*.secret',
  'webhook.secret',
  'key',
];

/** Lines of a batched logger wait until this many bytes gather, or BATCH_FLUSH_MS pass, or another line is written. */
const BATCH_BYTES = 8_192;
const BATCH_FLUSH_MS = 250;
const BATCHED = Symbol('batched');

/**
 * JSON lines on stdout, on another file descriptor, or on a stream (tests read
 * the log through one). On a file descriptor every line is written at once, except those of a `batchedLogger`, which
 * are written together: one write per line cost the API about a sixth of its
 * throughput on the polling path (a write, or the thread-pool hand-off of one,
 * per request). A line that is not batched takes those before it out with it, so
 * the order holds; pino writes what is left when the process exits, and a
 * SIGKILL loses at most BATCH_FLUSH_MS of batched lines.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'role'>, destination: DestinationStream | number = 1): Logger {
  const options = {
    level: config.logLevel,
    base: { role: config.role, pid: process.pid },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (typeof destination !== 'number') return pino(options, destination);
  const stdout = pino.destination({ dest: destination, sync: false, minLength: BATCH_BYTES });
  let waiting = false;
  setInterval(() => {
    if (!waiting) return;
    waiting = false;
    stdout.flush();
  }, BATCH_FLUSH_MS).unref();
  // A flush asked for while a write is in progress does nothing: the line goes out once that write ends.
  let urgent = false;
  stdout.on('drain', () => {
    if (!urgent) return;
    urgent = false;
    stdout.flush();
  });
  return pino(
    {
      ...options,
      hooks: {
        logMethod(this: Logger, args: Parameters<Logger['info']>, write: Logger['info']) {
          write.apply(this, args);
          if ((this as unknown as Record<symbol, boolean>)[BATCHED]) waiting = true;
          else {
            urgent = true;
            stdout.flush();
          }
        },
      },
    },
    stdout,
  );
}

/** A logger whose lines may wait up to BATCH_FLUSH_MS to be written with others (the access log). */
export function batchedLogger(logger: Logger): Logger {
  const child = logger.child({});
  Object.defineProperty(child, BATCHED, { value: true });
  return child;
}
