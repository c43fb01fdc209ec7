/**
 * A worker process's own folder for the files of its renders:
 * `<dataDir>/work/<hostname>/<pid>-<start>`, `<start>` being the process's
 * start time (clock ticks since boot, from /proc/<pid>/stat). Renders clean up
 * after themselves; what a killed worker left is removed by the next worker
 * that starts on its host with the same data dir, which removes every area of
 * that host whose process no longer runs. The start time tells the owner from
 * another process that was given its pid later; the host keeps two machines
 * (or containers, each with its own pids) that share a data dir apart.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
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

/** The work area in `dataDir` of the process `pid`, or null when no process has that pid. */
export function workAreaOf(dataDir: string, pid: number): string | null {
  const started = startTicks(pid);
  return started === null ? null : join(dataDir, 'work', hostname(), `${pid}-${started}`);
}

/** This process's work area in `dataDir`. */
export function ownWorkArea(dataDir: string): string {
  const area = workAreaOf(dataDir, process.pid);
  if (area === null) throw new Error("cannot read this process's start time from /proc/self/stat (the worker runs on Linux)");
  return area;
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
