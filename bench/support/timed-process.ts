import { spawn } from 'node:child_process';
import { RssSampler } from './process-tree';

export interface TimedRun {
  seconds: number;
  peakRssMiB: number;
  exitCode: number | null;
  /** Last lines of stderr, for the error message when it failed. */
  stderrTail: string;
  /** The end of what it printed (a report it gives). */
  stdout: string;
}

/** Runs a command to its end, timing it and sampling the RSS of its process tree. */
export async function runTimed(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<TimedRun> {
  const started = performance.now();
  const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const sampler = new RssSampler(() => child.pid);
  sampler.start();
  let stderr = '';
  let stdout = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout = (stdout + chunk.toString('utf8')).slice(-4000);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  const seconds = (performance.now() - started) / 1000;
  return { seconds, peakRssMiB: sampler.stopInMiB().peakMiB, exitCode, stderrTail: stderr.split('\n').slice(-15).join('\n'), stdout };
}
