/**
 * One render of a plan by the compositor engine in a process of its own, for
 * bench:render's `compositor` and `compositor-animated` contenders: the engine
 * as the worker runs it (its browser opened first, the video only), without
 * the API: the time of the composite itself, beside the service's end to end.
 *   node dist/bench/support/compositor-render.js <plan.json> <media dir> <media base url> <out.mp4> <width> <height> <fps>
 * Prints one JSON line: the render's seconds (after the browser is open) and the engine's split.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../src/common/project-root';
import { CompositorRenderer } from '../../src/render/compositor/compositor-renderer';
import type { RenderPlan } from '../../src/render/plan/render-plan.types';
import { RemotionRenderer } from '../../src/render/remotion-renderer';
import { cpus } from 'node:os';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

async function main(): Promise<void> {
  const [planPath, mediaDir, mediaBase, outPath, width, height, fps] = process.argv.slice(2);
  const plan = JSON.parse(readFileSync(planPath, 'utf8')) as RenderPlan;
  const remotion = new RemotionRenderer({
    serveUrl: join(projectRoot(), 'dist', 'remotion-bundle'),
    chromiumPath: CHROMIUM,
    sandbox: { mode: 'on', user: 'nobody' },
    concurrency: cpus().length,
    logLevel: 'error',
  });
  const compositor = new CompositorRenderer({
    remotion,
    // The bench serves its media from `mediaDir` at `mediaBase`: a plan src is the file's URL.
    mediaPath: (src) => (src.startsWith(mediaBase) ? join(mediaDir, src.slice(mediaBase.length).split('?')[0]) : null),
  });
  try {
    await remotion.open();
    const started = performance.now();
    const result = await compositor.renderVideo({
      plan,
      output: { width: Number(width), height: Number(height), framerate: Number(fps), format: 'mp4', quality: 'standard', codec: 'h264' },
      outPath,
      onProgress: () => undefined,
    });
    process.stdout.write(`${JSON.stringify({ render_s: (performance.now() - started) / 1000, engine: result.engine, split: result.split })}\n`);
  } finally {
    await remotion.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`compositor-render failed: ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
