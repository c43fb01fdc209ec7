/**
 * Engine 2, the compositor: the plan's still text (text layers, subtitle cues)
 * is drawn once per interval by the same Remotion composition (its still
 * mode), and one ffmpeg process decodes every source once, composites the
 * video and image layers and the stills in RGB, mixes the audio and encodes
 * once. No frame passes through the browser, no decoded frame passes through
 * Node, and a plan without text opens no browser page.
 */
import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import { internalFailure, RenderFailure } from '../../common/render-failure';
import { runStepsYielding } from '../../common/steps';
import { encodingFor } from '../encoding-settings';
import { previewOutputs, SYSTEM_FFMPEG } from '../video-previews';
import { cutPlan } from '../plan/plan-cut';
import { isVideoLayer, type PlanMediaLayer, type PlanVisualLayer, type RenderPlan } from '../plan/render-plan.types';
import type { ResolvedOutput } from '../../task-input/task-input.types';
import type { RemotionRenderer } from '../remotion-renderer';
import { RenderCancelled, type RenderVideoArgs, type RenderVideoResult, stopOnAbortOrTimeout } from '../render-engine';
import { audioGraph, type AudioInput } from './audio-graph';
import { BLANK_SHOT, compositePlanSteps, type CompositePlan, type StillShot } from './composite-plan';
import { isLargeCanvas, MAX_LAYER_SIDE_PX, NotExpressible } from './compositor-support';
import { runFfmpeg } from './ffmpeg-run';
import { encoderArgs, encoderInputFilter, joinedEncoderArgs, soundTrackArgs } from './encoder-args';
import { largestSide } from './layer-geometry';
import { describeSource, type SourceDescription } from './source-inputs';
import { boundsOf, stillSequence } from './still-sequence';
import { drawTextShapes, type TextDrawings, textPicture } from './text-picture';
import type { VideoSource } from './media-layer-chain';
import { type TextPicture, videoGraph, type StillsInput } from './video-graph';

/** Share of the progress bar the still shots take; the ffmpeg run takes the rest. */
const STILLS_SHARE = 0.15;

export interface CompositorRendererOptions {
  /** Draws the still shots (its browser and bundle are the worker's own). */
  remotion: RemotionRenderer;
  /** The local file behind a plan `src`; null when it is not one of the task's files. */
  mediaPath: (src: string) => string | null | Promise<string | null>;
  ffmpegPath?: string;
}

interface Inputs {
  args: string[];
  bySrc: Map<string, { index: number; source: SourceDescription }>;
  /** Video layers of a chunk that begin before its range: each reads its own input, seeked into the source. */
  seekedByLayer: Map<string, VideoSource>;
  stillsBySlot: Map<number, StillsInput>;
  textBySlot: Map<number, TextPicture>;
}

/** What the browser drew: the still shots, one file each, and the moving text layers' shapes by slot. */
interface Drawn {
  shotFiles: string[];
  texts: Map<number, TextDrawings>;
  count: number;
}

/** A layer ffmpeg decodes itself: a video or an image (the composition draws text only). */
function isDecoded(layer: PlanVisualLayer): layer is PlanMediaLayer {
  return layer.kind !== 'text';
}

export interface JoinChunksArgs {
  /** The whole timeline's plan. */
  plan: RenderPlan;
  output: ResolvedOutput;
  /** The chunks' files, in timeline order, encoded with the output's settings. */
  chunkPaths: string[];
  /** The whole timeline's sound, from `mixSoundTrack`. */
  soundTrackPath: string;
  outPath: string;
  signal?: AbortSignal;
}

export interface SoundTrackArgs {
  plan: RenderPlan;
  output: ResolvedOutput;
  outPath: string;
  signal?: AbortSignal;
}

/** Passes a fraction on only when it is higher than the last one passed, capped at 1. */
function risingProgress(onProgress: (fraction: number) => void): (fraction: number) => void {
  let reported = 0;
  return (fraction) => {
    if (fraction > reported) {
      reported = Math.min(1, fraction);
      onProgress(reported);
    }
  };
}

export class CompositorRenderer {
  private readonly ffmpeg: string;

  constructor(private readonly opts: CompositorRendererOptions) {
    this.ffmpeg = opts.ffmpegPath ?? SYSTEM_FFMPEG;
  }

  async renderVideo(args: RenderVideoArgs): Promise<RenderVideoResult> {
    const { outPath } = args;
    const chunk = args.frames === undefined ? null : cutPlan(args.plan, args.frames);
    const plan = chunk?.plan ?? args.plan;
    const abort = new AbortController();
    const stop = stopOnAbortOrTimeout(args.signal, args.timeoutMs, () => abort.abort());
    const workDir = await fs.mkdtemp(join(dirname(outPath), 'compositor-'));
    const progress = risingProgress(args.onProgress);
    try {
      const composite = await runStepsYielding(compositePlanSteps(plan));
      const sources = await this.sourceInputs(plan, chunk?.skippedFrames ?? new Map<string, number>());
      const stillsStarted = Date.now();
      const drawn = await this.drawStills(plan, composite, workDir, abort.signal, (f) => progress(f * STILLS_SHARE));
      const stillsMs = Date.now() - stillsStarted;
      const inputs = await this.stillInputs(plan, composite, sources, drawn);
      const compositeStarted = Date.now();
      // A chunk is a part of the video only: the previews are cut from the joined file.
      const previewsMade = await this.runComposite(
        { ...args, plan, previews: chunk === null ? args.previews : undefined },
        composite,
        inputs,
        workDir,
        abort.signal,
        (f) => progress(STILLS_SHARE + f * (1 - STILLS_SHARE)),
      );
      return {
        outPath,
        durationInFrames: plan.durationInFrames,
        engine: 'compositor',
        previewsMade,
        split: { stills: drawn.count, stillsMs, compositeMs: Date.now() - compositeStarted },
      };
    } catch (err) {
      const written = [outPath, ...(args.previews === undefined ? [] : [args.previews.thumbnailPath, args.previews.gifPath])];
      await Promise.all(written.map((path) => fs.rm(path, { force: true }).catch(() => undefined)));
      if (stop.timedOut()) throw new RenderFailure('PROCESSING_TIMEOUT', `Rendering took longer than ${args.timeoutMs} ms`, true);
      if (abort.signal.aborted) throw new RenderCancelled('compositor render');
      throw err;
    } finally {
      stop.dispose();
      await fs.rm(workDir, { recursive: true, force: true }).catch(() => undefined);
    }
  }

  /** Draws the plan's still shots (a blank one last where a still slot shows nothing for a while), then the moving text layers' shapes. */
  private async drawStills(
    plan: RenderPlan,
    composite: CompositePlan,
    workDir: string,
    signal: AbortSignal,
    onProgress: (fraction: number) => void,
  ): Promise<Drawn> {
    const shots: StillShot[] = [...composite.shots];
    const needsBlank = composite.slots.some((s) => s.kind === 'stills' && s.segments.some((seg) => seg.shot === null));
    if (needsBlank) shots.push(BLANK_SHOT);
    const shotFiles = await this.opts.remotion.renderStillShots({ plan, shots, outDir: workDir, signal, onProgress });
    const texts = await drawTextShapes(this.opts.remotion, { plan, composite, shotFiles, workDir, signal });
    if (isLargeCanvas(plan)) await this.opts.remotion.releaseBrowser();
    return { shotFiles, texts, count: [...texts.values()].reduce((n, t) => n + t.files.length, shotFiles.length) };
  }

  /** Writes the filter graph and runs the one ffmpeg process; returns whether it wrote the previews too. */
  private async runComposite(
    args: RenderVideoArgs,
    composite: CompositePlan,
    inputs: Inputs,
    workDir: string,
    signal: AbortSignal,
    onProgress: (fraction: number) => void,
  ): Promise<boolean> {
    const { plan, output, outPath } = args;
    const encoding = encodingFor(output);
    const previews = args.previews === undefined ? null : previewOutputs('vrgb', plan, args.previews);
    const graph = [
      videoGraph(
        plan,
        composite,
        {
          videoSource: (layer) => this.videoSource(inputs, layer),
          stillsInput: (slot) => inputs.stillsBySlot.get(slot) ?? null,
          textPicture: (slot) => inputs.textBySlot.get(slot) ?? null,
        },
        'vrgb',
      ),
      ...(previews === null ? [] : [previews.graph]),
      // The one conversion to YUV, with the matrix and range the output is tagged with.
      `[${previews === null ? 'vrgb' : 'vrgb_video'}]${encoderInputFilter(encoding)}[vout]`,
      // A chunk's plan has no audio layers, and its video layers' sound is the joined file's.
      ...(args.frames === undefined ? [this.audioOf(plan, inputs)] : []),
    ].join(';');
    const graphPath = join(workDir, 'graph.txt');
    await fs.writeFile(graphPath, graph);
    await runFfmpeg(
      this.ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-loglevel',
        'error',
        '-y',
        ...inputs.args,
        '-filter_complex_script',
        graphPath,
        ...encoderArgs(encoding, plan, { video: 'vout', audio: args.frames === undefined ? 'aout' : null }, outPath),
        ...(previews === null ? [] : previews.outputArgs),
        '-progress',
        'pipe:1',
        '-nostats',
      ],
      plan,
      signal,
      onProgress,
    );
    return previews !== null;
  }

  /**
   * The whole timeline's sound, mixed (the audio graph of an unchunked render)
   * and encoded once into `outPath`, for `joinChunks`.
   */
  async mixSoundTrack(args: SoundTrackArgs): Promise<void> {
    const sources = await this.audioSources(args.plan);
    await this.runWithGraph(args, sources.args, this.audioOf(args.plan, sources), soundTrackArgs(encodingFor(args.output), args.plan, 'aout', args.outPath));
  }

  /**
   * Joins the chunks of a chunked render into `outPath`: their video through
   * the concat demuxer and the sound track, both copied, never encoded again.
   */
  async joinChunks(args: JoinChunksArgs): Promise<void> {
    const listPath = `${args.outPath}.ffconcat`;
    await fs.writeFile(listPath, `ffconcat version 1.0\n${args.chunkPaths.map((path) => `file '${path}'\n`).join('')}`);
    try {
      const inputs = [
        // Our own list of the chunks we wrote: the concat demuxer may open local files only.
        ...['-f', 'concat', '-safe', '0', '-protocol_whitelist', 'file', '-i', `file:${listPath}`],
        ...['-protocol_whitelist', 'file', '-i', `file:${args.soundTrackPath}`],
      ];
      await this.runWithGraph(args, inputs, null, joinedEncoderArgs(encodingFor(args.output), args.plan, { video: 0, audio: 1 }, args.outPath));
    } finally {
      await fs.rm(listPath, { force: true }).catch(() => undefined);
    }
  }

  /** One ffmpeg run of a chunked render's last steps: `outputArgs` end with the file written, removed if the run fails. */
  private async runWithGraph(
    args: { plan: RenderPlan; outPath: string; signal?: AbortSignal },
    inputs: string[],
    graph: string | null,
    outputArgs: string[],
  ): Promise<void> {
    const graphPath = `${args.outPath}.graph.txt`;
    const signal = args.signal ?? new AbortController().signal;
    try {
      if (graph !== null) await fs.writeFile(graphPath, graph);
      const filter = graph === null ? [] : ['-filter_complex_script', graphPath];
      const quiet = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y'];
      await runFfmpeg(this.ffmpeg, [...quiet, ...inputs, ...filter, ...outputArgs, '-progress', 'pipe:1', '-nostats'], args.plan, signal, () => undefined);
    } catch (err) {
      await fs.rm(args.outPath, { force: true }).catch(() => undefined);
      throw err;
    } finally {
      await fs.rm(graphPath, { force: true }).catch(() => undefined);
    }
  }

  /** The plan's whole sound, mixed into [aout]. */
  private audioOf(plan: RenderPlan, inputs: Pick<Inputs, 'bySrc'>): string {
    return audioGraph(
      plan,
      (src): AudioInput => {
        const entry = this.entry(inputs, src);
        return { inputIndex: entry.index, hasAudio: entry.source.hasAudio };
      },
      'aout',
    );
  }

  private entry(inputs: Pick<Inputs, 'bySrc'>, src: string): { index: number; source: SourceDescription } {
    const entry = inputs.bySrc.get(src);
    if (entry === undefined) throw new Error(`no input for ${src}`);
    return entry;
  }

  private videoSource(inputs: Inputs, layer: PlanMediaLayer): VideoSource {
    const seeked = inputs.seekedByLayer.get(layer.id);
    if (seeked !== undefined) return seeked;
    const entry = this.entry(inputs, layer.src);
    return entry.source.video(entry.index);
  }

  /** One input per distinct source that sounds in the plan (audio layers and video layers), probed. */
  private async audioSources(plan: RenderPlan): Promise<Pick<Inputs, 'args' | 'bySrc'>> {
    const srcs = [...new Set([...plan.audio.map((l) => l.src), ...plan.layers.filter(isVideoLayer).map((l) => l.src)])];
    return this.describeInputs(srcs);
  }

  private async describeInputs(srcs: string[]): Promise<Pick<Inputs, 'args' | 'bySrc'>> {
    const args: string[] = [];
    const bySrc = new Map<string, { index: number; source: SourceDescription }>();
    for (const src of srcs) {
      const source = await describeSource(await this.localPath(src));
      args.push(...source.inputArgs);
      bySrc.set(src, { index: bySrc.size, source });
    }
    return { args, bySrc };
  }

  private async localPath(src: string): Promise<string> {
    const path = await this.opts.mediaPath(src);
    if (path === null) throw internalFailure('render', new Error(`the compositor has no local file for ${src}`));
    return path;
  }

  /**
   * One input per distinct source of the video and audio layers, probed; a
   * layer whose transform ffmpeg could not hold is refused here, before any
   * work, so `auto` can hand the plan to Remotion.
   */
  private async sourceInputs(plan: RenderPlan, skippedFrames: ReadonlyMap<string, number>): Promise<Inputs> {
    const videoLayers = plan.layers.filter(isDecoded);
    const unseeked = videoLayers.filter((l) => !skippedFrames.has(l.id)).map((l) => l.src);
    const { args, bySrc } = await this.describeInputs([...new Set([...unseeked, ...plan.audio.map((l) => l.src)])]);
    const seekedByLayer = new Map<string, VideoSource>();
    for (const layer of videoLayers) {
      const skipped = skippedFrames.get(layer.id);
      if (skipped === undefined) continue;
      const seeked = (await describeSource(await this.localPath(layer.src))).videoFrom(skipped, plan.fps);
      seekedByLayer.set(layer.id, seeked.video(bySrc.size + seekedByLayer.size));
      args.push(...seeked.inputArgs);
    }
    const inputs = { args, bySrc, seekedByLayer, stillsBySlot: new Map<number, StillsInput>(), textBySlot: new Map<number, TextPicture>() };
    const canvas = { width: plan.width, height: plan.height };
    for (const layer of videoLayers) {
      const side = largestSide(layer, this.videoSource(inputs, layer).size, canvas);
      if (side > MAX_LAYER_SIDE_PX) throw new NotExpressible(`layer ${layer.id} grows to ${side} px before it is cut to the canvas`);
    }
    return inputs;
  }

  /**
   * Then one image sequence per still slot that shows anything, and per moving text layer: its shots as a
   * concat list, and the part of the canvas they draw on, so ffmpeg composites that much rather than the whole
   * canvas every frame.
   */
  private async stillInputs(plan: RenderPlan, composite: CompositePlan, inputs: Inputs, drawn: Drawn): Promise<Inputs> {
    const args = [...inputs.args];
    const stillsBySlot = new Map<number, StillsInput>();
    const textBySlot = new Map<number, TextPicture>();
    let next = inputs.bySrc.size + inputs.seekedByLayer.size;
    const blank = drawn.shotFiles[drawn.shotFiles.length - 1] ?? '';
    const stillBounds = await boundsOf(drawn.shotFiles.slice(0, composite.shots.length));
    for (const [slotIndex, slot] of composite.slots.entries()) {
      const text = drawn.texts.get(slotIndex);
      const [segments, files, bounds] =
        slot.kind === 'stills'
          ? [slot.segments, drawn.shotFiles, stillBounds]
          : text
            ? [text.segments, text.files, await boundsOf(text.files)]
            : [null, [], []];
      const sequence = segments && (await stillSequence(segments, files, bounds, blank, plan.fps, `stills-${slotIndex}.ffconcat`));
      if (!sequence) continue;
      args.push(...sequence.inputArgs);
      const inputIndex = next++;
      if (text === undefined) stillsBySlot.set(slotIndex, { inputIndex, box: sequence.box });
      else textBySlot.set(slotIndex, { inputIndex, ...textPicture(text, sequence.box, plan) });
    }
    return { ...inputs, args, stillsBySlot, textBySlot };
  }
}
