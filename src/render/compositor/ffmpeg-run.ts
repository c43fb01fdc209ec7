/**
 * One ffmpeg process of the compositor: its progress read from `-progress`,
 * its end as a result (cancelled, failed with the tail of what it said).
 */
import { spawn } from 'node:child_process';
import { internalFailure, type InternalFailureStep } from '../../common/render-failure';
import type { RenderPlan } from '../plan/render-plan.types';
import { RenderCancelled } from '../render-engine';
import { renderChild } from '../../common/render-child';

const STDERR_TAIL = 2_000;

/** Runs ffmpeg with `ffmpegArgs` (ending in `-progress pipe:1`), reporting the share of the plan's frames done; killed on `signal`. */
export function runFfmpeg(ffmpeg: string, ffmpegArgs: string[], plan: RenderPlan, signal: AbortSignal, onProgress: (fraction: number) => void): Promise<void> {
  let pending = '';
  const onStdout = (chunk: Buffer) => {
    pending += chunk.toString('utf8');
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const frame = /^frame=(\d+)$/.exec(line.trim());
      if (frame) onProgress(Math.min(1, Number(frame[1]) / plan.durationInFrames));
    }
  };
  return spawnFfmpeg(ffmpeg, ffmpegArgs, signal, { onStdout, step: 'encoder', what: 'compositor render' }).then(() => onProgress(1));
}

/**
 * Runs ffmpeg, handing what it writes to stdout to `onStdout`; killed on `signal` (RenderCancelled naming `what`),
 * and a failure as `step`'s internal failure with the tail of its stderr.
 */
export function spawnFfmpeg(
  ffmpeg: string,
  ffmpegArgs: string[],
  signal: AbortSignal,
  opts: { onStdout: (chunk: Buffer) => void; step: InternalFailureStep; what: string },
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new RenderCancelled(opts.what));
      return;
    }
    const command = renderChild(ffmpeg, ffmpegArgs);
    const child = spawn(command.file, command.args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const kill = () => child.kill('SIGKILL');
    signal.addEventListener('abort', kill, { once: true });
    let stderr = '';
    child.stdout.on('data', opts.onStdout);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL);
    });
    child.on('error', (err) => {
      signal.removeEventListener('abort', kill);
      reject(internalFailure(opts.step, new Error(`ffmpeg could not start: ${err.message}`, { cause: err })));
    });
    child.on('close', (code, killedBy) => {
      signal.removeEventListener('abort', kill);
      if (code === 0) {
        resolve();
      } else if (signal.aborted) {
        reject(new RenderCancelled(opts.what));
      } else {
        reject(internalFailure(opts.step, new Error(`ffmpeg exited with ${code ?? killedBy}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`)));
      }
    });
  });
}
