import { createHash, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../common/api-error';

/**
 * Who may read /metrics: whoever sends `Authorization: Bearer <METRICS_TOKEN>`.
 * Without METRICS_TOKEN nobody may. The token is compared as SHA-256 digests in
 * constant time, so neither its content nor its length leaks through timing.
 */
export class MetricsAccess {
  private readonly expected: Buffer | null;

  constructor(token: string | null) {
    this.expected = token === null ? null : digest(token);
  }

  /** Throws the refusal (an ApiError for the error envelope) unless the header carries the token. */
  check(authorization: string | undefined): void {
    if (this.expected === null) {
      throw new ApiError('FORBIDDEN', '/metrics is disabled: set METRICS_TOKEN on the API processes to enable it', {
        suggestedAction: 'Set METRICS_TOKEN (at least 16 characters) and scrape with "Authorization: Bearer <METRICS_TOKEN>"',
      });
    }
    if (authorization === undefined || authorization.trim() === '') {
      throw new ApiError('MISSING_AUTHENTICATION', 'Send the metrics token in the Authorization header: "Authorization: Bearer <METRICS_TOKEN>"');
    }
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match || !timingSafeEqual(digest(match[1]), this.expected)) {
      // The same code as a wrong API key: one answer for every bad credential.
      throw new ApiError('INVALID_API_KEY', 'The metrics token is not valid', {
        suggestedAction: 'Send the value of METRICS_TOKEN as "Authorization: Bearer <METRICS_TOKEN>"',
      });
    }
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value, 'utf8').digest();
}
