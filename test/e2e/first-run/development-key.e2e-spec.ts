/**
 * The first start's development key reaches a person, not a log: printed when
 * stdout is a terminal (`npm start` in a shell), else written to a 0600 file in
 * the data dir whose path is printed (a container's stdout is its log stream).
 * Log lines likewise: one short readable line each on a terminal, JSON otherwise.
 * All run the built service, `node dist/src/main.js`, as an operator does.
 */
import { execFileSync, spawn, type ChildProcessByStdio } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { projectRoot } from '../../../src/common/project-root';
import { send } from '../../fuzz/fuzz-support';
import { freePort } from '../../support/test-app';

jest.setTimeout(180_000);

const MAIN = join(projectRoot(__dirname), 'dist', 'src', 'main.js');

type Service = ChildProcessByStdio<null, Readable, Readable>;

/** Starts the service with a fresh data dir; `terminal`: under `script`, which gives it a pseudo-terminal. */
async function startService(dataDir: string, terminal: boolean, logLevel = 'warn', port?: number): Promise<{ service: Service; output: () => string }> {
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/root',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port ?? (await freePort())),
    ROLE: 'all',
    LOG_LEVEL: logLevel,
  };
  const command = terminal ? ['script', ['-qec', `exec ${process.execPath} ${MAIN}`, '/dev/null']] : [process.execPath, [MAIN]];
  const service = spawn(command[0] as string, command[1] as string[], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  service.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  service.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return { service, output: () => text };
}

async function waitForLine(output: () => string, pattern: RegExp, timeoutMs = 120_000): Promise<RegExpMatchArray> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const match = output().match(pattern);
    if (match) return match;
  }
  throw new Error(`no ${pattern} within ${timeoutMs} ms; output:\n${output()}`);
}

/**
 * SIGTERM to the service, then waits until it is gone. Under `script` that is script's child: script itself
 * would close the terminal and end the service before it stopped its Redis.
 */
async function stop(service: Service): Promise<void> {
  if (service.pid === undefined || service.exitCode !== null) return;
  const exited = new Promise((resolve) => service.once('exit', resolve));
  const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(service.pid)], { encoding: 'utf8' }).trim();
  const node = service.spawnargs[0] === 'script' && children !== '' ? Number(children.split('\n')[0]) : service.pid;
  process.kill(node, 'SIGTERM');
  await exited;
}

describe('the development key of a first start', () => {
  const dirs: string[] = [];
  const services: Service[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'rs-dev-key-'));
    dirs.push(dir);
    return dir;
  };

  afterAll(async () => {
    await Promise.all(services.map(stop));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is written to a 0600 file, never to stdout, when stdout is not a terminal', async () => {
    const dir = dataDir();
    const { service, output } = await startService(dir, false);
    services.push(service);
    const [, path] = await waitForLine(output, /Development API key \(stored only as a hash\) written to (\S+) /);
    expect(path).toBe(join(dir, 'development-api-key'));
    const key = readFileSync(path, 'utf8').trim();
    expect(key).toMatch(/^rsk_\w{32}$/);
    expect((statSync(path).mode & 0o777).toString(8)).toBe('600');
    expect(output()).not.toContain(key);
  });

  it('is printed on a terminal', async () => {
    const { service, output } = await startService(dataDir(), true);
    services.push(service);
    await waitForLine(output, /Development API key \(shown once; stored only as a hash\): rsk_\w{32}/);
  });

  it('logs JSON lines when stdout is not a terminal, one readable line each on a terminal', async () => {
    const piped = await startService(dataDir(), false, 'info');
    services.push(piped.service);
    const [json] = await waitForLine(piped.output, /^\{.*"msg":"private redis-server started".*\}$/m);
    // Stopped only once started: the other services here are too (a stop mid-start is not what this checks).
    await waitForLine(piped.output, /listening on/);
    expect(JSON.parse(json)).toMatchObject({ level: 30, role: 'all', socket: expect.stringMatching(/redis\.sock$/) });

    const terminal = await startService(dataDir(), true, 'info');
    services.push(terminal.service);
    const [line] = await waitForLine(terminal.output, /^.*private redis-server started.*$/m);
    await waitForLine(terminal.output, /listening on/);
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\] .*INFO.*: private redis-server started \{.*"socket":".*redis\.sock".*\}/);
    expect(terminal.output()).not.toContain('"msg":');
  });

  it('with PORT=0, serves on a free port and names that port in its banner and in the URLs it derives', async () => {
    const { service, output } = await startService(dataDir(), false, 'warn', 0);
    services.push(service);
    const [, baseUrl, port] = await waitForLine(output, /Render service listening on (https:\/\/127\.0\.0\.1:(\d+))\/v3 /);
    expect(Number(port)).toBeGreaterThan(0);
    const [, certPath] = await waitForLine(output, /TLS certificate \(self-signed, for localhost\): (\S+)/);
    const reply = await send({ baseUrl, ca: readFileSync(certPath) }, 'GET', '/v3/openapi.json');
    expect(reply.status).toBe(200);
    expect((JSON.parse(reply.text) as { servers: Array<{ url: string }> }).servers).toEqual([{ url: baseUrl }]);
  });
});
