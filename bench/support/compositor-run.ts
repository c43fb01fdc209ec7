import { join } from 'node:path';
import { projectRoot } from '../../src/common/project-root';
import type { ReferenceSize } from './reference-timeline';
import { runTimed } from './timed-process';

/** One compositor-render.js process: its wall time and peak RSS, and the render's own seconds after the browser opened. */
export interface CompositorRun {
  seconds: number;
  renderSeconds: number;
  peakRssMiB: number;
  /** The engine's split: stills drawn, and the milliseconds of drawing them and of compositing + encoding. */
  split: { stills: number; stillsMs: number; compositeMs: number };
}

/** Renders the plan at `planPath` with the compositor engine alone, in a process of its own; throws unless the compositor drew it. */
export async function runCompositorProcess(
  name: string,
  planPath: string,
  media: { dir: string; base: string },
  outPath: string,
  size: ReferenceSize,
): Promise<CompositorRun> {
  const script = join(projectRoot(), 'dist', 'bench', 'support', 'compositor-render.js');
  const args = [script, planPath, media.dir, media.base, outPath, String(size.width), String(size.height), String(size.fps)];
  const timed = await runTimed(process.execPath, args, { cwd: projectRoot() });
  if (timed.exitCode !== 0) throw new Error(`${name} exited with ${timed.exitCode}:\n${timed.stderrTail}`);
  const report = JSON.parse(timed.stdout.trim().split('\n').pop() ?? '{}') as { render_s: number; engine: string; split: CompositorRun['split'] };
  if (report.engine !== 'compositor') throw new Error(`${name} was drawn by ${report.engine}`);
  return { seconds: timed.seconds, renderSeconds: report.render_s, peakRssMiB: timed.peakRssMiB, split: report.split };
}
