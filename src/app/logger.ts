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

/** JSON lines on stdout, or on `destination` (tests read the log through it). */
export function createLogger(config: Pick<AppConfig, 'logLevel' | 'role'>, destination?: DestinationStream): Logger {
  return pino(
    {
      level: config.logLevel,
      base: { role: config.role, pid: process.pid },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
