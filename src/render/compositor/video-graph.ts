/**
 * The picture half of the compositor's one ffmpeg filter graph. Everything is
 * composited in 8-bit planar RGB (gbrp, alpha as gbrap), as the browser
 * composites, and converted to YUV once by the encoder step: blending in YUV
 * would not give CSS's results.
 *
 * Each slot of the composite plan, bottom to top, is laid on the running
 * picture: a video layer decoded, fitted, scaled, blurred, flipped, rotated,
 * faded and placed; a still slot as the PNGs the composition drew, shown in
 * their segments; a moving layer as its picture at rest, moved frame by frame
 * (moving-graph.ts). Normal layers are laid with `overlay`; any other blend
 * mode goes through `blendFilter` against what lies below it.
 */
import { unscaledBoxSize } from '../plan/layer-frame';
import type { PlanMediaLayer, PlanVisualLayer, RenderPlan } from '../plan/render-plan.types';
import { blendFilter, type BlendRegion } from './blend-filter';
import type { CompositePlan, CompositeSlot } from './composite-plan';
import { num } from './frame-values';
import { EDGE_PX, layerGeometry, type LayerGeometry, placedSize, unrotatedSize, type Size } from './layer-geometry';
import { chromiumResize } from './chromium-resize';
import { moveLayer } from './moving-graph';
import { movingFrames, restingScale, type RestingPicture } from './moving-layer';

export interface VideoSource {
  /** ffmpeg input index (`-i`) of the source. */
  inputIndex: number;
  /** Display size of the decoded frames. */
  size: Size;
  /** Filters (comma-joined) that turn the decoded stream into the layer's frames on the plan's grid, from 0. */
  clipFrames(layer: PlanMediaLayer, fps: number): string;
  /** `scale` options naming the source's YUV matrix and range, for the one conversion to RGB. */
  scaleColourOptions: string;
}

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

/** Where a placed layer's picture intersects the canvas: what to cut from it and where it lands. */
interface Placement {
  cropX: number;
  cropY: number;
  width: number;
  height: number;
  x: number;
  y: number;
}

function placement(size: Size, centre: { x: number; y: number }, canvas: Size): Placement | null {
  const left = Math.round(centre.x - size.width / 2);
  const top = Math.round(centre.y - size.height / 2);
  const x0 = Math.max(0, left);
  const y0 = Math.max(0, top);
  const x1 = Math.min(canvas.width, left + size.width);
  const y1 = Math.min(canvas.height, top + size.height);
  if (x1 <= x0 || y1 <= y0) return null;
  return { cropX: x0 - left, cropY: y0 - top, width: x1 - x0, height: y1 - y0, x: x0, y: y0 };
}

function rotation(degrees: number, out: Size): string[] {
  if (degrees === 0) return [];
  if (degrees === 90) return ['transpose=clock'];
  if (degrees === 180) return ['hflip', 'vflip'];
  if (degrees === 270) return ['transpose=cclock'];
  // A transparent border to interpolate into smooths the edges as the browser's antialiasing does; premultiplied,
  // so the border's colour does not darken them.
  return [
    `pad=w=iw+${2 * EDGE_PX}:h=ih+${2 * EDGE_PX}:x=${EDGE_PX}:y=${EDGE_PX}:color=black@0`,
    'premultiply=inplace=1',
    `rotate=a=${num((degrees * Math.PI) / 180)}:ow=${out.width}:oh=${out.height}:c=none:bilinear=1`,
    'unpremultiply=inplace=1',
  ];
}

/**
 * Decoded as Remotion's frame extractor decodes, to packed RGB at the source's size: swscale rounds that path
 * up to a level apart from the planar one, enough to flip colour-dodge and colour-burn at black and white.
 * Then resized in RGB as Chromium resizes it, premultiplied when the picture has transparent pixels (an image).
 */
function decodedAtSize(source: VideoSource, size: Size, picture: FittedAs): string[] {
  const resize = chromiumResize(source.size, size, picture === 'alpha');
  if (picture === 'packed') return [`scale=${source.scaleColourOptions}`, 'format=rgba', ...resize, ...(resize.length > 0 ? ['format=rgba'] : [])];
  if (picture === 'planar' || resize.length === 0) return [`scale=${source.scaleColourOptions}`, 'format=rgba', ...resize, 'format=gbrap'];
  return [`scale=${source.scaleColourOptions}`, 'format=gbrap', 'premultiply=inplace=1', 'format=rgba', ...resize, 'format=gbrap', 'unpremultiply=inplace=1'];
}

/** How a fitted picture is left: planar RGB, planar with alpha of its own (resized premultiplied), or packed RGBA (an opaque video to resize again). */
type FittedAs = 'planar' | 'alpha' | 'packed';

/** From a decoded frame to the layer's box as `g` sizes it: fitted, cropped (cover) and blurred, before any flip or turn. */
function fittedPicture(source: VideoSource, g: LayerGeometry, picture: FittedAs = 'planar'): string[] {
  const filters = decodedAtSize(source, g.scaled, picture);
  if (g.crop !== null) filters.push(`crop=w=${g.crop.width}:h=${g.crop.height}`);
  if (g.blur !== null) {
    const m = g.blur.margin;
    const beforeRotation = unrotatedSize(g);
    // Premultiplied, so transparent pixels bleed in as CSS's blur lets them (no dark fringe). gblur's
    // default single step is a rough Gaussian (SSIM 0.97 against Chromium's at sigma 80); three are within 0.99.
    filters.push(
      `pad=w=iw+${2 * m}:h=ih+${2 * m}:x=${m}:y=${m}:color=black@0`,
      'premultiply=inplace=1',
      `gblur=sigma=${num(g.blur.sigma)}:steps=3:planes=15`,
      'unpremultiply=inplace=1',
    );
    if (beforeRotation.width !== (g.crop ?? g.scaled).width + 2 * m || beforeRotation.height !== (g.crop ?? g.scaled).height + 2 * m) {
      filters.push(`scale=w=${beforeRotation.width}:h=${beforeRotation.height}:flags=bicubic`);
    }
  }
  return filters;
}

/**
 * The filter chain from a decoded video to the layer's pixels, cut to the
 * canvas, with where they go, and whether every pixel of the canvas is opaque
 * in every frame of the timeline; null when the layer never reaches the canvas.
 */
export function videoLayerChain(
  layer: PlanMediaLayer,
  source: VideoSource,
  plan: RenderPlan,
): { chain: string; place: Placement; coversCanvas: boolean } | null {
  const canvas = { width: plan.width, height: plan.height };
  const g = layerGeometry(layer, source.size, canvas);
  const full = placedSize(g);
  const place = placement(full, g.centre, canvas);
  if (place === null || layer.opacity === 0) return null;
  const filters: string[] = [source.clipFrames(layer, plan.fps), ...fittedPicture(source, g)];
  if (g.flipX) filters.push('hflip');
  if (g.flipY) filters.push('vflip');
  filters.push(...rotation(g.rotationDeg, full));
  if (layer.opacity < 1) filters.push(`colorchannelmixer=aa=${num(layer.opacity)}`);
  if (place.width !== full.width || place.height !== full.height) {
    filters.push(`crop=w=${place.width}:h=${place.height}:x=${place.cropX}:y=${place.cropY}`);
  }
  // Transparent frames before and after the clip: every layer stream spans the whole timeline.
  const after = plan.durationInFrames - layer.fromFrame - layer.durationInFrames;
  if (layer.fromFrame > 0 || after > 0) {
    filters.push(`tpad=start=${layer.fromFrame}:stop=${Math.max(0, after)}:color=black@0`);
  }
  const coversCanvas =
    layer.fromFrame === 0 &&
    after <= 0 &&
    layer.opacity === 1 &&
    g.blur === null &&
    g.rotationDeg % 90 === 0 &&
    place.x === 0 &&
    place.y === 0 &&
    place.width === canvas.width &&
    place.height === canvas.height;
  return { chain: filters.join(','), place, coversCanvas };
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

/** The media layer of a slot that decodes a source (a video, a moving image); null for stills and text. */
function decodedLayer(slot: CompositeSlot): PlanMediaLayer | null {
  if (slot.kind === 'video') return slot.layer;
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
 * Pushes a video slot's layer chain. Returns its picture, null when it shows
 * nothing, or 'base' when it became the whole picture so far as [acc<i>].
 */
function videoSlotPicture(
  chains: string[],
  slot: { layer: PlanMediaLayer },
  i: number,
  plan: RenderPlan,
  source: VideoSource,
  label: string,
  nothingBelow: boolean,
): SlotPicture | 'base' | null {
  const built = videoLayerChain(slot.layer, source, plan);
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
    mode: slot.blendMode,
    region,
    shown: slot.segments.filter((segment) => segment.shot !== null).map((segment) => [segment.fromFrame, segment.fromFrame + segment.durationInFrames - 1]),
  };
}

/** A video without a blur: no pixel of it is transparent until the mask makes it so (moving-graph.ts). */
function isOpaqueVideo(layer: PlanVisualLayer): boolean {
  return layer.kind === 'video' && layer.blurPx === 0;
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
  // One frame repeated over the layer's frames, after everything that is the same in all of them.
  const repeated = `loop=loop=${layer.durationInFrames - 1}:size=1,settb=AVTB,setpts=N/(${rate}*TB),fps=${rate}`;
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
  chains.push(`[${label}]${[...frames, ...fitted, ...(layer.kind === 'video' ? [] : [repeated])].join(',')}[rest${i}]`);
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
    if (slot.kind === 'video') {
      const source = inputs.videoSource(slot.layer);
      picture = videoSlotPicture(chains, slot, i, plan, source, sourceLabel(source.inputIndex), below === null);
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
