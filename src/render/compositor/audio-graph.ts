/**
 * The sound half of the compositor's one ffmpeg filter graph. It reproduces
 * what Remotion 4.0.529 does with the composition's `<Audio>` and
 * `<OffthreadVideo>` assets (node_modules/@remotion/renderer/dist:
 * calculate-asset-positions, stringify-ffmpeg-filter, ffmpeg-volume-expression,
 * create-ffmpeg-merge-filter), so both engines sound the same:
 *
 * - The browser samples a clip's volume once per video frame, and a frame whose
 *   volume is 0 registers no asset at all: a fade-in's first frame is dropped,
 *   and the clip's sound starts one frame later (trimmed, not shifted).
 * - ffmpeg then applies that per-frame table as a step function (`volume` with
 *   eval=frame), each frame's value holding from half a frame before it to half
 *   a frame after it, and when fades vary the volume the values are rounded to
 *   steps of 1/97 (Remotion's guard against deep `if()` nesting).
 *
 * Two departures, for what the contract promises: keyframed and ducked gains
 * are rounded to 0.05 dB, not 1/97 (a quiet clip ducked 40 dB fell to 0), and
 * a varying gain is applied to blocks of 5 ms, not to the decoder's frames (a
 * FLAC frame is 96 ms: a keyframe's step came up to that late).
 * - Each clip is written as 16-bit PCM (so a clip over full scale clips there),
 *   clips are summed by `amix normalize=0`, and the sum is written as 16-bit PCM
 *   again: that hard clip at full scale is all Remotion does to a loud mix.
 * - The track is 48 kHz stereo and, with `enforceAudioTrack`, present (silent)
 *   even when nothing sounds.
 */
import { duckingFactorAt } from '../plan/ducking';
import { trackValueAt } from '../plan/motion';
import { isVideoLayer, type PlanAudioLayer, type PlanKeyframe, type PlanMediaLayer, type RenderPlan } from '../plan/render-plan.types';
import { frameValues } from './frame-values';

/** The ffmpeg input (`-i`) index of a source, and whether it carries sound. */
export interface AudioInput {
  inputIndex: number;
  hasAudio: boolean;
}

const SAMPLE_RATE = 48_000;
/** Remotion's MAX_FFMPEG_STACK_DEPTH - 1: the step a fading volume is rounded to. */
const VOLUME_STEPS = 97;
/** The step a keyframed or ducked gain is rounded to, in dB. */
const TABLE_STEP_DB = 0.05;
/** Samples a varying gain holds for (5 ms): the `volume` filter takes one value per block it is given. */
const GAIN_BLOCK_SAMPLES = 240;

/** One sounding clip, in plan frames. */
interface Voice {
  inputIndex: number;
  fromFrame: number;
  durationInFrames: number;
  /** First frame of the clip with a volume above 0: where Remotion's asset starts. */
  firstFrame: number;
  /** `volume` filter, or null at unity gain. */
  volume: string | null;
}

export interface Fades {
  volume: number;
  /** Keyframed gain, on the timeline's frames; null = `volume` throughout. */
  volumeKeyframes: PlanKeyframe<number>[] | null;
  fromFrame: number;
  fadeInFrames: number;
  fadeOutFrames: number;
  durationInFrames: number;
  /** Ducking, in dB on the timeline's frames (plan/ducking.ts); null = none. */
  duckingDb: PlanKeyframe<number>[] | null;
}

/** A sounding layer's gains: an audio layer's own, a video layer's volume alone (no fades or keyframes). */
export function fadesOf(layer: PlanAudioLayer | PlanMediaLayer): Fades {
  if ('volumeKeyframes' in layer) return layer;
  const { volume, fromFrame, durationInFrames, duckingDb } = layer;
  return { volume, volumeKeyframes: null, fromFrame, fadeInFrames: 0, fadeOutFrames: 0, durationInFrames, duckingDb };
}

/**
 * The composition's `audioGain` (composition/timeline/AudioLayer.tsx): linear, clamped ramps times the (keyframed)
 * gain, times the ducking. `frame` counts from the clip's start.
 */
export function gainAt(f: Fades, frame: number): number {
  const volume = f.volumeKeyframes === null ? f.volume : trackValueAt(f.volumeKeyframes, f.fromFrame + frame);
  const fadeIn = f.fadeInFrames > 0 ? Math.min(1, Math.max(0, frame / f.fadeInFrames)) : 1;
  const fadeOut = f.fadeOutFrames > 0 ? Math.min(1, Math.max(0, (f.durationInFrames - frame) / f.fadeOutFrames)) : 1;
  return volume * fadeIn * fadeOut * duckingFactorAt(f.duckingDb, f.fromFrame + frame);
}

/** A keyframed or ducked gain rounded to TABLE_STEP_DB (six significant digits); 0 stays 0. */
export function tableGain(gain: number): number {
  if (gain <= 0) return 0;
  const db = Math.round((20 * Math.log10(gain)) / TABLE_STEP_DB) * TABLE_STEP_DB;
  return Number((10 ** (db / 20)).toPrecision(6));
}

function num(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(9).replace(/0+$/, '');
}

function samples(frames: number, fps: number): number {
  return Math.round((frames / fps) * SAMPLE_RATE);
}

/**
 * The same ramps as an ffmpeg expression of the frame's time `t` on the
 * source's clock: the plan frame whose half-frame window holds `t` (the last
 * one past the end), its gain, rounded as Remotion rounds a varying volume.
 */
function rampExpression(f: Fades, fps: number): string {
  const frame = `min(floor(t*${num(fps)}+0.5),${f.durationInFrames - 1})`;
  const factors = [num(f.volume)];
  if (f.fadeInFrames > 0) factors.push(`clip(${frame}/${f.fadeInFrames},0,1)`);
  if (f.fadeOutFrames > 0) factors.push(`clip((${f.durationInFrames}-${frame})/${f.fadeOutFrames},0,1)`);
  const stepped = `floor(${factors.join('*')}*${VOLUME_STEPS}+0.5)/${VOLUME_STEPS}`;
  return `floor(${stepped}*1000+0.5)/1000`;
}

/**
 * The varying gain as an ffmpeg expression of the clip's time: the fades alone
 * in closed form, keyframes or ducking as the table of each frame's stepped gain.
 */
function varyingVolume(fades: Fades, gains: number[], fps: number): string {
  if (fades.volumeKeyframes === null && fades.duckingDb === null) return rampExpression(fades, fps);
  return frameValues(gains.map(tableGain), fps);
}

/** A clip's voice, or null when Remotion would register no sound for it. */
function voice(input: AudioInput, fades: Fades, fps: number): Voice | null {
  if (!input.hasAudio) return null;
  const gains = Array.from({ length: fades.durationInFrames }, (_, frame) => gainAt(fades, frame));
  const firstFrame = gains.findIndex((g) => g > 0);
  if (firstFrame < 0) return null;
  const heard = new Set(gains.slice(firstFrame));
  let volume: string | null;
  if (heard.size > 1) volume = `asetnsamples=n=${GAIN_BLOCK_SAMPLES}:p=0,volume='${varyingVolume(fades, gains, fps)}':eval=frame`;
  else volume = gains[firstFrame] === 1 ? null : `volume=${num(gains[firstFrame])}`;
  return { inputIndex: input.inputIndex, fromFrame: fades.fromFrame, durationInFrames: fades.durationInFrames, firstFrame, volume };
}

function voices(plan: RenderPlan, inputOf: (src: string) => AudioInput): Voice[] {
  return [...plan.audio, ...plan.layers.filter(isVideoLayer)]
    .map((layer) => voice(inputOf(layer.src), fadesOf(layer), plan.fps))
    .filter((v): v is Voice => v !== null);
}

/** One clip from its source's decoded sound to its place on the timeline, 48 kHz stereo s16. */
function voiceChain(v: Voice, fps: number): string {
  return [
    // Starts the source's clock at 0 (silence before a late first sample), as the clip plays from the source's start.
    `aresample=${SAMPLE_RATE}:first_pts=0`,
    `aformat=sample_fmts=s16:sample_rates=${SAMPLE_RATE}`,
    `atrim=start_sample=${samples(v.firstFrame, fps)}:end_sample=${samples(v.durationInFrames, fps)}`,
    ...(v.volume === null ? [] : [v.volume]),
    'aformat=sample_fmts=s16:channel_layouts=stereo',
    'asetpts=PTS-STARTPTS',
    `adelay=delays=${samples(v.fromFrame + v.firstFrame, fps)}S:all=1`,
  ].join(',');
}

/**
 * Filter-graph text (chains joined by ';') that mixes the plan's audio into
 * [`outLabel`]: exactly plan.durationInFrames / plan.fps seconds, 48 kHz stereo.
 */
export function audioGraph(plan: RenderPlan, inputOf: (src: string) => AudioInput, outLabel: string): string {
  const all = voices(plan, inputOf);
  const total = samples(plan.durationInFrames, plan.fps);
  // A silent bed of the timeline's length sets the mix's length and is the whole track when nothing sounds.
  const chains = [`anullsrc=r=${SAMPLE_RATE}:cl=stereo,atrim=end_sample=${total}[aubed]`];

  const uses = new Map<number, number>();
  for (const v of all) uses.set(v.inputIndex, (uses.get(v.inputIndex) ?? 0) + 1);
  for (const [index, count] of uses) {
    if (count > 1) chains.push(`[${index}:a]asplit=${count}${Array.from({ length: count }, (_, i) => `[ausrc${index}_${i}]`).join('')}`);
  }
  const taken = new Map<number, number>();
  const sourceLabel = (index: number): string => {
    if (uses.get(index) === 1) return `${index}:a`;
    const n = taken.get(index) ?? 0;
    taken.set(index, n + 1);
    return `ausrc${index}_${n}`;
  };

  all.forEach((v, i) => chains.push(`[${sourceLabel(v.inputIndex)}]${voiceChain(v, plan.fps)}[auvoice${i}]`));
  const mixInputs = ['[aubed]', ...all.map((_, i) => `[auvoice${i}]`)].join('');
  chains.push(
    `${mixInputs}amix=inputs=${all.length + 1}:duration=first:dropout_transition=0:normalize=0,` +
      `aformat=sample_fmts=s16:sample_rates=${SAMPLE_RATE}:channel_layouts=stereo[${outLabel}]`,
  );
  return chains.join(';');
}
