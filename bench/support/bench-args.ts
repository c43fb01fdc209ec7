/** Command-line options shared by the benchmarks: `--quick`, `--scale`, `--runs N`, `--duration S`, `--tasks N`. */
export interface BenchArgs {
  quick: boolean;
  /** bench:api's data-scale mode (bench/api-scale.ts). */
  scale: boolean;
  runs: number;
  /** Seconds per load measurement (bench:api). */
  duration: number;
  /** Tasks pushed through the queue (bench:queue). */
  tasks: number;
  warmup: number;
}

const NUMERIC = new Set(['runs', 'duration', 'tasks', 'warmup']);

export function parseBenchArgs(argv: string[], defaults: (quick: boolean, scale: boolean) => Omit<BenchArgs, 'quick' | 'scale'>): BenchArgs {
  const quick = argv.includes('--quick');
  const scale = argv.includes('--scale');
  const args: BenchArgs = { quick, scale, ...defaults(quick, scale) };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--quick' || arg === '--scale') continue;
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (!match || !NUMERIC.has(match[1])) throw new Error(`unknown option ${arg} (accepted: --quick, --scale, --runs N, --duration S, --tasks N, --warmup N)`);
    const raw = match[2] ?? argv[++i];
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0) throw new Error(`--${match[1]} needs a whole number, not ${String(raw)}`);
    (args as unknown as Record<string, number>)[match[1]] = value;
  }
  return args;
}
