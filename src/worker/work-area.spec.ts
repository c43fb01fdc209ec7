import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { openTempArea, openWorkArea, ownWorkArea, workAreaOf } from './work-area';

/** The kernel hands out pids below pid_max only: no process has this one. */
const NO_SUCH_PID = Number(readFileSync('/proc/sys/kernel/pid_max', 'utf8'));

describe('work areas', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'work-area-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  /** Makes the folder `work/<host>/<name>` with a file in it, as a render would leave it. */
  function leftArea(host: string, name: string): string {
    const dir = join(dataDir, 'work', host, name);
    mkdirSync(join(dir, 'tsk_left'), { recursive: true });
    writeFileSync(join(dir, 'tsk_left', 'input.mp4'), 'x');
    return dir;
  }

  it("names a process's area by host, pid and the process's start time; a pid no process has gets none", () => {
    const own = ownWorkArea(dataDir);
    expect(own).toMatch(new RegExp(`^${dataDir}/work/${hostname()}/${process.pid}-\\d+$`));
    expect(workAreaOf(dataDir, process.pid)).toBe(own);
    expect(workAreaOf(dataDir, process.ppid)).toMatch(new RegExp(`/${process.ppid}-\\d+$`));
    expect(workAreaOf(dataDir, NO_SUCH_PID)).toBeNull();
  });

  it("empties its own area and removes this host's areas whose process ended, the owner of a reused pid included", async () => {
    const own = ownWorkArea(dataDir);
    leftArea(hostname(), basename(own));
    const ended = leftArea(hostname(), `${NO_SUCH_PID}-12345`);
    const ownStart = Number(basename(own).split('-')[1]);
    const pidReused = leftArea(hostname(), `${process.pid}-${ownStart - 1}`);
    const live = leftArea(hostname(), basename(workAreaOf(dataDir, process.ppid) ?? ''));

    const removed = await openWorkArea(own);

    expect(removed.sort()).toEqual([ended, pidReused].sort());
    expect([existsSync(ended), existsSync(pidReused)]).toEqual([false, false]);
    expect(readdirSync(own)).toEqual([]);
    expect(readdirSync(join(live, 'tsk_left'))).toEqual(['input.mp4']);
  });

  it("leaves other hosts' areas and what is not an area alone", async () => {
    const otherHost = leftArea(`not-${hostname()}`, `${NO_SUCH_PID}-12345`);
    const notAnArea = leftArea(hostname(), 'notes');

    expect(await openWorkArea(ownWorkArea(dataDir))).toEqual([]);
    expect([existsSync(otherHost), existsSync(notAnArea)]).toEqual([true, true]);
  });

  it("opens the process's temporary area in the system's temporary folder, open to all with the sticky bit, and removes the ended ones beside it", async () => {
    const ended = join(dataDir, 'render-worker', hostname(), `${NO_SUCH_PID}-12345`);
    mkdirSync(join(ended, 'puppeteer_dev_chrome_profile-x'), { recursive: true });

    const { area, removed } = await openTempArea(dataDir);

    expect(area).toBe(join(dataDir, 'render-worker', hostname(), basename(ownWorkArea(dataDir))));
    expect(removed).toEqual([ended]);
    expect(statSync(area).mode & 0o7777).toBe(0o1777);
  });
});
