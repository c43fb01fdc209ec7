import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromiumExecutable } from './chromium-sandbox';

const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

describe('chromiumExecutable', () => {
  let dir: string;
  let fakeChromium: string;

  beforeEach(async () => {
    dir = await fs.mkdtemp(join(tmpdir(), 'sandbox-spec-'));
    fakeChromium = join(dir, 'fake chromium');
    // Prints who it runs as, its HOME, then one argument per line.
    await fs.writeFile(fakeChromium, '#!/bin/sh\nid -u\necho "$HOME"\nfor a do echo "$a"; done\n', { mode: 0o755 });
    await fs.chmod(dir, 0o755);
  });

  afterEach(() => fs.rm(dir, { recursive: true, force: true }));

  it('is the browser itself when the sandbox is off', async () => {
    const executable = await chromiumExecutable('/usr/bin/chromium', { mode: 'off' });
    expect(executable.path).toBe('/usr/bin/chromium');
  });

  it('launches the browser without the flags that switch its sandbox off, every other argument kept in order', async () => {
    const profile = join(dir, 'profile');
    await fs.mkdir(profile, { mode: 0o700 });
    const executable = await chromiumExecutable(fakeChromium, { mode: 'on', user: 'nobody' });
    try {
      expect((await fs.stat(executable.path)).mode & 0o777).toBe(0o700);
      const { stdout } = await run(executable.path, [
        'about:blank',
        '--no-sandbox',
        `--user-data-dir=${profile}`,
        '--disable-setuid-sandbox',
        '--user-agent="a b\'c"',
        '--no-zygote',
        '--headless=old',
      ]);
      const [uid, home, ...args] = stdout.trimEnd().split('\n');
      expect(args).toEqual(['about:blank', `--user-data-dir=${profile}`, '--user-agent="a b\'c"', '--headless=old']);
      if (isRoot) {
        const nobody = Number((await run('id', ['-u', 'nobody'])).stdout.trim());
        expect(Number(uid)).toBe(nobody);
        expect(home).toBe(profile);
        expect((await fs.stat(profile)).uid).toBe(nobody);
      } else {
        expect(Number(uid)).toBe(process.getuid?.());
      }
    } finally {
      await executable.dispose();
    }
    await expect(fs.access(executable.path)).rejects.toThrow();
  });

  (isRoot ? it : it.skip)('refuses to run the browser as root when CHROMIUM_USER is root', async () => {
    const executable = await chromiumExecutable(fakeChromium, { mode: 'on', user: 'root' });
    try {
      await expect(run(executable.path, ['about:blank'])).rejects.toMatchObject({ code: 78, stderr: expect.stringContaining('must not be root') });
    } finally {
      await executable.dispose();
    }
  });
});
