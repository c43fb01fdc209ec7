/**
 * A worker process's own folders, named `<hostname>/<pid>-<start>`, `<start>`
 * being the process's start time (clock ticks since boot, from
 * /proc/<pid>/stat): its work area in `<dataDir>/work` for the files of its
 * renders, and its temporary area in the system's temporary folder for what
 * Remotion and Chromium write there. Renders clean up after themselves; what a
 * killed worker left is removed by the next worker that starts on its host,
 * which removes every area of that host whose process no longer runs. The start
 * time tells the owner from another process that was given its pid later; the
 * host keeps two machines (or containers, each with its own pids) that share a
 * data dir apart.
 */
import { readFileSync } from 'node:fs';
import { chmod, mkdir, readdir, rm } from 'node:fs/promises';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';

const AREA_NAME = /^(\d+)-(\d+)$/;

/** When the process `pid` started (clock ticks since boot), or null when no process has that pid. */
function startTicks(pid: number): string | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // Field 22; counted from the end of the command name, which is in parentheses and may hold spaces.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

/** The area in `root` of the process `pid`, or null when no process has that pid. */
function areaIn(root: string, pid: number): string | null {
  const started = startTicks(pid);
  return started === null ? null : join(root, hostname(), `${pid}-${started}`);
}

/** The work area in `dataDir` of the process `pid`, or null when no process has that pid. */
export function workAreaOf(dataDir: string, pid: number): string | null {
  return areaIn(join(dataDir, 'work'), pid);
}

function ownAreaIn(root: string): string {
  const area = areaIn(root, process.pid);
  if (area === null) throw new Error("cannot read this process's start time from /proc/self/stat (the worker runs on Linux)");
  return area;
}

/** This process's work area in `dataDir`. */
export function ownWorkArea(dataDir: string): string {
  return ownAreaIn(join(dataDir, 'work'));
}

/** Whether `name` is a work area whose process no longer runs (anything else there is not ours to remove). */
function isEndedArea(name: string): boolean {
  const [, pid, started] = AREA_NAME.exec(name) ?? [];
  return pid !== undefined && startTicks(Number(pid)) !== started;
}

/**
 * Empties `area` (this process's) and removes the areas beside it, of the same
 * host, whose process has ended. Returns the areas removed.
 */
export async function openWorkArea(area: string): Promise<string[]> {
  await rm(area, { recursive: true, force: true });
  await mkdir(area, { recursive: true });
  const ended = (await readdir(dirname(area))).filter(isEndedArea).map((name) => join(dirname(area), name));
  await Promise.all(ended.map((dir) => rm(dir, { recursive: true, force: true })));
  return ended;
}

/**
 * Opens this process's temporary area in `systemTemp`, the system's temporary
 * folder (as `openWorkArea` does), and returns it, with the areas removed. Set as TMPDIR
 * before the browser starts, it receives what Remotion and Chromium put in
 * os.tmpdir(): the browser's profile, Remotion's frames and audio. Open to all
 * with the sticky bit, as /tmp is: the browser may run as CHROMIUM_USER.
 */
export async function openTempArea(systemTemp: string): Promise<{ area: string; removed: string[] }> {
  const area = ownAreaIn(join(systemTemp, 'render-worker'));
  const removed = await openWorkArea(area);
  await chmod(area, 0o1777);
  return { area, removed };
}
