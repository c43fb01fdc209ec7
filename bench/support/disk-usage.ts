import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PeakSampler } from './peak-sampler';

/**
 * The disk space the files under `dir` take (allocated blocks, as `du` counts
 * them: a file linked twice counts once); 0 when `dir` does not exist. Files
 * removed while it walks are skipped.
 */
export function treeDiskBytes(dir: string): number {
  const seen = new Set<number>();
  let total = 0;
  const walk = (path: string) => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      return;
    }
    if (seen.has(stat.ino)) return;
    seen.add(stat.ino);
    total += stat.blocks * 512;
    if (!stat.isDirectory()) return;
    let names: string[];
    try {
      names = readdirSync(path);
    } catch {
      return;
    }
    for (const name of names) walk(join(path, name));
  };
  walk(dir);
  return total;
}

/** Samples the disk space under `dirs` (together) every `intervalMs` and keeps the peak, in bytes. */
export class DiskUsageSampler extends PeakSampler {
  constructor(dirs: string[], intervalMs = 250) {
    super(() => dirs.reduce((sum, dir) => sum + treeDiskBytes(dir), 0), intervalMs);
  }
}
