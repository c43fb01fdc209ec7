/**
 * A video or image layer that does not move, as one chain of filters: from
 * the decoded source to the layer's pixels, fitted, resized as Chromium
 * resizes, blurred, flipped, turned, faded and cut to the canvas (a video
 * frame by frame; an image once, then repeated over its clip's frames).
 */
import type { PlanMediaLayer, RenderPlan } from '../plan/render-plan.types';
import { chromiumResize } from './chromium-resize';
import { num } from './frame-values';
import { EDGE_PX, layerGeometry, type LayerGeometry, placedSize, unrotatedSize, type Size } from './layer-geometry';

export interface VideoSource {
  /** ffmpeg input index (`-i`) of the source. */
  inputIndex: number;
  /** Display size of the decoded frames. */
  size: Size;
  /** Filters (comma-joined) that turn the decoded stream into the layer's frames on the plan's grid, from 0. */
  clipFrames(layer: PlanMediaLayer, fps: number): string;
  /** The `scale` of the one conversion to RGB, naming the source's YUV matrix and range (and the display size of non-square pixels). */
  decodeScale: string;
}

/** Where a placed layer's picture intersects the canvas: what to cut from it and where it lands. */
export interface Placement {
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
 * A video is opaque, as the extractor draws it (any alpha of its own dropped): packed without an alpha channel,
 * the same levels as with one, converted and resized faster (bench:render, docs/performance.md).
 */
function decodedAtSize(source: VideoSource, size: Size, picture: FittedAs): string[] {
  const resize = chromiumResize(source.size, size, picture === 'alpha');
  if (picture === 'packed') return [source.decodeScale, 'format=rgb24', ...resize, ...(resize.length > 0 ? ['format=rgb24'] : [])];
  if (picture === 'opaque') return [source.decodeScale, 'format=rgb24', ...resize, 'format=gbrp'];
  if (picture === 'planar') return [source.decodeScale, 'format=rgb24', ...resize, 'format=gbrap'];
  if (resize.length === 0) return [source.decodeScale, 'format=rgba', 'format=gbrap'];
  return [source.decodeScale, 'format=gbrap', 'premultiply=inplace=1', 'format=rgba', ...resize, 'format=gbrap', 'unpremultiply=inplace=1'];
}

/**
 * How a fitted picture is left: a video as planar RGB with an alpha plane; an image as planar with alpha of its
 * own (resized premultiplied); a video as packed RGB (`packed`: an opaque video to resize again); or a video as
 * planar RGB without alpha (`opaque`: one that covers the canvas in every frame, where nothing after the fit draws
 * transparency and an alpha plane would be a canvas-sized buffer for nothing: 133 MB at 8K).
 */
export type FittedAs = 'planar' | 'alpha' | 'packed' | 'opaque';

/** From a decoded frame to the layer's box as `g` sizes it: fitted, cropped (cover) and blurred, before any flip or turn. */
export function fittedPicture(source: VideoSource, g: LayerGeometry, picture: FittedAs): string[] {
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
 * One frame repeated `count` times on the plan's grid (its time base and rate, as `fps` gives a video, so the
 * filters that read the time agree), the first at timeline frame `firstFrame`.
 */
export function repeatedFrame(count: number, firstFrame: number, fps: number): string {
  const rate = num(fps);
  return `loop=loop=${count - 1}:size=1,settb=AVTB,setpts=(N+${firstFrame})/(${rate}*TB),fps=${rate}`;
}

/**
 * The filter chain from a decoded video or image to the layer's pixels, cut
 * to the canvas, with where they go, and whether every pixel of the canvas is
 * opaque in every frame of the timeline; null when the layer never reaches
 * the canvas. A video is transformed frame by frame; an image once, then
 * repeated over the layer's frames.
 */
export function mediaLayerChain(
  layer: PlanMediaLayer,
  source: VideoSource,
  plan: RenderPlan,
): { chain: string; place: Placement; coversCanvas: boolean } | null {
  const canvas = { width: plan.width, height: plan.height };
  const g = layerGeometry(layer, source.size, canvas);
  const full = placedSize(g);
  const place = placement(full, g.centre, canvas);
  if (place === null || layer.opacity === 0) return null;
  const after = plan.durationInFrames - layer.fromFrame - layer.durationInFrames;
  const coversCanvas =
    layer.kind === 'video' &&
    layer.fromFrame === 0 &&
    after <= 0 &&
    layer.opacity === 1 &&
    g.blur === null &&
    g.rotationDeg % 90 === 0 &&
    place.x === 0 &&
    place.y === 0 &&
    place.width === canvas.width &&
    place.height === canvas.height;
  // A blend reads the layer's alpha plane; a normal layer covering the canvas is drawn as it is.
  const picture = fittedPicture(source, g, layer.kind === 'image' ? 'alpha' : coversCanvas && layer.blendMode === 'normal' ? 'opaque' : 'planar');
  if (g.flipX) picture.push('hflip');
  if (g.flipY) picture.push('vflip');
  picture.push(...rotation(g.rotationDeg, full));
  if (layer.opacity < 1) picture.push(`colorchannelmixer=aa=${num(layer.opacity)}`);
  if (place.width !== full.width || place.height !== full.height) {
    picture.push(`crop=w=${place.width}:h=${place.height}:x=${place.cropX}:y=${place.cropY}`);
  }
  // Transparent frames before and after the clip, for a stream that spans the whole timeline.
  const spanTimeline = layer.fromFrame > 0 || after > 0 ? [`tpad=start=${layer.fromFrame}:stop=${Math.max(0, after)}:color=black@0`] : [];
  let filters: string[];
  if (layer.kind === 'video') {
    filters = [source.clipFrames(layer, plan.fps), ...picture, ...spanTimeline];
  } else if (layer.blendMode === 'normal') {
    // Only the image's own frames, at their times: `overlay` shows nothing of a stream before its first frame
    // and after its last, so a slideshow's images cost nothing outside their clips.
    filters = ['trim=end_frame=1', ...picture, repeatedFrame(layer.durationInFrames, layer.fromFrame, plan.fps)];
  } else {
    // A blend stacks the layer beside the backdrop frame by frame: it spans the timeline.
    filters = ['trim=end_frame=1', ...picture, repeatedFrame(layer.durationInFrames, 0, plan.fps), ...spanTimeline];
  }
  return { chain: filters.join(','), place, coversCanvas };
}
