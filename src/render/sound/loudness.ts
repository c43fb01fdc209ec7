/**
 * Loudness normalisation of a finished output (spec/extensions.md §5), the
 * same for both engines and for chunked renders (it runs on the file the
 * render wrote): a measured two-pass normalisation, never a dynamic one.
 *
 * 1. ffmpeg's `ebur128` meters the file: integrated loudness (ITU-R BS.1770,
 *    gated) and true peak.
 * 2. The audio is encoded again (the video stream copied) through one linear
 *    gain, target - measured, then a true-peak limiter: 4x oversampled, so
 *    it sees the peaks between samples, `alimiter` with its ceiling
 *    LIMITER_MARGIN_DB under the true-peak bound (the encoder adds a little
 *    overshoot of its own), its delay compensated, and back to 48 kHz.
 * 3. The result is metered; where it is more than CORRECTION_LU off the
 *    target, or its true peak over the bound, step 2 runs again from the
 *    original (`nextPass`): the gain corrected by the miss, scaled by how much
 *    loudness the last gain change bought (a limiter makes a dB of gain worth
 *    less), and the ceiling moved to put the true peak PEAK_AIM_DB under the
 *    bound, up as well as down. At most MAX_PASSES; the best result is kept.
 *    A target the true-peak bound leaves out of reach (a loud target with a
 *    low ceiling on sound with high peaks) ends as close as the limiter gets:
 *    the true peak is the bound that holds.
 *
 * A silent output (nothing above the meter's gate) is left as it is. Sound
 * shorter than the meter's 400 ms block is metered repeated (the loudness of
 * a repeated sound is its own).
 */
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { internalFailure } from '../../common/render-failure';
import type { ResolvedLoudness } from '../../task-input/task-input.types';
import { loudnessPassArgs } from '../compositor/encoder-args';
import type { EncodingSettings } from '../encoding-settings';
import type { RenderPlan } from '../plan/render-plan.types';
import { RenderCancelled } from '../render-engine';
import { SYSTEM_FFMPEG } from '../video-previews';
import { renderChild } from '../../common/render-child';

/** What `ebur128` says of a file's sound. */
export interface LoudnessMeasure {
  /** Integrated loudness, LUFS; null when nothing passed the gate (silence). */
  integratedLufs: number | null;
  /** True peak, dBTP. */
  truePeakDb: number;
}

/** The first pass's ceiling under the true-peak bound: AAC and Opus add up to about half a dB of overshoot. */
export const LIMITER_MARGIN_DB = 1;
/** A result further than this from the target gets one more pass. */
export const CORRECTION_LU = 0.5;
/** Where a corrected pass aims the true peak: this far under its bound. */
export const PEAK_AIM_DB = 0.3;
/** How far over `true_peak_db` a result may peak (the contract allows 0.5 dB; the rest is left to other meters). */
export const PEAK_TOLERANCE_DB = 0.3;
/** The least loudness a dB of gain is taken to buy, however hard the limiter works. */
const MIN_SLOPE = 0.1;
/** The most a corrected pass adds to the first pass's gain, so a hopeless target does not drive the limiter to distortion. */
export const MAX_EXTRA_GAIN_DB = 12;
/** The first pass and at most four corrections: each costs one encode of the sound. */
const MAX_PASSES = 5;
/** `ebur128` reports -70 LUFS (its absolute gate) when no block passed it. */
const SILENT_LUFS = -70;
/** How often sound too short for one 400 ms block is repeated to be metered (a 4 ms output is then metered whole). */
const SHORT_SOUND_REPEATS = 100;
const OVERSAMPLED_RATE = 192_000;
const TIMEOUT_MS = 600_000;

/** The summary `ebur128` prints at the end: its integrated loudness and true peak. */
export function parseEbur128Summary(stderr: string): LoudnessMeasure {
  const summary = stderr.slice(stderr.lastIndexOf('Summary:'));
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary);
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary);
  if (integrated === null || peak === null) throw new Error(`no ebur128 summary in: ${stderr.slice(-300)}`);
  const lufs = Number(integrated[1]);
  return {
    integratedLufs: Number.isFinite(lufs) && lufs > SILENT_LUFS ? lufs : null,
    truePeakDb: peak[1] === '-inf' ? -Infinity : Number(peak[1]),
  };
}

/** alimiter's lowest ceiling (its `limit` of 0.0625). */
const LOWEST_CEILING_DB = -24;

/** The filters of one normalising pass: the gain, then the true-peak limiter with its ceiling at `ceilingDb`. */
export function normalisingFilter(gainDb: number, ceilingDb: number): string {
  const ceiling = 10 ** (Math.max(LOWEST_CEILING_DB, ceilingDb) / 20);
  return [
    `volume=${gainDb.toFixed(3)}dB`,
    `aresample=${OVERSAMPLED_RATE}`,
    // level=disabled: no make-up gain; the limiter only ever lowers what passes its ceiling. latency=1: its
    // look-ahead does not delay the sound against the picture.
    `alimiter=limit=${ceiling.toFixed(6)}:attack=5:release=50:level=disabled:latency=1`,
    'aresample=48000',
  ].join(',');
}

/** One normalising pass: its gain and ceiling, and what came out. */
export interface LoudnessPass {
  gainDb: number;
  ceilingDb: number;
  result: LoudnessMeasure;
}

/** How far a result is from meeting the bounds: its miss of the target in LU, or how far its true peak is over. */
function miss(pass: LoudnessPass, targetLufs: number, truePeakDb: number): { lu: number; peakOver: number } {
  const lufs = pass.result.integratedLufs ?? SILENT_LUFS;
  return { lu: Math.abs(targetLufs - lufs), peakOver: Math.max(0, pass.result.truePeakDb - truePeakDb - PEAK_TOLERANCE_DB) };
}

/**
 * The gain and ceiling of the pass after `passes`, or null when the last one met the target within CORRECTION_LU
 * and the true-peak bound (PEAK_TOLERANCE_DB over it). The gain is corrected by the miss divided by the loudness
 * per dB of gain the last two passes showed when they had one ceiling (else 1); the ceiling moves the last true
 * peak to PEAK_AIM_DB under the bound, never above the bound itself.
 */
export function nextPass(targetLufs: number, truePeakDb: number, passes: LoudnessPass[]): { gainDb: number; ceilingDb: number } | null {
  const last = passes[passes.length - 1];
  const lufs = last.result.integratedLufs;
  if (lufs === null) return null;
  const { lu, peakOver } = miss(last, targetLufs, truePeakDb);
  if (lu <= CORRECTION_LU && peakOver === 0) return null;
  const before = passes[passes.length - 2];
  let slope = 1;
  // Only between passes with the same ceiling: a new ceiling changes the loudness too.
  if (before !== undefined && before.result.integratedLufs !== null && before.gainDb !== last.gainDb && before.ceilingDb === last.ceilingDb) {
    slope = Math.min(1, Math.max(MIN_SLOPE, (lufs - before.result.integratedLufs) / (last.gainDb - before.gainDb)));
  }
  return {
    gainDb: Math.min(passes[0].gainDb + MAX_EXTRA_GAIN_DB, last.gainDb + (targetLufs - lufs) / slope),
    ceilingDb: Math.min(truePeakDb, last.ceilingDb + (truePeakDb - PEAK_AIM_DB - last.result.truePeakDb)),
  };
}

/** The pass to keep: the closest to the target among those within the true-peak bound, else the lowest true peak. */
export function bestPass<P extends LoudnessPass>(passes: P[], targetLufs: number, truePeakDb: number): P {
  const score = (pass: P) => {
    const { lu, peakOver } = miss(pass, targetLufs, truePeakDb);
    return peakOver > 0 ? 1000 + peakOver : lu;
  };
  return passes.reduce((best, pass) => (score(pass) < score(best) ? pass : best));
}

export interface NormaliseArgs {
  /** The finished output; replaced by its normalised version. */
  path: string;
  loudness: ResolvedLoudness;
  encoding: EncodingSettings;
  plan: RenderPlan;
  signal: AbortSignal;
  ffmpegPath?: string;
}

/** What a normalisation did, for the worker's log. */
export interface NormaliseOutcome {
  before: LoudnessMeasure;
  after: LoudnessMeasure;
  gainDb: number;
  passes: number;
}

/** Normalises the file at `args.path` in place; null when it was silent and left as it is. */
export async function normaliseLoudness(args: NormaliseArgs): Promise<NormaliseOutcome | null> {
  const ffmpeg = args.ffmpegPath ?? SYSTEM_FFMPEG;
  const before = await measureLoudness(args.path, args.signal, ffmpeg);
  if (before.integratedLufs === null) return null;
  const { targetLufs, truePeakDb } = args.loudness;
  const extension = args.path.slice(args.path.lastIndexOf('.'));
  const passes: Array<LoudnessPass & { path: string }> = [];
  // Every file a pass starts writing, removed at the end (all but the one kept, renamed), a cancelled one too.
  const written: string[] = [];
  const pass = async (gainDb: number, ceilingDb: number): Promise<void> => {
    const path = `${args.path}.loudness-${passes.length + 1}${extension}`;
    written.push(path);
    await runFfmpeg(ffmpeg, loudnessPassArgs(args.encoding, args.plan, args.path, normalisingFilter(gainDb, ceilingDb), path), args.signal);
    passes.push({ gainDb, ceilingDb, result: await measureLoudness(path, args.signal, ffmpeg), path });
  };
  try {
    await pass(targetLufs - before.integratedLufs, truePeakDb - LIMITER_MARGIN_DB);
    for (let next = nextPass(targetLufs, truePeakDb, passes); next !== null && passes.length < MAX_PASSES; next = nextPass(targetLufs, truePeakDb, passes)) {
      await pass(next.gainDb, next.ceilingDb);
    }
    const kept = bestPass(passes, targetLufs, truePeakDb);
    await fs.rename(kept.path, args.path);
    return { before, after: kept.result, gainDb: kept.gainDb, passes: passes.length };
  } finally {
    await Promise.all(written.map((path) => fs.rm(path, { force: true }).catch(() => undefined)));
  }
}

/**
 * Meters the first sound stream of a file. Sound that peaks but passes no block of the gate is metered again
 * repeated: it may be loud but shorter than one 400 ms block.
 */
export async function measureLoudness(path: string, signal: AbortSignal, ffmpeg = SYSTEM_FFMPEG): Promise<LoudnessMeasure> {
  const measure = await meter(path, [], signal, ffmpeg);
  if (measure.integratedLufs !== null || measure.truePeakDb === -Infinity) return measure;
  return meter(path, ['-stream_loop', String(SHORT_SOUND_REPEATS - 1)], signal, ffmpeg);
}

async function meter(path: string, inputOptions: string[], signal: AbortSignal, ffmpeg: string): Promise<LoudnessMeasure> {
  const stderr = await runFfmpeg(
    ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info'],
      ...[...inputOptions, '-protocol_whitelist', 'file', '-i', `file:${path}`],
      // framelog=verbose keeps the per-block lines below the log level: only the summary is printed.
      ...['-map', '0:a:0', '-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-'],
    ],
    signal,
  );
  try {
    return parseEbur128Summary(stderr);
  } catch (error) {
    throw internalFailure('loudness', error);
  }
}

/** Runs ffmpeg to its end; its stderr. */
function runFfmpeg(ffmpeg: string, args: string[], signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new RenderCancelled('loudness normalisation'));
      return;
    }
    const command = renderChild(ffmpeg, args);
    execFile(command.file, command.args, { signal, timeout: TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error === null) resolve(stderr);
      else if (signal.aborted) reject(new RenderCancelled('loudness normalisation'));
      else reject(internalFailure('loudness', new Error(`ffmpeg failed: ${error.message}: ${stderr.slice(-500)}`)));
    });
  });
}
