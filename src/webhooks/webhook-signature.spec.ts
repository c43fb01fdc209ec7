import { Webhook } from 'standardwebhooks';
import { deliveryHeaders, serviceSignature, verifyWebhook } from './webhook-signature';

const body = '{"event":"task.queued","timestamp":"2025-01-17T00:00:00.000Z","task_id":"tsk_1","data":{}}';

describe('webhook signatures', () => {
  it('signs the exact body bytes with HMAC-SHA256 (known vector)', () => {
    // echo -n '<body>' | openssl dgst -sha256 -hmac s3cret
    expect(serviceSignature('s3cret', 'hello')).toBe('sha256=e5a01537481fa0b2c697f787c7aff885412cf0760d08e08502259b39d2d6ae68');
    const a = serviceSignature('s3cret', body);
    expect(a).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(serviceSignature('s3cret', body + ' ')).not.toBe(a);
    expect(serviceSignature('other', body)).not.toBe(a);
  });

  it.each([
    ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', {}],
    ['plain text secret', { format: 'raw' as const }],
  ])('produces Standard Webhooks signatures that the standardwebhooks package verifies (%s)', (secret, options) => {
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = deliveryHeaders({ eventId: 'evt_1', eventType: 'task.queued', body, secret, timestampSeconds: timestamp });
    const verifier = new Webhook(secret, options);
    expect(verifier.verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => verifier.verify(body.replace('tsk_1', 'tsk_2'), headers)).toThrow();
  });

  it('sends no signatures without a secret, but always the event and timestamp', () => {
    const headers = deliveryHeaders({ eventId: 'evt_1', eventType: 'task.started', body, timestampSeconds: 100 });
    expect(headers['x-service-signature']).toBeUndefined();
    expect(headers['webhook-signature']).toBeUndefined();
    expect(headers).toMatchObject({ 'x-service-event': 'task.started', 'x-service-timestamp': '100', 'webhook-id': 'evt_1' });
  });

  it('verifies signature and timestamp for receivers', () => {
    const now = 1_800_000_000;
    const headers = deliveryHeaders({ eventId: 'e', eventType: 'task.queued', body, secret: 'k', timestampSeconds: now });
    expect(verifyWebhook({ body, headers, secret: 'k', nowSeconds: now + 299 })).toEqual({ ok: true });
    expect(verifyWebhook({ body, headers, secret: 'k', nowSeconds: now + 301 })).toMatchObject({ ok: false });
    expect(verifyWebhook({ body, headers, secret: 'wrong', nowSeconds: now })).toEqual({ ok: false, reason: 'signature mismatch' });
    expect(verifyWebhook({ body: body + 'x', headers, secret: 'k', nowSeconds: now })).toEqual({ ok: false, reason: 'signature mismatch' });
  });

  it('refuses a replay: a recorded request with a fresh timestamp, or another event id, no longer matches', () => {
    const recordedAt = 1_800_000_000;
    const recorded = deliveryHeaders({ eventId: 'evt_a', eventType: 'task.completed', body, secret: 'k', timestampSeconds: recordedAt });
    const later = recordedAt + 3_600;
    // The attacker can change unsigned headers; the body-only X-Service-Signature still matches.
    const refreshed = { ...recorded, 'x-service-timestamp': String(later), 'webhook-timestamp': String(later) };
    expect(recorded['x-service-signature']).toBe(serviceSignature('k', body));
    expect(verifyWebhook({ body, headers: refreshed, secret: 'k', nowSeconds: later })).toEqual({ ok: false, reason: 'signature mismatch' });
    expect(verifyWebhook({ body, headers: { ...recorded, 'webhook-id': 'evt_b' }, secret: 'k', nowSeconds: recordedAt })).toEqual({
      ok: false,
      reason: 'signature mismatch',
    });
    const withoutStandard = { ...recorded, 'webhook-signature': undefined };
    expect(verifyWebhook({ body, headers: withoutStandard, secret: 'k', nowSeconds: recordedAt })).toMatchObject({ ok: false });
  });

  it('accepts any of several space-separated signatures (key rotation) and checks X-Service-Signature when sent', () => {
    const now = 1_800_000_000;
    const headers = deliveryHeaders({ eventId: 'e', eventType: 'task.queued', body, secret: 'k', timestampSeconds: now });
    const rotated = { ...headers, 'webhook-signature': `v1,bm90IGl0 ${headers['webhook-signature']}` };
    expect(verifyWebhook({ body, headers: rotated, secret: 'k', nowSeconds: now })).toEqual({ ok: true });
    const badLegacy = { ...headers, 'x-service-signature': serviceSignature('other', body) };
    expect(verifyWebhook({ body, headers: badLegacy, secret: 'k', nowSeconds: now })).toEqual({ ok: false, reason: 'X-Service-Signature mismatch' });
  });
});
