import { ApiError } from './api-error';
import type { HttpErrorCode } from './error-codes';
import { thrownField } from './thrown-field';

export interface ErrorEnvelope {
  error: {
    code: HttpErrorCode;
    message: string;
    details?: unknown;
    request_id: string;
    suggested_action?: string;
    retry_after?: number;
  };
}

export interface MappedError {
  status: number;
  body: ErrorEnvelope;
  headers: Record<string, string>;
}

interface FrameworkError {
  statusCode?: number;
  status?: number;
  code?: string;
  message?: string;
  getStatus?: () => number;
}

/** Maps framework-level failures (routing, body parsing) to one of our codes. */
function codeForFrameworkStatus(status: number): HttpErrorCode {
  switch (status) {
    case 400:
    case 408:
    case 431:
      return 'VALIDATION_ERROR';
    case 401:
      return 'MISSING_AUTHENTICATION';
    case 403:
      return 'FORBIDDEN';
    case 404:
      return 'NOT_FOUND';
    case 405:
      return 'METHOD_NOT_ALLOWED';
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMIT_EXCEEDED';
    case 503:
      return 'SERVICE_UNAVAILABLE';
    default:
      return 'INTERNAL_ERROR';
  }
}

const FRAMEWORK_MESSAGES: Partial<Record<HttpErrorCode, string>> = {
  VALIDATION_ERROR: 'The request could not be parsed',
  NOT_FOUND: 'No such route',
  METHOD_NOT_ALLOWED: 'Method not allowed on this route',
  PAYLOAD_TOO_LARGE: 'The request body is larger than the service accepts',
  UNSUPPORTED_MEDIA_TYPE: 'Request bodies must be application/json',
  INTERNAL_ERROR: 'An unexpected error occurred; quote the request_id when reporting it',
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable; retry shortly',
};

/** Refusals by Fastify or Node's HTTP parser, before any route: a fixed text, never an echo of the URL. */
const FRAMEWORK_STATUS_MESSAGES: Readonly<Record<number, string>> = {
  408: 'The request was not received in time',
  431: 'The request headers are larger than the service accepts',
};
const FRAMEWORK_CODE_MESSAGES: Readonly<Record<string, string>> = {
  FST_ERR_BAD_URL: 'The request URL is not valid (malformed percent-encoding)',
};

// PostgreSQL: shutting down or starting (57P01, 57P03), connection failures (08xxx), too many connections (53300),
// the database or the role gone or refused (3D000, 28P01, 28000).
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  '53300',
  '3D000',
  '28P01',
  '28000',
  'SQLITE_BUSY',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Connection is closed|connect ECONNREFUSED|Stream isn't writeable|Command timed out|Reached the max retries per request limit/i;

/**
 * Whether an error means a backing service (database, Redis) could not be
 * reached, rather than a bug: such requests get 503 with Retry-After, not 500.
 */
export function isBackingServiceOutage(error: unknown): boolean {
  // TypeORM wraps the driver's error (with its code) in `driverError`.
  const driverError = (error as { driverError?: unknown } | null | undefined)?.driverError;
  const code = thrownField(driverError, 'code') || thrownField(error, 'code');
  const message = `${thrownField(error, 'message')} ${thrownField(driverError, 'message')}`;
  return UNAVAILABLE_CODES.has(code) || UNAVAILABLE_MESSAGES.test(message);
}

/**
 * Turns anything thrown while answering a request into the one error envelope.
 * Only ApiError messages reach the client verbatim; framework errors get a fixed
 * message (plus the parser's reason for malformed JSON), and crashes say nothing
 * about internals.
 */
export function mapError(error: unknown, requestId: string): MappedError {
  if (error instanceof ApiError) {
    const headers: Record<string, string> = { ...(error.options.headers ?? {}) };
    return {
      status: error.status,
      headers,
      body: {
        error: {
          code: error.code,
          message: error.message,
          ...(error.options.details !== undefined ? { details: error.options.details } : {}),
          request_id: requestId,
          ...(error.options.suggestedAction ? { suggested_action: error.options.suggestedAction } : {}),
          ...(error.options.retryAfter !== undefined ? { retry_after: error.options.retryAfter } : {}),
        },
      },
    };
  }
  if (isBackingServiceOutage(error)) {
    return mapError(
      new ApiError('SERVICE_UNAVAILABLE', 'A backing service (database or Redis) is unavailable; retry shortly', { headers: { 'Retry-After': '5' } }),
      requestId,
    );
  }
  const framework = (error ?? {}) as FrameworkError;
  const status = typeof framework.getStatus === 'function' ? framework.getStatus() : (framework.statusCode ?? framework.status ?? 500);
  const code = codeForFrameworkStatus(status);
  let message = FRAMEWORK_CODE_MESSAGES[String(framework.code)] ?? FRAMEWORK_STATUS_MESSAGES[status] ?? FRAMEWORK_MESSAGES[code] ?? 'The request failed';
  if (framework.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || framework.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    // JSON.parse's words quote the body (a secret in it, say) and change with Node's version: only its position is kept.
    const position = /at position (\d+)/.exec(framework.message ?? '')?.[1];
    message = `The request body is not valid JSON${position === undefined ? '' : ` (at position ${position})`}`;
  }
  return {
    status: code === 'INTERNAL_ERROR' ? 500 : status,
    headers: {},
    body: { error: { code, message, request_id: requestId } },
  };
}
