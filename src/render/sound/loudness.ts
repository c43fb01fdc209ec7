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
 *    overshoot of its own), and back to 48 kHz.
 * 3. The result is metered; where the limiter took the integrated loudness
 *    more than CORRECTION_LU off the target, or the true peak came out over
 *    its bound (heavy limiting distorts, and the encoder's overshoot grows
 *    with it), step 2 runs again from the original with the gain corrected
 *    by the difference and the ceiling lowered by the excess (at most
 *    MAX_PASSES in all). A target the true-peak bound leaves out of reach (a
 *    loud target with a low ceiling on sound with high peaks) ends as close
 *    as the limiter gets: the true peak is the bound that holds.
 *
 * A silent output (nothing above the meter's gate) is left as it is.
 */
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { internalFailure } from '../../common/render-failure';
import type { ResolvedLoudness } from '../../tasks/task-input.types';
import { loudnessPassArgs } from '../compositor/encoder-args';
import type { EncodingSettings } from '../encoding-settings';
import type { RenderPlan } from '../plan/render-plan.types';
import { RenderCancelled } from '../render-engine';
import { SYSTEM_FFMPEG } from '../video-previews';
import { childProcessStarted } from '../../common/child-process-count';

/** What `ebur128` says of a file's sound. */
export interface LoudnessMeasure {
  /** Integrated loudness, LUFS; null when nothing passed the gate (silence). */
  integratedLufs: number | null;
  /** True peak, dBTP. */
  truePeakDb: number;
}

/** The limiter's ceiling under the true-peak bound: AAC and Opus add up to about half a dB of overshoot. */
export const LIMITER_MARGIN_DB = 1;
/** A result further than this from the target gets one more pass with the gain corrected. */
export const CORRECTION_LU = 0.5;
/** The first pass and at most three corrections: each costs one encode of the sound. */
const MAX_PASSES = 4;
/** `ebur128` reports -70 LUFS (its absolute gate) when no block passed it. */
const SILENT_LUFS = -70;
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
    // level=disabled: no make-up gain; the limiter only ever lowers what passes its ceiling.
    `alimiter=limit=${ceiling.toFixed(6)}:attack=5:release=50:level=disabled`,
    'aresample=48000',
  ].join(',');
}

/** The gain of a second pass when the first, with `gainDb`, ended more than CORRECTION_LU from the target; else null. */
export function correctedGainDb(targetLufs: number, gainDb: number, resultLufs: number | null): number | null {
  if (resultLufs === null) return null;
  const off = targetLufs - resultLufs;
  return Math.abs(off) > CORRECTION_LU ? gainDb + off : null;
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
  const tempPath = `${args.path}.loudness${args.path.slice(args.path.lastIndexOf('.'))}`;
  const pass = async (gainDb: number, ceilingDb: number): Promise<LoudnessMeasure> => {
    await runFfmpeg(ffmpeg, loudnessPassArgs(args.encoding, args.plan, args.path, normalisingFilter(gainDb, ceilingDb), tempPath), args.signal);
    return measureLoudness(tempPath, args.signal, ffmpeg);
  };
  try {
    let gainDb = targetLufs - before.integratedLufs;
    let ceilingDb = truePeakDb - LIMITER_MARGIN_DB;
    let after = await pass(gainDb, ceilingDb);
    let passes = 1;
    while (passes < MAX_PASSES) {
      const corrected = correctedGainDb(targetLufs, gainDb, after.integratedLufs);
      const peakOver = after.truePeakDb - truePeakDb;
      if (corrected === null && peakOver <= 0) break;
      gainDb = corrected ?? gainDb;
      if (peakOver > 0) ceilingDb -= peakOver + LIMITER_MARGIN_DB / 2;
      after = await pass(gainDb, ceilingDb);
      passes += 1;
    }
    await fs.rename(tempPath, args.path);
    return { before, after, gainDb, passes };
  } finally {
    await fs.rm(tempPath, { force: true }).catch(() => undefined);
  }
}

/** Meters the first sound stream of a file. */
export async function measureLoudness(path: string, signal: AbortSignal, ffmpeg = SYSTEM_FFMPEG): Promise<LoudnessMeasure> {
  const stderr = await runFfmpeg(
    ffmpeg,
    [
      ...['-hide_banner', '-nostdin', '-nostats', '-loglevel', 'info'],
      ...['-protocol_whitelist', 'file', '-i', `file:${path}`],
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
    childProcessStarted();
    execFile(ffmpeg, args, { signal, timeout: TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error === null) resolve(stderr);
      else if (signal.aborted) reject(new RenderCancelled('loudness normalisation'));
      else reject(internalFailure('loudness', new Error(`ffmpeg failed: ${error.message}: ${stderr.slice(-500)}`)));
    });
  });
}
