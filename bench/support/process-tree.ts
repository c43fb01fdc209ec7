import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { PeakSampler } from './peak-sampler';

const PAGE_SIZE = 4096;

interface ProcStat {
  pid: number;
  ppid: number;
  /** The command's name (as `ps -o comm` shows it, at most 15 characters). */
  command: string;
  rssBytes: number;
  /** User and system CPU time of all the process's threads, in clock ticks. */
  cpuTicks: number;
}

function readStat(pid: number): ProcStat | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const command = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
    return { pid, ppid: Number(fields[1]), command, rssBytes: Number(fields[21]) * PAGE_SIZE, cpuTicks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** Resident memory of a process tree: in all, and by command (node, chromium-headless-shell, ffmpeg…), in bytes. */
export interface TreeRss {
  total: number;
  byCommand: Record<string, number>;
  /**
   * The sum of the processes' proportional set sizes: each page shared by n processes counts 1/n, so pages the
   * tree's processes share (Chromium's processes map one binary and shared memory) count once, where the RSS
   * sum counts them once per process.
   */
  pss: number;
}

/** A process's proportional set size in bytes (0 when it has gone). */
function pssOf(pid: number): number {
  try {
    const kib = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return kib === null ? 0 : Number(kib[1]) * 1024;
  } catch {
    return 0;
  }
}

/** Resident memory of `rootPid` and all its descendants (Chromium, ffmpeg, redis-server…), from /proc. */
export function treeRss(rootPid: number): TreeRss {
  const stats = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readStat(Number(name)))
    .filter((s): s is ProcStat => s !== null);
  const children = new Map<number, ProcStat[]>();
  for (const stat of stats) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const tree: TreeRss = { total: 0, byCommand: {}, pss: 0 };
  const stack = stats.filter((s) => s.pid === rootPid);
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    tree.total += next.rssBytes;
    tree.byCommand[next.command] = (tree.byCommand[next.command] ?? 0) + next.rssBytes;
    tree.pss += pssOf(next.pid);
    stack.push(...(children.get(next.pid) ?? []));
  }
  return tree;
}

let ticksPerSecond: number | null = null;

/** CPU time one process (every thread, its children not included) has used so far, in milliseconds. */
export function processCpuMs(pid: number): number {
  ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  const stat = readStat(pid);
  if (!stat) throw new Error(`no process ${pid}`);
  return (stat.cpuTicks * 1000) / ticksPerSecond;
}

const MIB = 1024 * 1024;

/** Samples the tree's RSS every `intervalMs` and keeps the peak (a sum of RSS counts shared pages once per process). */
export class RssSampler extends PeakSampler<TreeRss> {
  constructor(pid: () => number | undefined, intervalMs = 100) {
    super(
      () => {
        const root = pid();
        return root === undefined ? { total: 0, byCommand: {}, pss: 0 } : treeRss(root);
      },
      intervalMs,
      (tree) => tree.total,
    );
  }

  /** Stops sampling; returns the peak in MiB, each command's share of it, and the tree's PSS at that moment. */
  stopInMiB(): { peakMiB: number; byCommandMiB: Record<string, number>; pssAtPeakMiB: number } {
    const peak = this.stop();
    const byCommandMiB = Object.fromEntries(Object.entries(peak.byCommand).map(([command, bytes]) => [command, Math.round(bytes / MIB)]));
    return { peakMiB: Math.round(peak.total / MIB), byCommandMiB, pssAtPeakMiB: Math.round(peak.pss / MIB) };
  }
}
