/**
 * The one timeline planner: a validated timeline, its output settings, where
 * its media live and the text of its subtitle files in, the render plan out.
 * The worker, the Studio samples, the CLI's Studio preview, the tests and the
 * benchmarks all call `planTimeline`, so what is previewed, tested and
 * measured is what the worker draws. Pure and browser-safe on purpose (Studio
 * runs it in the page): no Node, React or Remotion imports. Its work grows
 * linearly with the subtitles, which SubtitlePlanLimits bound per task, and
 * comes in slices (`planTimelineSteps`) the worker runs with the event loop
 * turning between them.
 */
import { RenderFailure } from '../../common/render-failure';
import { runSteps, type Steps } from '../../common/steps';
import { mergeFontFaces } from '../../fonts/font-catalogue';
import { DEFAULT_SUBTITLE_PLAN_LIMITS, type SubtitleLimits, type SubtitlePlanLimits } from '../../config/subtitle-limits';
import { parseSubtitleFile, type SubtitleCueMs } from '../../subtitles/subtitle-parser';
import { isTranscriptPath, parseTranscript } from '../../subtitles/transcript-parser';
import { BLEND_MODES } from '../../task-input/input-values';
import type {
  AudioClipProperties,
  ClipInput,
  FitMode,
  ResolvedOutput,
  TextClipProperties,
  TimelineInput,
  VideoClipProperties,
} from '../../task-input/task-input.types';
import { clipMotion, startValue, volumeKeyframes } from './clip-motion';
import { firstFrameAtOrAfter, msToFrameCount, timelineFrames } from './frames';
import { clamp, finiteOr } from './numbers';
import { subtitleLayerSteps } from './subtitle-layer.builder';
import { buildTextLayer } from './text-layer.builder';
import type { PlanAudioLayer, PlanFit, PlanFontFace, PlanMediaLayer, PlanSubtitleLayer, PlanVisualLayer, RenderPlan } from './render-plan.types';

export type MediaKind = 'video' | 'image' | 'audio';

/** Where a clip's media is, for the engine that draws the plan, what it turned out to be and, where known, its display size. */
export type ResolveMediaSrc = (
  trackIndex: number,
  clipIndex: number,
  clip: ClipInput,
) => { src: string; kind: MediaKind; size?: { width: number; height: number } };

/**
 * A subtitle clip's file: the bytes or text to parse (Studio, samples, tests), or
 * the cues the worker already parsed off-turn (parseSubtitleFileAsync).
 */
export type SubtitleFileContent = Buffer | string | { cues: SubtitleCueMs[] };
export type ReadSubtitleFile = (trackIndex: number, clipIndex: number, clip: ClipInput) => SubtitleFileContent;

export interface PlanTimelineArgs {
  timeline: TimelineInput;
  output: ResolvedOutput;
  resolveMediaSrc: ResolveMediaSrc;
  /** Called once per subtitle clip; never called for a timeline without one. */
  readSubtitleFile: ReadSubtitleFile;
  /** The deployment's MAX_SUBTITLE_BYTES, _CUES and _LINES (the defaults where no config applies: Studio, samples). */
  subtitleLimits?: SubtitleLimits;
  /** The deployment's MAX_TASK_SUBTITLE_CUES, MAX_TASK_SUBTITLE_CHARS, MAX_SUBTITLE_CUE_CHARS and MAX_SUBTITLE_CUES_AT_ONCE. */
  subtitlePlanLimits?: SubtitlePlanLimits;
}

/**
 * background_blur 100 blurs with a radius of 5 % of the canvas's shorter side,
 * so the same value looks the same at every output resolution.
 */
export const MAX_BLUR_FRACTION_OF_SHORT_SIDE = 0.05;

/** The modes the API accepts: anything else (a Studio timeline written by hand) draws as normal. */
const KNOWN_BLEND_MODES: ReadonlySet<string> = new Set(BLEND_MODES);

const BACKGROUND_COLOR = '#000000';

export function normalizeFit(props: VideoClipProperties): PlanFit {
  // `fit` wins over the deprecated `background_fit` when both are given.
  const fit: FitMode = props.fit ?? props.background_fit ?? 'contain';
  return fit === 'stretch' ? 'fill' : fit;
}

export function blurRadiusPx(backgroundBlur: number, width: number, height: number): number {
  const amount = Math.min(100, Math.max(0, backgroundBlur));
  return (amount / 100) * MAX_BLUR_FRACTION_OF_SHORT_SIDE * Math.min(width, height);
}

interface FrameSpan {
  fromFrame: number;
  durationInFrames: number;
}

/** The frames a clip covers, cut at the end of the timeline; null when it covers none. */
function clipSpan(clip: ClipInput, fps: number, totalFrames: number): FrameSpan | null {
  const fromFrame = firstFrameAtOrAfter(clip.start_time_ms, fps);
  const endFrame = Math.min(totalFrames, firstFrameAtOrAfter(clip.end_time_ms, fps));
  return endFrame > fromFrame ? { fromFrame, durationInFrames: endFrame - fromFrame } : null;
}

function invalidMedia(clip: ClipInput, message: string): RenderFailure {
  return new RenderFailure('INVALID_MEDIA_FORMAT', message, false, { media_url: clip.media_url });
}

interface OrderedVisualLayer {
  layer: PlanVisualLayer;
  zIndex: number;
  trackIndex: number;
  clipIndex: number;
}

/** A clip of a video or audio track, with its media and the frames it covers. */
interface PlacedClip {
  clip: ClipInput;
  /** `<track id>/<clip id>`: the layer's id, and how messages name the clip. */
  id: string;
  media: ReturnType<ResolveMediaSrc>;
  span: FrameSpan;
}

function visualLayer({ clip, id, media, span }: PlacedClip, output: ResolvedOutput): PlanMediaLayer {
  if (media.kind === 'audio') throw invalidMedia(clip, `Clip ${id} is on a video track but its media has no picture`);
  const props = (clip.properties ?? {}) as VideoClipProperties;
  const scale = startValue(props.scale);
  const position = startValue(props.position);
  const layerType = props.layer_type === 'background' ? 'background' : 'foreground';
  const blendMode = props.blend_mode !== undefined && KNOWN_BLEND_MODES.has(props.blend_mode) ? props.blend_mode : 'normal';
  return {
    id,
    kind: media.kind,
    src: media.src,
    fromFrame: span.fromFrame,
    durationInFrames: span.durationInFrames,
    fit: normalizeFit(props),
    scaleX: finiteOr(scale?.x, 1),
    scaleY: finiteOr(scale?.y, 1),
    opacity: clamp(finiteOr(startValue(props.opacity), 1), 0, 1),
    offsetX: finiteOr(position?.x, 0),
    offsetY: finiteOr(position?.y, 0),
    rotationDeg: finiteOr(startValue(props.rotation), 0),
    blendMode,
    layerType,
    blurPx: layerType === 'background' ? blurRadiusPx(finiteOr(props.background_blur, 0), output.width, output.height) : 0,
    // A video clip keeps its own sound as recorded; images have none.
    volume: 1,
    mediaSize: media.size ?? null,
    motion: clipMotion(clip, props, output.framerate),
    // Set once the worker has measured what the clip ducks under (ducking.ts).
    duckingDb: null,
  };
}

function audioLayer({ clip, id, media, span }: PlacedClip, fps: number): PlanAudioLayer {
  if (media.kind === 'image') throw invalidMedia(clip, `Clip ${id} is on an audio track but its media is an image`);
  const props = (clip.properties ?? {}) as AudioClipProperties;
  const fadeInFrames = Math.min(span.durationInFrames, msToFrameCount(finiteOr(props.fade_in_ms, 0), fps));
  const fadeOutFrames = Math.min(span.durationInFrames - fadeInFrames, msToFrameCount(finiteOr(props.fade_out_ms, 0), fps));
  return {
    id,
    src: media.src,
    fromFrame: span.fromFrame,
    durationInFrames: span.durationInFrames,
    volume: Math.max(0, finiteOr(startValue(props.volume), 1)),
    volumeKeyframes: volumeKeyframes(clip, props.volume, fps),
    fadeInFrames,
    fadeOutFrames,
    duckingDb: null,
  };
}

function stackingOrder(a: OrderedVisualLayer, b: OrderedVisualLayer): number {
  const rank = (o: OrderedVisualLayer): number => (o.layer.layerType === 'background' ? 0 : 1);
  return rank(a) - rank(b) || a.zIndex - b.zIndex || a.trackIndex - b.trackIndex || a.clipIndex - b.clipIndex;
}

function tooComplex(limit: string, allowed: number, message: string): RenderFailure {
  return new RenderFailure(
    'TIMELINE_TOO_COMPLEX',
    message,
    false,
    { limit, allowed },
    `Split the timeline into several tasks, or ask the operator to raise ${limit}.`,
  );
}

/** What the subtitle clips bring so far, against the task's limits. */
interface SubtitleTally {
  cues: number;
  chars: number;
  words: number;
}

/** Counts the timed words of a layer with word-level captions, throwing past the task's limit. */
function countWords(layer: PlanSubtitleLayer, tally: SubtitleTally, limits: SubtitlePlanLimits): void {
  for (const cue of layer.cues) tally.words += cue.words?.length ?? 0;
  if (tally.words > limits.maxWords) {
    throw tooComplex(
      'MAX_TASK_CAPTION_WORDS',
      limits.maxWords,
      `The word-level captions bring more than the ${limits.maxWords} words allowed in one task (MAX_TASK_CAPTION_WORDS; a file counts once for each clip that shows it)`,
    );
  }
}

/** Counts one clip's cues and their text, throwing at the first limit passed. */
function* countCues(clip: ClipInput, cues: SubtitleCueMs[], tally: SubtitleTally, limits: SubtitlePlanLimits): Steps<void> {
  tally.cues += cues.length;
  if (tally.cues > limits.maxCues) {
    throw tooComplex(
      'MAX_TASK_SUBTITLE_CUES',
      limits.maxCues,
      `The subtitle clips bring more than the ${limits.maxCues} cues allowed in one task (MAX_TASK_SUBTITLE_CUES; a file counts once for each clip that shows it)`,
    );
  }
  for (const [index, cue] of cues.entries()) {
    yield;
    if (cue.text.length > limits.maxCueChars) {
      throw invalidMedia(
        clip,
        `subtitle file ${clip.media_url}: cue ${index + 1} has ${cue.text.length} characters, more than the ${limits.maxCueChars} allowed (MAX_SUBTITLE_CUE_CHARS)`,
      );
    }
    tally.chars += cue.text.length;
    if (tally.chars > limits.maxChars) {
      throw tooComplex(
        'MAX_TASK_SUBTITLE_CHARS',
        limits.maxChars,
        `The subtitle clips bring more than the ${limits.maxChars} characters of text allowed in one task (MAX_TASK_SUBTITLE_CHARS; a file counts once for each clip that shows it)`,
      );
    }
  }
}

/** Throws when more than `max` cues of all subtitle layers are on screen at one frame. */
function* checkCuesAtOnce(layers: PlanSubtitleLayer[], max: number, fps: number): Steps<void> {
  // Each start or end as one number, frame * 2 + (1 for a start): a plain numeric sort puts them in frame order,
  // and at one frame the cues that end before those that start.
  const changes: number[] = [];
  for (const layer of layers) {
    for (const cue of layer.cues) {
      yield;
      changes.push(cue.fromFrame * 2 + 1, (cue.fromFrame + cue.durationInFrames) * 2);
    }
  }
  let showing = 0;
  for (const change of Float64Array.from(changes).sort()) {
    showing += change % 2 === 1 ? 1 : -1;
    if (showing > max) {
      throw tooComplex(
        'MAX_SUBTITLE_CUES_AT_ONCE',
        max,
        `${showing} subtitle cues are on screen at once at ${((change - 1) / 2 / fps).toFixed(3)} s, more than the ${max} allowed (MAX_SUBTITLE_CUES_AT_ONCE)`,
      );
    }
  }
}

/** A subtitle clip's file as given (Studio, samples, tests): a JSON transcript by its `.json` path, else SRT or WebVTT. */
function parseFile(content: Uint8Array | string, url: string, limits: SubtitleLimits | undefined): SubtitleCueMs[] {
  return isTranscriptPath(url) ? parseTranscript(content, url, limits) : parseSubtitleFile(content, url, limits);
}

function* subtitleLayers(args: PlanTimelineArgs, totalFrames: number): Steps<{ layers: PlanSubtitleLayer[]; fonts: PlanFontFace[] }> {
  const { timeline, output } = args;
  const limits = args.subtitlePlanLimits ?? DEFAULT_SUBTITLE_PLAN_LIMITS;
  const tally: SubtitleTally = { cues: 0, chars: 0, words: 0 };
  const layers: PlanSubtitleLayer[] = [];
  const fonts: PlanFontFace[][] = [];
  for (const [trackIndex, track] of timeline.tracks.entries()) {
    if (track.type !== 'subtitle') continue;
    for (const [clipIndex, clip] of track.clips.entries()) {
      const content = args.readSubtitleFile(trackIndex, clipIndex, clip);
      // No Buffer here: the planner also runs in the browser.
      const cues = typeof content !== 'string' && 'cues' in content ? content.cues : parseFile(content, clip.media_url, args.subtitleLimits);
      yield* countCues(clip, cues, tally, limits);
      const built = yield* subtitleLayerSteps({
        id: `${track.id}/${clip.id}`,
        clip,
        cues,
        fps: output.framerate,
        canvas: output,
        timelineFrames: totalFrames,
      });
      countWords(built.layer, tally, limits);
      layers.push(built.layer);
      fonts.push(built.fonts);
    }
  }
  yield* checkCuesAtOnce(layers, limits.maxCuesAtOnce, output.framerate);
  return { layers, fonts: mergeFontFaces(...fonts) };
}

export function planTimeline(args: PlanTimelineArgs): RenderPlan {
  return runSteps(planTimelineSteps(args));
}

/** planTimeline in slices: the worker runs them with the event loop turning in between (runStepsYielding). */
export function* planTimelineSteps(args: PlanTimelineArgs): Steps<RenderPlan> {
  const { timeline, output, resolveMediaSrc } = args;
  const fps = output.framerate;
  const totalFrames = timelineFrames(timeline.duration_ms, fps);
  const visuals: OrderedVisualLayer[] = [];
  const audio: PlanAudioLayer[] = [];
  const subtitles = yield* subtitleLayers(args, totalFrames);

  const textFonts: PlanFontFace[][] = [];
  timeline.tracks.forEach((track, trackIndex) => {
    if (track.type === 'subtitle') return;
    track.clips.forEach((clip, clipIndex) => {
      const span = clipSpan(clip, fps, totalFrames);
      if (span === null) return;
      if (track.type === 'text') {
        const built = buildTextLayer({ id: `${track.id}/${clip.id}`, clip, span, fps, canvas: output });
        const props = (clip.properties ?? {}) as TextClipProperties;
        visuals.push({ layer: built.layer, zIndex: finiteOr(props.z_index, 0), trackIndex, clipIndex });
        textFonts.push(built.fonts);
        return;
      }
      const placed: PlacedClip = { clip, id: `${track.id}/${clip.id}`, media: resolveMediaSrc(trackIndex, clipIndex, clip), span };
      if (track.type === 'video') {
        const props = (clip.properties ?? {}) as VideoClipProperties;
        visuals.push({
          layer: visualLayer(placed, output),
          zIndex: finiteOr(props.z_index, 0),
          trackIndex,
          clipIndex,
        });
      } else {
        audio.push(audioLayer(placed, fps));
      }
    });
  });

  return {
    width: output.width,
    height: output.height,
    fps,
    durationInFrames: totalFrames,
    backgroundColor: BACKGROUND_COLOR,
    layers: visuals.sort(stackingOrder).map((o) => o.layer),
    audio,
    subtitles: subtitles.layers,
    fonts: mergeFontFaces(subtitles.fonts, ...textFonts),
  };
}
