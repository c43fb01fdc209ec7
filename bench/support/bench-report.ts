import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { projectRoot } from '../../src/common/project-root';

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export type Cell = string | number | null;

function show(cell: Cell): string {
  if (cell === null) return '-';
  if (typeof cell === 'string') return cell;
  if (!Number.isFinite(cell)) return '-';
  if (Number.isInteger(cell)) return String(cell);
  return Math.abs(cell) >= 100 ? cell.toFixed(0) : Math.abs(cell) >= 10 ? cell.toFixed(1) : cell.toFixed(2);
}

/** A Markdown table, so the output pastes straight into docs/performance.md. */
export function formatTable(headers: string[], rows: Cell[][]): string {
  const text = rows.map((row) => row.map(show));
  const widths = headers.map((h, i) => Math.max(h.length, ...text.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  return [line(headers), line(widths.map((w) => '-'.repeat(w))), ...text.map(line)].join('\n');
}

export interface MachineInfo {
  cpu: string;
  cores: number;
  ram_gib: number;
  node: string;
  chromium: string;
  ffmpeg: string;
  /** Other work on the machine skews the numbers: the 1-minute load average when the bench ended. */
  load_avg_1m: number;
}

function firstLine(command: string, args: string[]): string {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\n')[0]
      .trim();
  } catch {
    return 'unknown';
  }
}

export function machineInfo(chromiumPath = '/usr/lib/chromium/chromium-headless-shell'): MachineInfo {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    ram_gib: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    chromium: firstLine(chromiumPath, ['--version']),
    ffmpeg: firstLine('ffmpeg', ['-hide_banner', '-version']),
    load_avg_1m: Math.round(loadavg()[0] * 10) / 10,
  };
}

/** Writes bench/results/<name>-<time>.json and bench/results/<name>-latest.json; returns the first path. */
export function saveResults(name: string, data: unknown): string {
  const dir = join(projectRoot(), 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const body = `${JSON.stringify(data, null, 2)}\n`;
  const path = join(dir, `${name}-${stamp}.json`);
  writeFileSync(path, body);
  writeFileSync(join(dir, `${name}-latest.json`), body);
  return path;
}

export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}
