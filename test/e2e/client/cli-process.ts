import { execFile, spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';

export const CLI_PATH = join(__dirname, '..', '..', '..', 'dist', 'src', 'client', 'cli.js');

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (`npm run build` first) as a child process, as a user would. */
export function runCli(args: string[], env: Record<string, string>): Promise<CliRun> {
  if (!existsSync(CLI_PATH)) throw new Error(`${CLI_PATH} is missing: run npm run build`);
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI_PATH, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 150_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** A long-running CLI command (`webhook-listen`) as a child process: its stdin open, its output gathered. */
export function spawnCli(args: string[], env: Record<string, string>): { child: ChildProcessByStdio<Writable, Readable, Readable>; output: () => string } {
  if (!existsSync(CLI_PATH)) throw new Error(`${CLI_PATH} is missing: run npm run build`);
  const child = spawn(process.execPath, [CLI_PATH, ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  return { child, output: () => text };
}
