import { postWebhook as post, signedHeaders } from '../../test/support/webhook-post';
import { selfSignedCertificate } from './self-signed-cert';
import { printable, startWebhookListener } from './webhook-listener';

const signed = (body: string) => signedHeaders(body, 's3cret');

describe('webhook listener', () => {
  const tls = selfSignedCertificate();
  const lines: string[] = [];
  let listener: Awaited<ReturnType<typeof startWebhookListener>>;

  beforeAll(async () => {
    listener = await startWebhookListener({ port: 0, host: '127.0.0.1', cert: tls.cert, key: tls.key, secret: 's3cret', print: (line) => lines.push(line) });
  });
  afterAll(() => listener.server.close());
  beforeEach(() => lines.splice(0));

  it('prints an event whose signature verifies and refuses a forged one with 401, printing none of it', async () => {
    const body = JSON.stringify({ event: 'task.completed', timestamp: new Date().toISOString(), task_id: 'tsk_1', data: { ok: true } });
    expect(await post(listener.url, tls.cert, body, signed(body))).toBe(200);
    const forged = body.replace('true', '"forged payload"');
    expect(await post(listener.url, tls.cert, forged, signed(body))).toBe(401);
    expect(await post(listener.url, tls.cert, forged, { 'content-type': 'application/json' })).toBe(401);
    expect(lines[0]).toMatch(/ verified task\.completed tsk_1 \{"ok":true\}$/);
    expect(lines[1]).toMatch(/ REJECTED \(signature mismatch\): \d+ bytes not shown$/);
    expect(lines[2]).toMatch(/ REJECTED \(missing webhook-id, webhook-timestamp or webhook-signature\): \d+ bytes not shown$/);
    expect(lines.join('\n')).not.toContain('forged payload');
  });

  it('prints no control character of a verified event: escape sequences arrive as visible text', async () => {
    // ESC ] 0 ; … BEL retitles a terminal, CSI 2 J clears it; U+009B is CSI in one character, U+007F is DEL.
    const body = JSON.stringify({ event: 'task.completed\u001b[2J', task_id: 'tsk_2\u0007', data: { note: '\u001b]0;owned\u0007 \u009b31m \u007f' } });
    expect(await post(listener.url, tls.cert, body, signed(body))).toBe(200);
    expect(lines).toHaveLength(1);
    // eslint-disable-next-line no-control-regex -- looking for control characters is the point
    expect(lines[0]).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
    expect(lines[0]).toContain('task.completed\\u001b[2J tsk_2\\u0007');
    expect(lines[0]).toContain('\\u009b31m \\u007f');
  });
});

describe('printable', () => {
  it('escapes C0, DEL and C1 controls and leaves other text as it is', () => {
    expect(printable('a\u0000b\u001bc\u007fd\u0085e\u009ff 你好 é')).toBe('a\\u0000b\\u001bc\\u007fd\\u0085e\\u009ff 你好 é');
  });
});
