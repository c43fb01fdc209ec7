import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { PeakSampler } from './peak-sampler';

const PAGE_SIZE = 4096;

interface ProcStat {
  pid: number;
  ppid: number;
  rssBytes: number;
  /** User and system CPU time of all the process's threads, in clock ticks. */
  cpuTicks: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid, ppid: Number(fields[1]), rssBytes: Number(fields[21]) * PAGE_SIZE, cpuTicks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** Resident memory of `rootPid` and all its descendants (Chromium, ffmpeg, redis-server…), from /proc. */
export function treeRssBytes(rootPid: number): number {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((s): s is ProcStat => s !== null);
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const root = stats.find((s) => s.pid === rootPid);
  if (!root) return 0;
  let total = 0;
  const stack = [root];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    total += next.rssBytes;
    stack.push(...(children.get(next.pid) ?? []));
  }
  return total;
}

let ticksPerSecond: number | null = null;

/** CPU time one process (every thread, its children not included) has used so far, in milliseconds. */
export function processCpuMs(pid: number): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  const stat = readStat(pid);
  if (!stat) throw new Error(`no process ${pid}`);
  return (stat.cpuTicks * 1000) / ticksPerSecond;
}

/** Samples the tree's RSS every `intervalMs` and keeps the peak (a sum of RSS counts shared pages once per process). */
export class RssSampler extends PeakSampler {
  constructor(pid: () => number | undefined, intervalMs = 100) {
    super(() => {
      const root = pid();
      return root === undefined ? 0 : treeRssBytes(root);
    }, intervalMs);
  }

  /** Stops sampling; returns the peak in MiB. */
  override stop(): number {
    return Math.round(super.stop() / 1024 / 1024);
  }
}
