import pino from 'pino';
import { Writable } from 'node:stream';
import { REDACTED_PATHS } from './logger';

describe('log redaction', () => {
  it('never writes API keys, webhook secrets or signatures', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
    const logger = pino({ redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, sink);
    const key = 'rsk_AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    logger.info({ req: { headers: { authorization: `Bearer ${key}`, 'x-service-signature': 'sha256=abc' } } }, 'request');
    logger.info({ webhook: { url: 'https://x', secret: 'whsec_top' } }, 'task');
    logger.info({ key }, 'issued');
    const output = lines.join('\n');
    expect(output).not.toContain(key);
    expect(output).not.toContain('whsec_top');
    expect(output).not.toContain('sha256=abc');
    expect(output.match(/\[redacted\]/g)?.length).toBe(4);
  });
});
