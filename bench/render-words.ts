/**
 * bench:render --words — the cost of word-level captions (issue 39): the
 * reference timeline at 1280x720, 30 fps, 60 s with a caption track of 150
 * English words in cues of five, rendered by the compositor engine alone (in a
 * process of its own, as bench:render's `compositor` contender), alternating in
 * one run:
 *   plain-subtitles   the captions as plain subtitles (one still per cue)
 *   words-highlight   the same captions with `words: { style: highlight }` (one still per word state)
 * Prints the median render time of each (after the browser is open) and their
 * ratio (target <= 1.3).
 *   node dist/bench/render.js --words [--quick] [--runs N] [--warmup N]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compositePlan } from '../src/render/compositor/composite-plan';
import { MediaServer } from '../src/render/media-server';
import { parseBenchArgs } from './support/bench-args';
import { formatTable, log, machineInfo, median, saveResults } from './support/bench-report';
import { runCompositorProcess, type CompositorRun } from './support/compositor-run';
import { CAPTION_WORDS, captionedReferencePlan, generateCaptionFile, generateReferenceMedia, type ReferenceSize } from './support/reference-timeline';

const SIZE: ReferenceSize = { width: 1280, height: 720, fps: 30, seconds: 60 };
const QUICK: ReferenceSize = { width: 640, height: 360, fps: 30, seconds: 20 };
const CONTENDERS = ['plain-subtitles', 'words-highlight'] as const;
type Contender = (typeof CONTENDERS)[number];

export async function wordsBench(argv: string[]): Promise<void> {
  const args = parseBenchArgs(argv, (quick) => ({ runs: quick ? 1 : 3, duration: 0, tasks: 0, warmup: 1 }));
  const size = args.quick ? QUICK : SIZE;
  const root = mkdtempSync(join(tmpdir(), 'rs-bench-words-'));
  const mediaDir = join(root, 'media');
  mkdirSync(mediaDir);
  log(`generating the reference media and ${CAPTION_WORDS} caption words (${size.width}x${size.height}, ${size.fps} fps, ${size.seconds} s)`);
  generateReferenceMedia(mediaDir, size);
  generateCaptionFile(mediaDir, size);
  const mediaServer = new MediaServer();
  await mediaServer.start();
  const media = { dir: mediaDir, base: mediaServer.register('reference', mediaDir) };
  const plans = { 'plain-subtitles': join(root, 'plain.json'), 'words-highlight': join(root, 'words.json') } satisfies Record<Contender, string>;
  const stills: Record<Contender, number> = { 'plain-subtitles': 0, 'words-highlight': 0 };
  for (const contender of CONTENDERS) {
    const plan = captionedReferencePlan(size, mediaDir, media.base, contender === 'words-highlight');
    stills[contender] = compositePlan(plan).shots.length;
    writeFileSync(plans[contender], JSON.stringify(plan));
  }
  const results: Array<{ contender: Contender; run: number } & CompositorRun> = [];
  try {
    for (let run = -args.warmup; run < args.runs; run++) {
      // Alternate which goes first, so neither always follows the other.
      const order = run % 2 === 0 ? CONTENDERS : [...CONTENDERS].reverse();
      for (const contender of order) {
        const outPath = join(root, `${contender}.mp4`);
        const timed = await runCompositorProcess(contender, plans[contender], media, outPath, size);
        rmSync(outPath, { force: true });
        log(
          `${run < 0 ? 'warm-up' : `run ${run + 1}/${args.runs}`} ${contender}: render ${timed.renderSeconds.toFixed(2)} s, process ${timed.seconds.toFixed(2)} s`,
        );
        if (run >= 0) results.push({ contender, run, ...timed });
      }
    }
  } finally {
    await mediaServer.stop();
    rmSync(root, { recursive: true, force: true });
  }
  const of = (contender: Contender) => results.filter((r) => r.contender === contender);
  const renderMedian = (contender: Contender) => median(of(contender).map((r) => r.renderSeconds));
  const ratio = renderMedian('words-highlight') / renderMedian('plain-subtitles');
  const out = process.stdout;
  out.write(
    `\nbench:render --words — ${size.width}x${size.height}, ${size.fps} fps, ${size.seconds} s, ${CAPTION_WORDS} caption words, median of ${args.runs}\n\n`,
  );
  out.write(
    `${formatTable(
      ['contender', 'stills', 'runs', 'render median s', 'process median s', 'peak RSS MiB'],
      CONTENDERS.map((c) => [c, stills[c], of(c).length, renderMedian(c), median(of(c).map((r) => r.seconds)), Math.max(...of(c).map((r) => r.peakRssMiB))]),
    )}\n\n`,
  );
  out.write(`words-highlight / plain-subtitles = ${ratio.toFixed(2)} (target <= 1.3: ${ratio <= 1.3 ? 'met' : 'NOT met'})\n`);
  const path = saveResults(args.quick ? 'render-words-quick' : 'render-words', {
    date: new Date().toISOString(),
    machine: machineInfo(),
    size,
    args,
    stills,
    ratio,
    results,
  });
  out.write(`saved ${path}\n`);
}
