import { randomBytes } from 'node:crypto';
import { SecretBox, SecretNotOpened } from '../common/secret-box';
import { WebhookCredentials } from './webhook-credentials';

describe('WebhookCredentials', () => {
  const key = randomBytes(32);
  const credentials = new WebhookCredentials(new SecretBox(key));
  const webhook = {
    url: 'https://hooks.example.com/r',
    events: ['task.completed' as const],
    secret: 'whsec_hunter2',
    headers: { Authorization: 'Bearer tok_live_123', 'X-Tenant': 'acme' },
    timeout_seconds: 10,
    max_retries: 2,
  };

  it('stores the webhook without its secret and header values, which are sealed apart, and opens it whole', () => {
    const stored = credentials.seal('tsk_1', webhook);
    expect(stored.webhook).toEqual({ url: webhook.url, events: webhook.events, timeout_seconds: 10, max_retries: 2 });
    expect(JSON.stringify(stored)).not.toMatch(/hunter2|tok_live_123|acme|X-Tenant/);
    expect(credentials.open({ id: 'tsk_1', ...stored })).toEqual(webhook);
  });

  it('has nothing to seal for a webhook without credentials, marks it sealed all the same, and opens it as it was', () => {
    const stored = credentials.seal('tsk_2', { url: webhook.url });
    expect(stored.webhookCredentials).toBe('');
    expect(credentials.open({ id: 'tsk_2', ...stored })).toEqual({ url: webhook.url });
    expect(credentials.resealed('tsk_2', '')).toBeNull();
    expect(credentials.seal('tsk_2', { url: webhook.url, secret: 's' }).webhookCredentials).toMatch(/^v1:/);
  });

  it("opens a row not sealed yet as it is, and refuses another task's sealed credentials", () => {
    expect(credentials.open({ id: 'tsk_old', webhook, webhookCredentials: null })).toEqual(webhook);
    const victim = credentials.seal('tsk_victim', webhook);
    expect(() => credentials.open({ id: 'tsk_thief', webhook: { url: 'https://thief.example/' }, webhookCredentials: victim.webhookCredentials })).toThrow(
      SecretNotOpened,
    );
  });

  it('reseals with the current key what a previous key sealed, and leaves the rest', () => {
    const before = credentials.seal('tsk_3', webhook);
    const rotated = new WebhookCredentials(new SecretBox(randomBytes(32), [key]));
    const resealed = rotated.resealed('tsk_3', before.webhookCredentials as string);
    expect(resealed).not.toBeNull();
    expect(rotated.resealed('tsk_3', resealed as string)).toBeNull();
    expect(rotated.open({ id: 'tsk_3', webhook: before.webhook, webhookCredentials: resealed })).toEqual(webhook);
    expect(() => credentials.open({ id: 'tsk_3', webhook: before.webhook, webhookCredentials: resealed })).toThrow(SecretNotOpened);
  });
});
