import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

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
