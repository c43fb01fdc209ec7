import type { HeadersObject } from '@nestjs/swagger';

/*
 * The headers the service sets on replies (src/app/api-app.ts, RequestGate),
 * for the document. `required` only where every reply of that kind carries
 * them: a request refused before the rate limiter ran (HTTPS only behind a
 * proxy, Redis unreachable) gets an error without the rate-limit headers.
 */

const REQUEST_ID: HeadersObject = {
  'X-Request-Id': { description: 'The request id, also in the error envelope and the logs', required: true, schema: { type: 'string', pattern: '^req_' } },
};

function v3Headers(required: boolean): HeadersObject {
  return {
    ...REQUEST_ID,
    'X-Service-Version': { description: 'The API date version that answered', required, schema: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } },
    'X-RateLimit-Limit': { description: 'Requests allowed in the window', required, schema: { type: 'integer', minimum: 0 } },
    'X-RateLimit-Remaining': { description: 'Requests left in the window', required, schema: { type: 'integer', minimum: 0 } },
    'X-RateLimit-Reset': { description: 'When the window resets, Unix seconds', required, schema: { type: 'integer' } },
    'X-RateLimit-Type': {
      description: 'The limit counted: requests per minute, or the monthly renders of a 429 QUOTA_EXCEEDED',
      required,
      schema: { type: 'string', enum: ['requests', 'monthly_renders'] },
    },
  };
}

/** Of a successful /v3 reply: the request passed the rate limiter, so every header is there. */
export const V3_SUCCESS_HEADERS = v3Headers(true);

/** Of a /v3 error reply (Retry-After on a 429 of the per-minute limit). */
export const V3_ERROR_HEADERS: HeadersObject = {
  ...v3Headers(false),
  'Retry-After': { description: 'Seconds to wait (429 RATE_LIMIT_EXCEEDED)', required: false, schema: { type: 'integer', minimum: 0 } },
};

/** Of a reply outside /v3 (sample files): no version, no rate limit. */
export const PLAIN_HEADERS = REQUEST_ID;
