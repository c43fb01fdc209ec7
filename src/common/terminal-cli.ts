/** How an operator's command-line tool talks to its caller: a terminal, or a test. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: Record<string, string | undefined>;
}

/** Runs a tool with this process's arguments, output and environment; what it returns is the exit code. */
export function runInTerminal(run: (argv: string[], io: CliIo) => Promise<number>): void {
  void run(process.argv.slice(2), {
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
  }).then((code) => {
    process.exitCode = code;
  });
}
