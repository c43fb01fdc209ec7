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

/** The headers the service sets on every delivery (custom headers cannot override these). */
export function deliveryHeaders(input: SignedHeadersInput): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'render-service-webhooks/3.0',
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

/**
 * For receivers: checks X-Service-Signature in constant time and that
 * X-Service-Timestamp is within the tolerance (300 s, as the spec advises).
 */
export function verifyWebhook(input: VerifyInput): VerifyResult {
  const tolerance = input.toleranceSeconds ?? 300;
  const now = input.nowSeconds ?? Math.floor(Date.now() / 1000);
  const timestamp = Number(header(input.headers, 'x-service-timestamp'));
  if (!Number.isInteger(timestamp)) return { ok: false, reason: 'missing or malformed X-Service-Timestamp' };
  if (Math.abs(now - timestamp) > tolerance) return { ok: false, reason: `timestamp is more than ${tolerance} s from now` };
  const presented = header(input.headers, 'x-service-signature');
  if (!presented) return { ok: false, reason: 'missing X-Service-Signature' };
  const expected = Buffer.from(serviceSignature(input.secret, input.body));
  const given = Buffer.from(presented);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'signature mismatch' };
  return { ok: true };
}
