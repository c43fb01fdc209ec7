/**
 * The filters that draw a moving layer from its resting picture, every value
 * read per frame from a table (frame-values.ts) of its `movingFrames`:
 *
 * - Opacity and a wipe's cut set the picture's alpha by a mask: a 2 x 1
 *   picture (the frame's opacity, and nothing) stretched to twice the
 *   picture's width, the cut part swapped (`swaprect`) with the empty half,
 *   the half kept; without a cut, one pixel stretched (`maskChain`).
 * - A picture with transparent pixels (an image, a text block, anything
 *   turned) is premultiplied while it is resampled, so its edges do not darken.
 * - `scale` (eval=frame) gives each frame its size. Few filters accept a
 *   picture whose size changes (`overlay`, `pad` and `rotate` do): a turned
 *   picture ends in the largest bound of all frames (`rotate`), a premultiplied
 *   one is centred by `pad` in the largest size (`unpremultiply` needs one).
 * - `overlay` puts that frame's centre where the frame's centre goes.
 *
 * Flips come before the resize (a picture of changing size cannot be flipped),
 * which is the same picture.
 */
import { frameSwitch, frameValues, num } from './frame-values';
import type { BlendRegion } from './blend-filter';
import type { Size } from './layer-geometry';
import { EDGE_PX, rotatedSize } from './layer-geometry';
import type { MovingFrame, RestingPicture } from './moving-layer';

export interface MovingLayerArgs {
  /** Timeline frame of the layer's first frame, and how many it has (= frames.length). */
  fromFrame: number;
  frames: MovingFrame[];
  picture: RestingPicture;
  /**
   * The picture is an opaque video, kept as packed RGBA: swscale resizes that several times faster than planar
   * RGB, and it becomes planar in the same resize. Its alpha is all mask, set with `alphamerge`. Any other
   * picture (an image, a text block, a blurred video) is planar with alpha of its own, premultiplied while it is
   * resampled and multiplied by its mask.
   */
  opaqueVideo: boolean;
  fps: number;
  /** The timeline's length in frames and its canvas. */
  durationInFrames: number;
  canvas: Size;
  /** Prefix of the chains' inner labels. */
  uniq: string;
}

/** Where the layer's frames go and the part of the canvas they cover. */
export interface MovingPlacement {
  region: BlendRegion;
  /** `overlay` positions (expressions of the timeline's time) of the frames' corners, measured from `origin`. */
  at(origin: { x: number; y: number }): { x: string; y: string };
}

function quoted(expression: string): string {
  return /^-?[\d.]+$/.test(expression) ? expression : `'${expression}'`;
}

/**
 * The mask (alpha = opacity where not cut, 0 where cut) into [`out`], and the filter that applies it. An opaque
 * video's mask is its alpha, one per frame (`alphamerge` pairs frames in order). Another picture's is made only
 * on the frames that fade or wipe and on the one after each run of them, where it is opaque: `blend` holds a mask
 * until the next one comes, and applies none before the first.
 */
function maskChain(a: MovingLayerArgs, out: string): { chain: string; apply: string } {
  const { picture, frames, fps } = a;
  const alpha = frameValues(
    frames.map((f) => Math.round(f.opacity * 255)),
    fps,
    { time: 'T' },
  );
  const masked = frames.map((f) => f.opacity < 1 || f.cut !== null);
  const made = frameSwitch(
    masked.map((on, i) => on || (i > 0 && masked[i - 1])),
    fps,
  );
  // Without a cut, the empty half is not needed.
  const halves = frames.some((f) => f.cut !== null) ? 2 : 1;
  const filters = [
    `color=c=white:s=${halves}x1:r=${num(fps)}`,
    `trim=end_frame=${frames.length}`,
    ...(a.opaqueVideo ? ['format=gray', `geq=lum='if(X,0,${alpha})'`] : ['format=gbrap', `geq=r=255:g=255:b=255:a='if(X,0,${alpha})'`, `select='${made}'`]),
    `scale=w=${halves * picture.size.width}:h=${picture.size.height}:flags=neighbor`,
  ];
  if (halves === 2) {
    // The cut rectangle swaps with one of the same size in the empty half (on the frames without one, an empty rectangle).
    const rect = (pick: (r: NonNullable<MovingFrame['cut']>) => number) => perFrame(frames, (f) => (f.cut === null ? 0 : pick(f.cut)), fps);
    filters.push(
      `swaprect=w=${rect((r) => r.width)}:h=${rect((r) => r.height)}:x1=${rect((r) => r.x)}:y1=${rect((r) => r.y)}:x2=${picture.size.width}:y2=0`,
      `crop=w=${picture.size.width}:h=${picture.size.height}:x=0:y=0`,
    );
  }
  return { chain: `${filters.join(',')}[${out}]`, apply: a.opaqueVideo ? 'alphamerge' : 'blend=c3_mode=multiply' };
}

/** An expression of the layer's time giving each of its frames `pick` of that frame, quoted for a filter option. */
function perFrame(frames: MovingFrame[], pick: (f: MovingFrame) => number, fps: number): string {
  return quoted(frameValues(frames.map(pick), fps));
}

/**
 * The frames the picture ends in, and where its centre is in them. Turned, it ends in the largest bound of all
 * frames; resized with premultiplied alpha, in the largest size (`unpremultiply` takes one size only); otherwise
 * each frame is the picture at its size (`overlay` takes any).
 */
interface EndFrame {
  sizeOf: (f: MovingFrame) => Size;
  centreIn: (f: MovingFrame) => { x: number; y: number };
  turns: boolean;
  resized: boolean;
  premultiplied: boolean;
}

function endFrame(frames: MovingFrame[], picture: RestingPicture, opaqueVideo: boolean): EndFrame {
  const turns = frames.some((f) => f.rotationDeg % 360 !== 0);
  const resized = frames.some((f) => f.size.width !== picture.size.width || f.size.height !== picture.size.height);
  const premultiplied = (!opaqueVideo && resized) || turns;
  const flags = { turns, resized, premultiplied };
  const largest = (sizes: Size[]): Size => ({ width: Math.max(...sizes.map((b) => b.width)), height: Math.max(...sizes.map((b) => b.height)) });
  if (turns) {
    // `rotate` turns its input's centre onto its output's. An input whose size differs from the output's by an odd
    // number of pixels would be sampled half a pixel off, blurring it: the padding then adds a column (or a row) on
    // the right (bottom), which moves the picture's centre half a pixel before the turn from the input's centre.
    const size = largest(frames.map((f) => rotatedSize({ width: f.size.width + 2 * EDGE_PX + 1, height: f.size.height + 2 * EDGE_PX + 1 }, f.rotationDeg)));
    const centreIn = (f: MovingFrame) => {
      const [ex, ey] = [(size.width - f.size.width) % 2, (size.height - f.size.height) % 2];
      const [cos, sin] = [Math.cos((f.rotationDeg * Math.PI) / 180), Math.sin((f.rotationDeg * Math.PI) / 180)];
      return { x: size.width / 2 - (ex / 2) * cos + (ey / 2) * sin, y: size.height / 2 - (ex / 2) * sin - (ey / 2) * cos };
    };
    return { ...flags, sizeOf: () => size, centreIn };
  }
  if (premultiplied) {
    // `pad` puts the picture at the whole pixel left of and above the centre.
    const size = largest(frames.map((f) => f.size));
    const centreIn = (f: MovingFrame) => ({
      x: Math.floor((size.width - f.size.width) / 2) + f.size.width / 2,
      y: Math.floor((size.height - f.size.height) / 2) + f.size.height / 2,
    });
    return { ...flags, sizeOf: () => size, centreIn };
  }
  return { ...flags, sizeOf: (f) => f.size, centreIn: (f) => ({ x: f.size.width / 2, y: f.size.height / 2 }) };
}

/** From the (masked) resting picture to the end frames: premultiplied while resampled, flipped, resized, turned, padded in time. */
function pictureFilters(a: MovingLayerArgs, end: EndFrame): string[] {
  const { frames, fps } = a;
  // Planar where a filter needs it: premultiplying, turning.
  const filters: string[] = a.opaqueVideo && end.premultiplied ? ['format=gbrap'] : [];
  if (end.premultiplied) filters.push('premultiply=inplace=1');
  filters.push(...flips(frames, fps));
  if (end.resized) {
    filters.push(`scale=w=${perFrame(frames, (f) => f.size.width, fps)}:h=${perFrame(frames, (f) => f.size.height, fps)}:eval=frame:flags=bilinear`);
  }
  if (end.turns) {
    const size = end.sizeOf(frames[0]);
    filters.push(
      `pad=w='iw+${2 * EDGE_PX}+mod(${size.width}-iw,2)':h='ih+${2 * EDGE_PX}+mod(${size.height}-ih,2)':x=${EDGE_PX}:y=${EDGE_PX}:color=black@0:eval=frame`,
      // c=black@0 clears what the turned picture does not cover: `rotate` reuses its output buffers, and with c=none
      // an earlier frame's picture would stay where this frame's does not reach.
      `rotate=a=${perFrame(frames, (f) => (f.rotationDeg * Math.PI) / 180, fps)}:ow=${size.width}:oh=${size.height}:c=black@0:bilinear=1`,
    );
  } else if (end.premultiplied) {
    const size = end.sizeOf(frames[0]);
    filters.push(`pad=w=${size.width}:h=${size.height}:x=(ow-iw)/2:y=(oh-ih)/2:color=black@0:eval=frame`);
  }
  if (end.premultiplied) filters.push('unpremultiply=inplace=1');
  // A packed picture becomes planar in its resize (`scale` converts as it resizes): no filter of its own, which
  // would keep the first frame's size.
  else if (a.opaqueVideo) filters.push('format=gbrap');
  // Transparent frames before and after the layer: every layer stream spans the whole timeline.
  const after = a.durationInFrames - a.fromFrame - frames.length;
  if (a.fromFrame > 0 || after > 0) filters.push(`tpad=start=${a.fromFrame}:stop=${Math.max(0, after)}:color=black@0`);
  return filters;
}

/**
 * Pushes the chains that turn [`input`], the resting picture once per frame of
 * the layer (gbrap, straight alpha), into [`out`]: the layer's frames over the
 * whole timeline, in frames of one size, straight alpha. Returns where to lay
 * them; null when the layer never shows on the canvas.
 */
export function moveLayer(chains: string[], input: string, out: string, a: MovingLayerArgs): MovingPlacement | null {
  const { frames, fps, uniq } = a;
  const end = endFrame(frames, a.picture, a.opaqueVideo);
  const corners = frames.map((f) => {
    const c = end.centreIn(f);
    return { x: Math.round(f.centre.x - c.x), y: Math.round(f.centre.y - c.y) };
  });
  const region = sweptRegion(corners, frames, end.sizeOf, a.canvas);
  if (region === null) return null;
  let label = input;
  if (frames.some((f) => f.opacity < 1 || f.cut !== null)) {
    const mask = maskChain(a, `${uniq}mask`);
    chains.push(mask.chain, `[${label}][${uniq}mask]${mask.apply}[${uniq}masked]`);
    label = `${uniq}masked`;
  }
  const filters = pictureFilters(a, end);
  chains.push(`[${label}]${filters.length === 0 ? 'null' : filters.join(',')}[${out}]`);
  const position = (values: number[]) => quoted(frameValues(values, fps, { firstFrame: a.fromFrame }));
  return {
    region,
    at: (origin) => ({ x: position(corners.map((c) => c.x - origin.x)), y: position(corners.map((c) => c.y - origin.y)) }),
  };
}

/** hflip/vflip on the frames whose scale is negative on that axis. */
function flips(frames: MovingFrame[], fps: number): string[] {
  const flip = (name: string, on: boolean[]): string[] => {
    if (on.every(Boolean)) return [name];
    return on.some(Boolean) ? [`${name}=enable='${frameSwitch(on, fps)}'`] : [];
  };
  return [
    ...flip(
      'hflip',
      frames.map((f) => f.flipX),
    ),
    ...flip(
      'vflip',
      frames.map((f) => f.flipY),
    ),
  ];
}

/** The part of the canvas the layer's frames cover at one time or another; null when none does. */
function sweptRegion(corners: Array<{ x: number; y: number }>, frames: MovingFrame[], sizeOf: (f: MovingFrame) => Size, canvas: Size): BlendRegion | null {
  let [x0, y0, x1, y1] = [canvas.width, canvas.height, 0, 0];
  frames.forEach((f, i) => {
    const size = sizeOf(f);
    const [left, top] = [Math.max(0, corners[i].x), Math.max(0, corners[i].y)];
    const [right, bottom] = [Math.min(canvas.width, corners[i].x + size.width), Math.min(canvas.height, corners[i].y + size.height)];
    if (f.opacity === 0 || right <= left || bottom <= top) return;
    [x0, y0, x1, y1] = [Math.min(x0, left), Math.min(y0, top), Math.max(x1, right), Math.max(y1, bottom)];
  });
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null;
}
