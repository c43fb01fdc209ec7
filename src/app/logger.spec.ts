import pino from 'pino';
import { Writable } from 'node:stream';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RenderFailure } from '../common/render-failure';
import { NetworkTimeoutError } from '../network/guarded-http';
import { batchedLogger, createLogger, REDACTED_PATHS } from './logger';

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

describe('URLs in logged errors', () => {
  it('never writes the query of a media or webhook URL, wherever in the error it is', () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => void (lines.push(String(chunk)), done()) });
    const logger = createLogger({ logLevel: 'info', role: 'worker' }, sink);
    const media = 'https://cdn.example.com/clip.mp4?X-Amz-Signature=media-token-1';
    const hook = 'https://hooks.example.com/in?token=webhook-token-2';
    const download = new RenderFailure('MEDIA_DOWNLOAD_FAILED', `downloading ${media} failed with HTTP 403`, true, { media_url: media });
    logger.warn({ task_id: 'tsk_1', err: download }, 'render failed');
    logger.warn({ task_id: 'tsk_1', err: new NetworkTimeoutError('read', hook, 30_000) }, 'webhook request failed');
    logger.error(new Error('outer', { cause: new Error(`fetching ${media}`) }), 'render crashed');
    const output = lines.join('');
    expect(output).not.toContain('media-token-1');
    expect(output).not.toContain('webhook-token-2');
    // What the line is about stays readable: the URL without its query, the message, the details.
    const [first, second] = lines.map((line) => JSON.parse(line) as { err: { message: string; details?: { media_url: string } } });
    expect(first.err.message).toBe('downloading https://cdn.example.com/clip.mp4?… failed with HTTP 403');
    expect(first.err.details?.media_url).toBe('https://cdn.example.com/clip.mp4?…');
    expect(second.err.message).toBe('reading from https://hooks.example.com/in?… timed out after 30000 ms');
  });
});

describe('createLogger on a file descriptor', () => {
  const config = { logLevel: 'info', role: 'api' } as const;
  let dir: string;
  let path: string;
  let fd: number;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'logger-spec-'));
    path = join(dir, 'log');
    fd = openSync(path, 'w');
  });
  afterEach(() => {
    closeSync(fd);
    rmSync(dir, { recursive: true, force: true });
  });

  const messages = () =>
    readFileSync(path, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('holds batched lines back until a quarter of a second passes, in order', async () => {
    const batched = batchedLogger(createLogger(config, fd));
    batched.info('first request');
    batched.info('second request');
    await sleep(60);
    expect(messages()).toEqual([]);
    await sleep(400);
    expect(messages()).toEqual(['first request', 'second request']);
  });

  it('writes any other line at once, taking the batched lines before it along', async () => {
    const logger = createLogger(config, fd);
    batchedLogger(logger).info('request');
    logger.warn('render failed');
    await sleep(60);
    expect(messages()).toEqual(['request', 'render failed']);
    logger.info('worker ready');
    logger.info('render started');
    await sleep(60);
    expect(messages()).toEqual(['request', 'render failed', 'worker ready', 'render started']);
  });
});
