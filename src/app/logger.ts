import { isatty } from 'node:tty';
import pino, { type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import { redactUrls } from '../common/redact-url';
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

const MAX_ERROR_DEPTH = 6;

/** A serialized error's strings with the URLs in them redacted, however deep (a RenderFailure's `details.media_url`). */
function withUrlsRedacted(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactUrls(value);
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value) || depth >= MAX_ERROR_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => withUrlsRedacted(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, withUrlsRedacted(item, depth + 1)]));
}

/**
 * Logged errors (`err`) as pino writes them, with every URL in them redacted (redact-url.ts): the errors of
 * downloads, deliveries and renders name the client's media and webhook URLs, whose queries may hold tokens.
 */
export function serializeError(error: unknown): unknown {
  return withUrlsRedacted(pino.stdSerializers.err(error as Error), 0);
}

/** Lines of a batched logger wait until this many bytes gather, or BATCH_FLUSH_MS pass, or another line is written. */
const BATCH_BYTES = 8_192;
const BATCH_FLUSH_MS = 250;

/** Lines held back for one write, in the order they were logged. */
class LineBatch {
  private lines: string[] = [];
  private bytes = 0;

  constructor(private readonly out: { write(text: string): unknown }) {}

  write(line: string): void {
    this.lines.push(line);
    this.bytes += line.length;
    if (this.bytes >= BATCH_BYTES) this.flush();
  }

  flush(): void {
    if (this.lines.length === 0) return;
    this.out.write(this.lines.join(''));
    this.lines = [];
    this.bytes = 0;
  }
}

const batchedLoggers = new WeakMap<Logger, Logger>();

/**
 * JSON lines on stdout, on another file descriptor, or on a stream (tests read
 * the log through one); on a terminal, one short readable line each (a person
 * reads it; anything piped or collected gets JSON). On a file descriptor every line is written at once
 * (lines logged while a write is in progress go out together after it), except
 * those of the `batchedLogger`, which wait to be written together: one write per
 * line cost the API about a sixth of its throughput on the polling path. A line
 * that is not batched takes those before it out first, so the order holds; what
 * waits is written when the process exits, and a SIGKILL loses at most
 * BATCH_FLUSH_MS of batched lines.
 */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'role'>, destination: DestinationStream | number = 1): Logger {
  const options = {
    level: config.logLevel,
    base: { role: config.role, pid: process.pid },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (typeof destination !== 'number') return pino(options, destination);
  if (isatty(destination)) {
    return pino(options, pinoPretty({ destination, sync: true, singleLine: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' }));
  }
  const out = pino.destination({ dest: destination, sync: false });
  const batch = new LineBatch(out);
  setInterval(() => batch.flush(), BATCH_FLUSH_MS).unref();
  // Ahead of pino's own handlers, which then write what the stream holds (synchronously on 'exit').
  process.prependListener('beforeExit', () => batch.flush());
  process.prependListener('exit', () => batch.flush());
  const logger = pino(
    {
      ...options,
      hooks: {
        logMethod(this: Logger, args: Parameters<Logger['info']>, write: Logger['info']) {
          batch.flush();
          write.apply(this, args);
        },
      },
    },
    out,
  );
  // Without redaction: it carries only the access log's lines, whose fields (request id, method, loggable URL,
  // status, time) the access log builds itself and none of which is a redacted path; redacting them cost
  // the polling path about 3 % of its CPU for nothing.
  batchedLoggers.set(logger, pino({ ...options, redact: undefined }, batch));
  return logger;
}

/**
 * The logger's batched twin, whose lines may wait up to BATCH_FLUSH_MS and are not redacted: for the access
 * log's lines only (`logHttpRequests`). On a stream, the logger itself.
 */
export function batchedLogger(logger: Logger): Logger {
  return batchedLoggers.get(logger) ?? logger;
}
