import { request } from 'node:https';
import { deliveryHeaders } from '../webhooks/webhook-signature';
import { selfSignedCertificate } from './self-signed-cert';
import { startWebhookListener } from './webhook-listener';

function post(url: string, ca: Buffer, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', ca, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('webhook listener', () => {
  it('prints events, accepting a valid signature and refusing a forged one with 401', async () => {
    const tls = selfSignedCertificate();
    const lines: string[] = [];
    const { server, url } = await startWebhookListener({
      port: 0,
      host: '127.0.0.1',
      cert: tls.cert,
      key: tls.key,
      secret: 's3cret',
      print: (line) => lines.push(line),
    });
    try {
      const body = JSON.stringify({ event: 'task.completed', timestamp: new Date().toISOString(), task_id: 'tsk_1', data: { ok: true } });
      const headers = deliveryHeaders({
        eventId: 'evt_1',
        eventType: 'task.completed',
        body,
        secret: 's3cret',
        timestampSeconds: Math.floor(Date.now() / 1000),
      });
      expect(await post(url, tls.cert, body, headers)).toBe(200);
      expect(await post(url, tls.cert, body.replace('true', 'false'), headers)).toBe(401);
      expect(lines[0]).toMatch(/ verified task\.completed tsk_1 \{"ok":true\}$/);
      expect(lines[1]).toContain('REJECTED (signature mismatch) task.completed tsk_1');
    } finally {
      server.close();
    }
  });
});
