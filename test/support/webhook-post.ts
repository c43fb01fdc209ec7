import { request } from 'node:https';
import { deliveryHeaders } from '../../src/webhooks/webhook-signature';

/** POSTs a webhook body to a receiver trusting `ca`, as the service would (or a forger); resolves with the answer's status. */
export function postWebhook(url: string, ca: Buffer, body: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', ca, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** The headers the service would send with `body`, signed with `secret` now. */
export function signedHeaders(body: string, secret: string): Record<string, string> {
  return deliveryHeaders({ eventId: 'evt_test', eventType: 'task.completed', body, secret, timestampSeconds: Math.floor(Date.now() / 1000) });
}
