/**
 * What the compositor cannot express, so `RENDER_ENGINE=auto` can hand such a
 * plan to Remotion before starting (plan-level reasons) or when the media show
 * it (`NotExpressible`, thrown before any work is done); and what it treats as a
 * large canvas.
 */
import type { RenderPlan } from '../plan/render-plan.types';

/** Each video layer is a decoder and a filter chain in one process; past this, memory rather than time is the risk. */
export const MAX_VIDEO_LAYERS = 32;
/**
 * An image layer holds its transformed picture (cut to the canvas, 4 bytes a pixel) for the whole run: the
 * images of one plan may hold this much at most, counting each as the whole canvas.
 */
export const MAX_IMAGE_PICTURE_BYTES = 1024 ** 3;
/** Largest side of a transformed layer before it is cut to the canvas (ffmpeg frames past this fail to allocate). */
export const MAX_LAYER_SIDE_PX = 16_384;

/**
 * Canvases above 2560x1440 (33 MB an RGBA frame at 4K, 133 MB at 8K): the memory a render holds there is set by
 * the canvas, so x264's frames in flight are bounded and the browser is not kept through the composite.
 */
export function isLargeCanvas(plan: Pick<RenderPlan, 'width' | 'height'>): boolean {
  return plan.width * plan.height > 2560 * 1440;
}

export class NotExpressible extends Error {
  constructor(readonly reason: string) {
    super(`the compositor cannot draw this plan: ${reason}`);
    this.name = 'NotExpressible';
  }
}

export type CompositorSupport = { ok: true } | { ok: false; reason: string };

export function compositorSupport(plan: RenderPlan): CompositorSupport {
  const videos = plan.layers.filter((layer) => layer.kind === 'video');
  if (videos.length > MAX_VIDEO_LAYERS) {
    return { ok: false, reason: `${videos.length} video layers (the compositor takes at most ${MAX_VIDEO_LAYERS})` };
  }
  const images = plan.layers.filter((layer) => layer.kind === 'image').length;
  const maxImages = Math.floor(MAX_IMAGE_PICTURE_BYTES / (plan.width * plan.height * 4));
  if (images > maxImages) {
    return { ok: false, reason: `${images} image layers at ${plan.width}x${plan.height} (the compositor takes at most ${maxImages})` };
  }
  return { ok: true };
}
