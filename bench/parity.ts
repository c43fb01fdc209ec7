import 'reflect-metadata';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/common/project-root';
import { CompositorRenderer } from '../src/render/compositor/compositor-renderer';
import { ensureBundle, MediaFixtures, newRenderer } from '../test/integration/render/render-fixtures';
import { formatTable, renderBoth, writeWorstFrame, type ParityResult } from '../test/parity/parity-compare';
import { makeParityMedia, PARITY_CORPUS } from '../test/parity/parity-corpus';
import { log, machineInfo, saveResults } from './support/bench-report';

/**
 * bench:parity — the parity corpus (test/parity) through both engines at
 * 1280x720 30 fps (--quick: 640x360 15 fps): the worst frame of each timeline
 * (SSIM, PSNR), loudness and fades, as the parity tier checks them at a tiny
 * size. Each worst frame is written as Remotion | compositor | difference x4
 * to bench/results/parity/<timeline>.png for a person to look at.
 *   node dist/bench/parity.js [--quick]
 */
async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const size = quick ? { width: 640, height: 360, fps: 15 } : { width: 1280, height: 720, fps: 30 };
  const pngDir = join(projectRoot(), 'bench', 'results', 'parity');
  mkdirSync(pngDir, { recursive: true });
  await ensureBundle();
  const fixtures = new MediaFixtures();
  await fixtures.start();
  const remotion = newRenderer();
  const compositor = new CompositorRenderer({ remotion, mediaPath: (src) => fixtures.server.localPath(src) });
  const results: ParityResult[] = [];
  try {
    await makeParityMedia(fixtures);
    for (const testCase of PARITY_CORPUS) {
      log(`${testCase.name} ...`);
      const result = await renderBoth({ remotion, compositor }, fixtures, testCase, size);
      await writeWorstFrame(result, join(pngDir, `${testCase.name}.png`));
      results.push(result);
    }
  } finally {
    await remotion.close();
    await fixtures.stop();
  }
  const bar = (r: ParityResult) => r.worst.ssim >= 0.98 && r.worst.psnr >= 35;
  process.stdout.write(`parity at ${size.width}x${size.height} ${size.fps} fps (bar: every frame SSIM >= 0.98 and PSNR >= 35 dB)\n`);
  process.stdout.write(`${formatTable(results)}\n`);
  process.stdout.write(`${results.filter(bar).length} of ${results.length} timelines meet the bar; worst frames in ${pngDir}\n`);
  const saved = saveResults('parity', {
    machine: machineInfo(),
    size,
    results: results.map((r) => ({ name: r.name, engine: r.engine, frames: r.frames, worst: r.worst, loudness: r.loudness, soundSpan: r.soundSpan })),
  });
  log(`results saved to ${saved}`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
