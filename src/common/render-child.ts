import { existsSync } from 'node:fs';
import { childProcessStarted } from './child-process-count';

/** util-linux's setpriv, on every Debian and Ubuntu (util-linux is essential there). */
const SETPRIV = ['/usr/bin/setpriv', '/bin/setpriv'].find((path) => existsSync(path)) ?? null;

/**
 * The command line of a child process started for a render (ffmpeg, ffprobe), counted for its task
 * (child-process-count.ts) and bound to this process's life: `setpriv --pdeathsig KILL` has the kernel kill it when
 * this process dies, however it dies, so a worker killed mid-render (the OOM killer, SIGKILL) leaves no ffmpeg working
 * for nobody. setpriv execs the command: the child's pid is the command's. Without setpriv the command runs as given.
 */
export function renderChild(command: string, args: string[]): { file: string; args: string[] } {
  childProcessStarted();
  return SETPRIV === null ? { file: command, args } : { file: SETPRIV, args: ['--pdeathsig', 'KILL', '--', command, ...args] };
}
