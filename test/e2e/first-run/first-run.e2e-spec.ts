/**
 * A new user's first minutes, as the README tells them: in a checkout with no
 * data, `npm start` with no variables, then `npm run demo` in a second
 * terminal, which must leave an mp4, a jpg and a gif. The checkout is a copy
 * of this one (the working tree's files, node_modules copied, no dist/ and no
 * data/), so the start builds as a fresh clone does and nothing of the
 * developer's own ./data is touched. It needs port 8443, as the README does.
 */
import { execFileSync, spawn, type ChildProcessByStdio } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { projectRoot } from '../../../src/common/project-root';
import { ffprobe } from '../../support/media-fixtures';

jest.setTimeout(600_000);

const ROOT = projectRoot(__dirname);
/** What a user's shell has; none of the service's variables. */
const PLAIN_ENV = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/root' };

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(false))
      .listen(port, () => probe.close(() => resolve(true)));
  });
}

/** The working tree's files (tracked and new, not ignored) and a copy of node_modules, in a new directory. */
function copyCheckout(): string {
  const checkout = mkdtempSync(join(tmpdir(), 'rs-first-run-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && existsSync(join(ROOT, file)));
  for (const file of files) {
    mkdirSync(dirname(join(checkout, file)), { recursive: true });
    cpSync(join(ROOT, file), join(checkout, file));
  }
  // Installing again would only re-download what is here; the install itself is what `npm test`'s own set-up proves.
  cpSync(join(ROOT, 'node_modules'), join(checkout, 'node_modules'), { recursive: true, verbatimSymlinks: true });
  return checkout;
}

/** `waitFor` resolves when the child's output holds a pattern. */
/** A child spawned with stdio ['ignore', 'pipe', 'pipe']: its type has stdout and stderr, where ChildProcess's may be null. */
type PipedChild = ChildProcessByStdio<null, Readable, Readable>;

function watchOutput(child: PipedChild) {
  let text = '';
  const waiters: Array<{ pattern: RegExp; resolve: (m: RegExpMatchArray) => void }> = [];
  const feed = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    for (const waiter of [...waiters]) {
      const match = text.match(waiter.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(match);
      }
    }
  };
  child.stdout.on('data', feed);
  child.stderr.on('data', feed);
  return {
    waitFor: (pattern: RegExp, timeoutMs: number) =>
      new Promise<RegExpMatchArray>((resolve, reject) => {
        const now = text.match(pattern);
        if (now) return resolve(now);
        const timer = setTimeout(() => reject(new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${text}`)), timeoutMs);
        child.once('exit', (code) => reject(new Error(`exited ${code} before ${pattern}; output:\n${text}`)));
        waiters.push({ pattern, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      }),
  };
}

function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to the group, then waits for every member to exit (SIGKILL after 30 s). */
async function stopGroup(pid: number): Promise<void> {
  if (!groupAlive(pid)) return;
  process.kill(-pid, 'SIGTERM');
  for (let waited = 0; groupAlive(pid); waited += 200) {
    if (waited === 30_000) process.kill(-pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: PLAIN_ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('first run: npm start, then npm run demo, with no variables', () => {
  let checkout: string;
  let service: PipedChild | undefined;

  afterAll(async () => {
    // As Ctrl-C in the terminal: the signal goes to the whole process group (npm, the shell, node, its redis-server).
    if (service?.pid !== undefined) await stopGroup(service.pid);
    if (checkout) rmSync(checkout, { recursive: true, force: true });
  });

  it('serves, prints a key, and the demo leaves a video, a thumbnail and a preview GIF', async () => {
    expect(await portIsFree(8443)).toBe(true);
    const copied = Date.now();
    checkout = copyCheckout();
    expect(existsSync(join(checkout, 'dist'))).toBe(false);
    expect(existsSync(join(checkout, 'data'))).toBe(false);

    const started = Date.now();
    service = spawn('npm', ['start'], { cwd: checkout, env: PLAIN_ENV, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const output = watchOutput(service);
    await output.waitFor(/Render service listening on https:\/\/localhost:8443\/v3/, 300_000);
    // Its stdout is a pipe here, not a terminal: the key is in a file of the data dir, not in the output.
    const [, keyPath] = await output.waitFor(/Development API key \(stored only as a hash\) written to (\S+) /, 10_000);
    expect(keyPath).toBe(join(checkout, 'data', 'development-api-key'));
    expect(readFileSync(keyPath, 'utf8')).toMatch(/^rsk_\w{32}\n$/);
    const listening = Date.now();

    const demo = await run('npm', ['run', 'demo'], checkout);
    const finished = Date.now();
    expect([demo.code, demo.output]).toEqual([0, expect.stringContaining('demo: done')]);
    process.stdout.write(
      `first run: copy ${((started - copied) / 1000).toFixed(1)} s, npm start to listening ${((listening - started) / 1000).toFixed(1)} s, ` +
        `npm run demo to a finished video ${((finished - listening) / 1000).toFixed(1)} s\n`,
    );

    const outDir = join(checkout, 'data', 'demo-output');
    const made = readdirSync(outDir).sort();
    const taskId = /^(tsk_\w+)\.mp4$/.exec(made.find((name) => name.endsWith('.mp4')) ?? '')?.[1];
    expect(made).toEqual([`${taskId}-preview.gif`, `${taskId}-thumbnail.jpg`, `${taskId}.mp4`]);
    const video = ffprobe(join(outDir, `${taskId}.mp4`));
    expect(video.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    expect(video.streams.some((s) => s.codec_type === 'audio')).toBe(true);
    expect(Number(video.format.duration)).toBeGreaterThan(1);
    expect(ffprobe(join(outDir, `${taskId}-thumbnail.jpg`)).streams[0].codec_name).toBe('mjpeg');
    expect(ffprobe(join(outDir, `${taskId}-preview.gif`)).streams[0].codec_name).toBe('gif');
  });
});
