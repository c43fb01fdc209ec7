import { HTTP_ERROR_STATUS, type HttpErrorCode } from './error-codes';

export interface ValidationIssue {
  field: string;
  issue: string;
  provided_value: unknown;
}

export interface ApiErrorOptions {
  details?: unknown;
  suggestedAction?: string;
  /** Seconds; set on rate-limit errors and echoed as `retry_after`. */
  retryAfter?: number;
  headers?: Record<string, string>;
}

/**
 * The one error type services throw for an HTTP answer. The global filter turns
 * it into the spec's envelope `{error: {code, message, details?, request_id, ...}}`.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: HttpErrorCode,
    message: string,
    readonly options: ApiErrorOptions = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = HTTP_ERROR_STATUS[code];
  }
}
