/**
 * A worker killed mid-render (SIGKILL, as the OOM killer does) takes its ffmpeg
 * with it: the kernel ends the child (`setpriv --pdeathsig`, render-child.ts)
 * rather than letting it render on for nobody, holding a core and its files.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { send, type Target } from '../../fuzz/fuzz-support';
import { startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import {
  buildService,
  createKey,
  embeddedServiceEnv,
  eventually,
  freePort,
  makeCertificate,
  ServiceProcess,
  sleep,
  tinyTaskBody,
  type ServiceBuild,
} from '../scale-out/service-processes';

jest.setTimeout(180_000);

/** The pids of the ffmpeg processes whose parent is `parent`. */
function ffmpegChildrenOf(parent: number): number[] {
  const found = spawnSync('pgrep', ['-P', String(parent), '-x', 'ffmpeg'], { encoding: 'utf8' }).stdout.trim();
  return found === '' ? [] : found.split('\n').map(Number);
}

/** Whether `pid` runs (a zombie waiting to be reaped has ended). */
function running(pid: number): boolean {
  const state = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return state !== '' && !state.startsWith('Z');
}

describe('a worker killed in the middle of a render', () => {
  let dir: string;
  let build: ServiceBuild;
  let media: MediaFixtures;
  let service: ServiceProcess;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rs-killed-worker-'));
    build = buildService(dir);
    media = await startMediaFixtures();
  });
  afterAll(async () => {
    await service?.stop();
    // SIGKILL left the private redis-server of the data dir running, as it would after a crash.
    spawnSync('pkill', ['-f', `redis-server.*${dir}`]);
    await media?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no ffmpeg running', async () => {
    const tls = makeCertificate(dir);
    const port = await freePort();
    service = await ServiceProcess.start(build, 'one-box', dir, embeddedServiceEnv(port, tls), 120_000);
    const target: Target = { baseUrl: `https://127.0.0.1:${port}`, ca: tls.cert };
    const key = createKey(build, { DATA_DIR: join(dir, 'one-box') }, 'acc_killed', 600);
    // Long enough that ffmpeg would encode for many seconds after the worker dies: 60 s at 1280x720, 30 fps.
    const body = tinyTaskBody(media.baseUrl, `https://127.0.0.1:${port}/no-hook`, { seconds: 60, width: 1280, height: 720 });
    const created = await send(target, 'POST', '/v3/tasks', { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, JSON.stringify(body));
    expect(created.status).toBe(201);

    await eventually('the render to start ffmpeg', async () => (ffmpegChildrenOf(service.pid).length > 0 ? true : null), 120_000, 50);
    // The one still at work a second later is the encoder, not a short probe.
    await sleep(1_000);
    const encoders = ffmpegChildrenOf(service.pid).filter(running);
    expect(encoders.length).toBeGreaterThan(0);
    service.kill('SIGKILL');
    expect((await service.exited).signal).toBe('SIGKILL');

    await sleep(1_000);
    expect(encoders.filter(running)).toEqual([]);
  });
});
