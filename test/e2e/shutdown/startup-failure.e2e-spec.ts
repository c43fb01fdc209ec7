import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildService, freePort, makeCertificate, type Certificate, type ServiceBuild } from '../scale-out/service-processes';

jest.setTimeout(180_000);

/**
 * A start that fails once things run (here: the port is taken, found only when
 * the API listens) stops what it started, the private redis-server above all,
 * and says so in one line naming the variables (docs/configuration.md).
 */
describe('a start-up that fails after the private Redis started', () => {
  let dir: string;
  let build: ServiceBuild;
  let tls: Certificate;
  let taken: Server;
  let port: number;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rs-startup-'));
    build = buildService(dir);
    tls = makeCertificate(dir);
    port = await freePort();
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
  });
  afterAll(() => {
    taken?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exits 1 with one line naming HOST and PORT, leaving no redis-server behind', () => {
    const dataDir = join(dir, 'data');
    const env = {
      PATH: process.env.PATH ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      TLS_CERT: tls.certPath,
      TLS_KEY: tls.keyPath,
      ROLE: 'api',
    };
    const run = spawnSync(process.execPath, [build.main], { env, encoding: 'utf8', timeout: 120_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`render service failed to start: 127.0.0.1:${port} is already in use by another process (HOST, PORT)\n`);
    // The private Redis is started with its socket in DATA_DIR: nothing running may still name it.
    const left = spawnSync('pgrep', ['-f', join(dataDir, 'redis')], { encoding: 'utf8' });
    expect(left.stdout.trim()).toBe('');
  });
});
