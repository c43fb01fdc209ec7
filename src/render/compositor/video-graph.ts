/**
 * The picture half of the compositor's one ffmpeg filter graph. Everything is
 * composited in 8-bit planar RGB (gbrp, alpha as gbrap), as the browser
 * composites, and converted to YUV once by the encoder step: blending in YUV
 * would not give CSS's results.
 *
 * Each slot of the composite plan, bottom to top, is laid on the running
 * picture: a video or image layer decoded, fitted, scaled, blurred, flipped,
 * rotated, faded and placed (media-layer-chain.ts); a still slot as the PNGs
 * the composition drew, shown in their segments; a moving layer as its picture
 * at rest, moved frame by frame (moving-graph.ts). Normal layers are laid with `overlay`; any other blend
 * mode goes through `blendFilter` against what lies below it.
 */
import { unscaledBoxSize } from '../plan/layer-frame';
import type { PlanMediaLayer, PlanVisualLayer, RenderPlan } from '../plan/render-plan.types';
import { blendFilter, type BlendRegion } from './blend-filter';
import type { CompositePlan, CompositeSlot } from './composite-plan';
import { num } from './frame-values';
import { layerGeometry, unrotatedSize } from './layer-geometry';
import { fittedPicture, mediaLayerChain, repeatedFrame, type VideoSource } from './media-layer-chain';
import { moveLayer } from './moving-graph';
import { movingFrames, restingScale, type RestingPicture } from './moving-layer';

/** A still slot's image sequence (the concat list of its canvas-sized shots) and the part of the canvas any of them draws on. */
export interface StillsInput {
  /** ffmpeg input index (`-i`). */
  inputIndex: number;
  box: BlendRegion;
}

/** A moving text layer's picture: the still mode's drawings of it, shape by shape, the part of them to use, and what that part is. */
export interface TextPicture {
  /** ffmpeg input index (`-i`) of the drawings (a concat list, one per segment of the layer's frames). */
  inputIndex: number;
  /** The part of the drawings to use, centred on the block's box. */
  crop: BlendRegion;
  picture: RestingPicture;
}

export interface VideoGraphInputs {
  /** The decoded source of a video layer, or of a moving image. */
  videoSource(layer: PlanMediaLayer): VideoSource;
  /** A still slot's pictures; null when none of them draws anything. */
  stillsInput(slotIndex: number): StillsInput | null;
  /** A moving text slot's picture; null when its block draws nothing. */
  textPicture(slotIndex: number): TextPicture | null;
}

/** A slot's picture, ready to be laid on what lies below it. */
interface SlotPicture {
  label: string;
  mode: string;
  region: BlendRegion;
  /** Where `overlay` puts the picture: the region's corner, or expressions of the time for a moving layer. */
  at?: { x: string; y: string };
  /** Frame ranges (first and last, inclusive) in which it shows. */
  shown: Array<[number, number]>;
}

/** The media layer of a slot that decodes a source (a video or an image); null for stills and text. */
function decodedLayer(slot: CompositeSlot): PlanMediaLayer | null {
  if (slot.kind === 'media') return slot.layer;
  return slot.kind === 'moving' && slot.layer.kind !== 'text' ? slot.layer : null;
}

/**
 * A source used by several layers is decoded once and split: pushes the splits
 * and returns the label that hands out the next branch of a source.
 */
function splitSharedSources(composite: CompositePlan, inputs: VideoGraphInputs, chains: string[]): (inputIndex: number) => string {
  const uses = new Map<number, number>();
  for (const slot of composite.slots) {
    const layer = decodedLayer(slot);
    if (layer !== null) {
      const index = inputs.videoSource(layer).inputIndex;
      uses.set(index, (uses.get(index) ?? 0) + 1);
    }
  }
  const taken = new Map<number, number>();
  for (const [index, count] of uses) {
    if (count > 1) chains.push(`[${index}:v]split=${count}${Array.from({ length: count }, (_, i) => `[src${index}_${i}]`).join('')}`);
  }
  return (index) => {
    if ((uses.get(index) ?? 0) <= 1) return `${index}:v`;
    const n = taken.get(index) ?? 0;
    taken.set(index, n + 1);
    return `src${index}_${n}`;
  };
}

/**
 * Pushes a media slot's layer chain. Returns its picture, null when it shows
 * nothing, or 'base' when it became the whole picture so far as [acc<i>].
 */
function mediaSlotPicture(
  chains: string[],
  slot: { layer: PlanMediaLayer },
  i: number,
  plan: RenderPlan,
  source: VideoSource,
  label: string,
  nothingBelow: boolean,
): SlotPicture | 'base' | null {
  const built = mediaLayerChain(slot.layer, source, plan);
  if (built === null) {
    // Still consumed, so a split source's other branches do not stall.
    chains.push(`[${label}]nullsink`);
    return null;
  }
  if (nothingBelow && built.coversCanvas && slot.layer.blendMode === 'normal') {
    // Nothing below shows through an opaque layer over the whole canvas: it is the picture so far.
    chains.push(`[${label}]${built.chain},format=gbrp[acc${i}]`);
    return 'base';
  }
  chains.push(`[${label}]${built.chain}[layer${i}]`);
  return {
    label: `layer${i}`,
    mode: slot.layer.blendMode,
    shown: [[slot.layer.fromFrame, slot.layer.fromFrame + slot.layer.durationInFrames - 1]],
    region: { x: built.place.x, y: built.place.y, width: built.place.width, height: built.place.height },
  };
}

/** Pushes a still slot's image sequence, cut to what its pictures draw on; null when they draw nothing. */
function stillsSlotPicture(
  chains: string[],
  slot: CompositeSlot & { kind: 'stills' },
  i: number,
  plan: RenderPlan,
  stills: StillsInput | null,
): SlotPicture | null {
  if (stills === null) return null;
  const region = stills.box;
  const { fps, durationInFrames: frames } = plan;
  // Cut to what the pictures draw on and converted once per picture, before fps repeats it for every frame.
  const cut = `crop=w=${region.width}:h=${region.height}:x=${region.x}:y=${region.y}`;
  chains.push(`[${stills.inputIndex}:v]format=gbrap,${cut},fps=${num(fps)},trim=end_frame=${frames},setpts=PTS-STARTPTS[stills${i}]`);
  return {
    label: `stills${i}`,
    mode: 'normal',
    region,
    shown: slot.segments.filter((segment) => segment.shot !== null).map((segment) => [segment.fromFrame, segment.fromFrame + segment.durationInFrames - 1]),
  };
}

/** A video without a blur or a wipe: no pixel of it is transparent until its opacity makes it so (moving-graph.ts). */
function isOpaqueVideo(layer: PlanVisualLayer): boolean {
  const wiped = [layer.motion?.transitionIn, layer.motion?.transitionOut].some((t) => t?.type.startsWith('wipe'));
  return layer.kind === 'video' && layer.blurPx === 0 && !wiped;
}

/** The picture of a layer at rest that a moving slot moves, from its input, into [rest<i>]; null when it draws nothing. */
function restingPicture(
  chains: string[],
  layer: PlanVisualLayer,
  i: number,
  plan: RenderPlan,
  inputs: VideoGraphInputs,
  sourceLabel: (inputIndex: number) => string,
): RestingPicture | null {
  // Frames on the plan's grid (its time base and rate, as `fps` gives a video), so the filters that read the time agree.
  const rate = num(plan.fps);
  if (layer.kind === 'text') {
    const text = inputs.textPicture(i);
    if (text === null) return null;
    const { crop } = text;
    const cut = `crop=w=${crop.width}:h=${crop.height}:x=${crop.x}:y=${crop.y}`;
    chains.push(`[${text.inputIndex}:v]format=gbrap,${cut},fps=${rate},trim=end_frame=${layer.durationInFrames},setpts=PTS-STARTPTS[rest${i}]`);
    return text.picture;
  }
  const source = inputs.videoSource(layer);
  const label = sourceLabel(source.inputIndex);
  const canvas = { width: plan.width, height: plan.height };
  const scale = restingScale(layer, source.size, canvas);
  if (scale.x === 0 || scale.y === 0) {
    // Still consumed, so a split source's other branches do not stall.
    chains.push(`[${label}]nullsink`);
    return null;
  }
  const g = layerGeometry({ ...layer, scaleX: scale.x, scaleY: scale.y, rotationDeg: 0, offsetX: 0, offsetY: 0 }, source.size, canvas);
  const frames = layer.kind === 'video' ? [source.clipFrames(layer, plan.fps)] : ['trim=end_frame=1'];
  const fitted = fittedPicture(source, g, isOpaqueVideo(layer) ? 'packed' : layer.kind === 'image' ? 'alpha' : 'planar');
  // An image: one frame repeated over the layer's frames, after everything that is the same in all of them.
  const repeated = layer.kind === 'video' ? [] : [repeatedFrame(layer.durationInFrames, 0, plan.fps)];
  chains.push(`[${label}]${[...frames, ...fitted, ...repeated].join(',')}[rest${i}]`);
  // The box as the composition measures it (wipes, slides), whatever the picture holds.
  const box = unscaledBoxSize(layer, canvas);
  return { size: unrotatedSize(g), box: { width: box.width * scale.x, height: box.height * scale.y }, scale };
}

/** Pushes a moving slot's chains: its picture at rest, moved frame by frame; null when it never shows. */
function movingSlotPicture(
  chains: string[],
  slot: CompositeSlot & { kind: 'moving' },
  i: number,
  plan: RenderPlan,
  inputs: VideoGraphInputs,
  sourceLabel: (inputIndex: number) => string,
): SlotPicture | null {
  const { layer } = slot;
  const picture = restingPicture(chains, layer, i, plan, inputs, sourceLabel);
  if (picture === null) return null;
  const { fps, durationInFrames } = plan;
  const canvas = { width: plan.width, height: plan.height };
  const frames = movingFrames(layer, picture, canvas);
  const moved = moveLayer(chains, `rest${i}`, `layer${i}`, {
    fromFrame: layer.fromFrame,
    frames,
    picture,
    opaqueVideo: isOpaqueVideo(layer),
    fps,
    durationInFrames,
    canvas,
    uniq: `m${i}_`,
  });
  if (moved === null) {
    chains.push(`[rest${i}]nullsink`);
    return null;
  }
  const shown: Array<[number, number]> = [[layer.fromFrame, layer.fromFrame + layer.durationInFrames - 1]];
  if (slot.blendMode === 'normal') return { label: `layer${i}`, mode: 'normal', region: moved.region, at: moved.at({ x: 0, y: 0 }), shown };
  // Another mode blends a fixed part of the canvas: the layer is first put where it is on that part, as a still layer would be.
  const { region } = moved;
  const at = moved.at(region);
  chains.push(
    `color=c=black@0:s=${region.width}x${region.height}:r=${num(fps)},trim=end_frame=${durationInFrames},format=gbrap[swept${i}]`,
    `[swept${i}][layer${i}]overlay=x=${at.x}:y=${at.y}:format=gbrp:eof_action=pass[placed${i}]`,
  );
  return { label: `placed${i}`, mode: slot.blendMode, region, shown };
}

/** Lays `picture` on [below] into [out]: `overlay` for normal, the blend filter for any other mode. */
function layOn(picture: SlotPicture, below: string, out: string, i: number, plan: RenderPlan): string {
  const { label: top, mode, region, shown } = picture;
  const at = picture.at ?? { x: String(region.x), y: String(region.y) };
  if (mode === 'normal') return `[${below}][${top}]overlay=x=${at.x}:y=${at.y}:format=gbrp:eof_action=pass[${out}]`;
  const wholeCanvas = region.x === 0 && region.y === 0 && region.width === plan.width && region.height === plan.height;
  return blendFilter(mode, { top, bottom: below, out }, `b${i}_`, shown, wholeCanvas ? null : region);
}

/** The whole picture: the background, then every slot bottom to top, into [outLabel] (gbrp). */
export function videoGraph(plan: RenderPlan, composite: CompositePlan, inputs: VideoGraphInputs, outLabel: string): string {
  const { width, height, fps, durationInFrames: frames } = plan;
  const chains: string[] = [];
  const background = `color=c=${plan.backgroundColor}:s=${width}x${height}:r=${num(fps)},trim=end_frame=${frames},format=gbrp`;
  const sourceLabel = splitSharedSources(composite, inputs, chains);
  let below: string | null = null;
  for (const [i, slot] of composite.slots.entries()) {
    const out = `acc${i}`;
    let picture: SlotPicture | 'base' | null;
    if (slot.kind === 'media') {
      const source = inputs.videoSource(slot.layer);
      picture = mediaSlotPicture(chains, slot, i, plan, source, sourceLabel(source.inputIndex), below === null);
    } else if (slot.kind === 'stills') {
      picture = stillsSlotPicture(chains, slot, i, plan, inputs.stillsInput(i));
    } else {
      picture = movingSlotPicture(chains, slot, i, plan, inputs, sourceLabel);
    }
    if (picture === 'base') below = out;
    if (picture === null || picture === 'base') continue;
    if (below === null) {
      chains.push(`${background}[bg]`);
      below = 'bg';
    }
    chains.push(layOn(picture, below, out, i, plan));
    below = out;
  }
  chains.push(below === null ? `${background}[${outLabel}]` : `[${below}]null[${outLabel}]`);
  return chains.join(';');
}
