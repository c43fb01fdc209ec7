import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../support/test-app';

jest.setTimeout(60_000);

/** File links over HTTPS refuse what they cannot serve in the one error envelope (the client checks every reply). */
describe('file links over HTTPS', () => {
  let app: TestApp;
  let dir: string;

  beforeAll(async () => {
    app = await startTestApp({ role: 'api' });
    dir = mkdtempSync(join(tmpdir(), 'files-e2e-'));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers a range past the end of an output file 416 RANGE_NOT_SATISFIABLE in the envelope, with Content-Range', async () => {
    const file = join(dir, 'output.mp4');
    writeFileSync(file, Buffer.alloc(1000, 7));
    const key = 'acc_files_e2e/tsk_files_e2e/output.mp4';
    await app.runtime.storage.put(key, file, 'video/mp4');
    const link = new URL(await app.runtime.storage.signedUrl(key, new Date(Date.now() + 3_600_000)));
    const path = `${link.pathname}${link.search}`;

    const partial = await app.anonymous().get(path, { range: 'bytes=990-' });
    expect(partial.status).toBe(206);
    const refused = await app.anonymous().get(path, { range: 'bytes=1000-' });
    expect(refused.status).toBe(416);
    expect(refused.headers['content-range']).toBe('bytes */1000');
    expect(refused.body.error).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE', request_id: expect.stringMatching(/^req_/) });
  });

  it('answers a range past the end of a sample 416 RANGE_NOT_SATISFIABLE in the envelope, as the document says', async () => {
    const refused = await app.anonymous().get('/samples/blue-16x9.png', { range: 'bytes=100000000-' });
    expect(refused.status).toBe(416);
    expect(refused.headers['content-range']).toMatch(/^bytes \*\/\d+$/);
    expect(refused.body.error.code).toBe('RANGE_NOT_SATISFIABLE');
  });
});
