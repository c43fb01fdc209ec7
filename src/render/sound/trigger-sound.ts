/**
 * The worker's side of ducking (spec/extensions.md §5): what each track a
 * clip ducks under sounds like, frame by frame. Each clip of a listed track
 * is decoded by ffmpeg to mono 16 kHz PCM over its span, as the mix plays it
 * (from the source's start), and a timeline frame "sounds" when the RMS level
 * of the clip's samples in that frame, times the clip's gain as heard in the
 * mix (volume, keyframes, fades; not its own ducking), is above -45 dBFS
 * (RMS: a full-scale sine reads -3 dBFS; a peak meter would fire on a click).
 * Clips of the listed tracks are united per track, tracks per ducking clip
 * (the side-chain of the mixed triggers), and the plan gets each ducking
 * clip's gain track from plan/ducking.ts.
 */
import { internalFailure } from '../../common/render-failure';
import type { TimelineInput } from '../../task-input/task-input.types';
import { fadesOf, gainAt } from '../compositor/audio-graph';
import { spawnFfmpeg } from '../compositor/ffmpeg-run';
import { describeSource } from '../compositor/source-inputs';
import { applyDucking, duckingClips, trackIdsOfLayers } from '../plan/ducking';
import { isVideoLayer, type RenderPlan } from '../plan/render-plan.types';
import { SYSTEM_FFMPEG } from '../video-previews';

/** The level above which a trigger track sounds (spec/extensions.md §5). */
export const SOUNDING_DBFS = -45;
const SOUNDING_RMS = 10 ** (SOUNDING_DBFS / 20);
const ANALYSIS_RATE = 16_000;

export interface TriggerSoundDeps {
  /** The local file behind a plan `src`; null when it is not one of the task's files. */
  mediaPath: (src: string) => string | null | Promise<string | null>;
  ffmpegPath?: string;
}

/** The plan with every ducking clip's gain track, from the measured sound of the tracks it ducks under. */
export async function withDucking(plan: RenderPlan, timeline: TimelineInput, deps: TriggerSoundDeps, signal: AbortSignal): Promise<RenderPlan> {
  const clips = duckingClips(timeline, plan.fps);
  if (clips.length === 0) return plan;
  const triggers = new Set(clips.flatMap((clip) => clip.under));
  const trackOf = trackIdsOfLayers(timeline);
  const sounding = new Map([...triggers].map((id) => [id, Array.from({ length: plan.durationInFrames }, () => false)]));
  for (const layer of [...plan.audio, ...plan.layers.filter(isVideoLayer)]) {
    const flags = sounding.get(trackOf.get(layer.id) ?? '');
    if (flags === undefined) continue;
    const path = await deps.mediaPath(layer.src);
    if (path === null) throw internalFailure('sound', new Error(`no local file for ${layer.src}`));
    const levels = await frameLevels(path, { frames: layer.durationInFrames, fps: plan.fps }, deps.ffmpegPath ?? SYSTEM_FFMPEG, signal);
    const heard = fadesOf({ ...layer, duckingDb: null });
    levels.forEach((rms, frame) => {
      if (rms * gainAt(heard, frame) > SOUNDING_RMS) flags[layer.fromFrame + frame] = true;
    });
  }
  return applyDucking(plan, clips, sounding);
}

/** RMS (linear, 1 = full scale) of the source's sound in each of the clip's frames, from the source's start; 0 where it has none. */
export async function frameLevels(path: string, span: { frames: number; fps: number }, ffmpeg: string, signal: AbortSignal): Promise<number[]> {
  const source = await describeSource(path);
  const sums = new Float64Array(span.frames);
  const counts = new Float64Array(span.frames);
  if (!source.hasAudio) return Array.from(sums);
  const args = [
    ...['-hide_banner', '-nostdin', '-loglevel', 'error'],
    ...source.inputArgs,
    ...['-map', '0:a:0', '-t', (span.frames / span.fps).toFixed(6)],
    // The source's clock from 0, as the mix plays a clip (silence before a late first sample).
    // Stereo as the mix plays it; the level is the power of both channels together (a downmix to mono would read
    // a sine on both channels 3 dB hot).
    ...['-af', `aresample=${ANALYSIS_RATE}:first_pts=0,aformat=channel_layouts=stereo`, '-f', 'f32le', 'pipe:1'],
  ];
  let sample = 0;
  let pending: Buffer = Buffer.alloc(0);
  const onStdout = (chunk: Buffer) => {
    const bytes = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 4);
    for (let offset = 0; offset < whole; offset += 4, sample++) {
      const frame = Math.floor((Math.floor(sample / 2) * span.fps) / ANALYSIS_RATE);
      if (frame >= span.frames) break;
      const value = bytes.readFloatLE(offset);
      sums[frame] += value * value;
      counts[frame] += 1;
    }
    pending = bytes.subarray(whole);
  };
  await spawnFfmpeg(ffmpeg, args, signal, { onStdout, step: 'sound', what: 'sound analysis' });
  return Array.from(sums, (sum, frame) => (counts[frame] > 0 ? Math.sqrt(sum / counts[frame]) : 0));
}
