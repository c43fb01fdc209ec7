import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Both signature schemes of a webhook request, for senders and receivers.
 * - X-Service-Signature: `sha256=<hex HMAC-SHA256(secret, exact body bytes)>` (spec v3).
 * - Standard Webhooks: `webhook-signature: v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`,
 *   where key = base64-decoded secret for `whsec_…` secrets, else the secret's UTF-8 bytes
 *   (receivers then use `new Webhook(secret, { format: 'raw' })`).
 */
export function serviceSignature(secret: string, body: string | Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function standardWebhooksKey(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret, 'utf8');
}

export function standardWebhooksSignature(secret: string, id: string, timestampSeconds: number, body: string | Buffer): string {
  const mac = createHmac('sha256', standardWebhooksKey(secret)).update(`${id}.${timestampSeconds}.`).update(body).digest('base64');
  return `v1,${mac}`;
}

export interface SignedHeadersInput {
  eventId: string;
  eventType: string;
  body: string;
  secret?: string;
  timestampSeconds: number;
}

/** Sent unless the webhook's custom headers name a User-Agent of their own. */
export const WEBHOOK_USER_AGENT = 'render-service-webhooks/3.0';

/** The headers the service sets on every delivery (custom headers cannot override these). */
export function deliveryHeaders(input: SignedHeadersInput): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-service-event': input.eventType,
    'x-service-timestamp': String(input.timestampSeconds),
    'webhook-id': input.eventId,
    'webhook-timestamp': String(input.timestampSeconds),
  };
  if (input.secret) {
    headers['x-service-signature'] = serviceSignature(input.secret, input.body);
    headers['webhook-signature'] = standardWebhooksSignature(input.secret, input.eventId, input.timestampSeconds, input.body);
  }
  return headers;
}

export interface VerifyInput {
  /** The raw request body, exactly as received (not re-serialized JSON). */
  body: string | Buffer;
  headers: Record<string, string | string[] | undefined>;
  secret: string;
  toleranceSeconds?: number;
  nowSeconds?: number;
}

export type VerifyResult = { ok: true } | { ok: false; reason: string };

const header = (headers: VerifyInput['headers'], name: string): string | undefined => {
  const value = headers[name] ?? headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

const sameBytes = (a: string, b: string): boolean => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * For receivers. X-Service-Signature (spec v3) signs the body only: a recorded
 * request replayed with a fresh X-Service-Timestamp would still match it, so
 * it cannot stop a replay. What does is the Standard Webhooks signature, which
 * also signs `webhook-id` and `webhook-timestamp`: this checks it (in constant
 * time, any of the space-separated `v1,` signatures), the timestamp within the
 * tolerance (300 s) and, when present, X-Service-Signature as well. Receivers
 * should also drop a `webhook-id` they have already handled.
 */
export function verifyWebhook(input: VerifyInput): VerifyResult {
  const tolerance = input.toleranceSeconds ?? 300;
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  const id = header(input.headers, 'webhook-id');
  const stamp = header(input.headers, 'webhook-timestamp');
  const signatures = header(input.headers, 'webhook-signature');
  if (!id || !stamp || !signatures) return { ok: false, reason: 'missing webhook-id, webhook-timestamp or webhook-signature' };
  const timestamp = Number(stamp);
  if (!/^\d+$/.test(stamp) || !Number.isSafeInteger(timestamp)) return { ok: false, reason: 'malformed webhook-timestamp' };
  if (Math.abs(now - timestamp) > tolerance) return { ok: false, reason: `timestamp is more than ${tolerance} s from now` };
  const expected = standardWebhooksSignature(input.secret, id, timestamp, input.body);
  if (!signatures.split(' ').some((candidate) => sameBytes(candidate, expected))) return { ok: false, reason: 'signature mismatch' };
  const legacy = header(input.headers, 'x-service-signature');
  if (legacy !== undefined && !sameBytes(legacy, serviceSignature(input.secret, input.body))) {
    return { ok: false, reason: 'X-Service-Signature mismatch' };
  }
  return { ok: true };
}
