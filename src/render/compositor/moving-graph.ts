/**
 * The filters that draw a moving layer from its resting picture, every value
 * read per frame from a table (frame-values.ts) of its `movingFrames`:
 *
 * - Opacity multiplies the picture's alpha on the frames that fade, in its
 *   own stream (`colorchannelmixer`, its values sent by `sendcmd`).
 * - A wipe's cut multiplies it by a mask (`blend`): an opaque picture of the
 *   picture's size beside a transparent one, the cut part swapped (`swaprect`)
 *   with the transparent half, the opaque half kept (`cutMask`).
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
import { frameCommands, frameSwitch, frameValues, num } from './frame-values';
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
   * The picture is an opaque video that no wipe cuts, kept as packed RGB (no alpha): swscale resizes that several times
   * faster than planar RGB, and it becomes planar in the same resize. Any other picture (an image, a text block,
   * a blurred or wiped video) is planar with alpha of its own, premultiplied while it is resampled.
   */
  opaqueVideo: boolean;
  fps: number;
  /** The timeline's length in frames and its canvas. */
  durationInFrames: number;
  canvas: Size;
  /** Prefix of the chains' inner labels and of the names of filters that take commands. */
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
 * The alpha multiplied by each frame's opacity, on the frames that fade only: frame 0's value is the filter's
 * option, the others come from `sendcmd`. In place, in the picture's own stream.
 */
function opacityFilters(a: MovingLayerArgs): string[] {
  const { frames, fps } = a;
  const faded = frames.map((f) => f.opacity < 1);
  if (!faded.some(Boolean)) return [];
  const target = `colorchannelmixer@${a.uniq}opacity`;
  // Multiples of 1/255, so an opaque pixel's alpha becomes exactly the level the composition's opacity gives.
  const levels = frames.map((f) => Math.round(f.opacity * 255) / 255);
  const commands = frameCommands(target, 'aa', levels, fps);
  return [...(commands === '' ? [] : [`sendcmd=c='${commands}'`]), `${target}=aa=${num(levels[0])}:enable='${frameSwitch(faded, fps)}'`];
}

/**
 * The mask of a wipe's cut (alpha 0 where cut) into [`out`], for `blend` to multiply the picture's alpha by. It is
 * made only on the frames that wipe and on the one after each run of them, where it is opaque: `blend` holds a
 * mask until the next one comes, and applies none before the first.
 */
function cutMask(a: MovingLayerArgs, out: string): string {
  const { picture, frames, fps } = a;
  const cut = frames.map((f) => f.cut !== null);
  const made = frameSwitch(
    cut.map((on, i) => on || (i > 0 && cut[i - 1])),
    fps,
  );
  // The cut rectangle swaps with one of the same size in the empty half (on the frames without one, an empty rectangle).
  const rect = (pick: (r: NonNullable<MovingFrame['cut']>) => number) => perFrame(frames, (f) => (f.cut === null ? 0 : pick(f.cut)), fps);
  const { width, height } = picture.size;
  // One opaque pixel, enlarged on the frames kept (a single colour: nothing to sample), beside as much nothing.
  const filters = [
    `color=c=white:s=1x1:r=${num(fps)}`,
    `trim=end_frame=${frames.length}`,
    `select='${made}'`,
    'format=gbrap',
    `scale=w=${width}:h=${height}:flags=neighbor`,
    `pad=w=${2 * width}:h=${height}:color=black@0`,
    `swaprect=w=${rect((r) => r.width)}:h=${rect((r) => r.height)}:x1=${rect((r) => r.x)}:y1=${rect((r) => r.y)}:x2=${width}:y2=0`,
    `crop=w=${width}:h=${height}:x=0:y=0`,
  ];
  return `${filters.join(',')}[${out}]`;
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

/** From the (cut) resting picture to the end frames: faded, premultiplied while resampled, flipped, resized, turned, padded in time. */
function pictureFilters(a: MovingLayerArgs, end: EndFrame): string[] {
  const { frames, fps } = a;
  const opacity = opacityFilters(a);
  // A packed video has no alpha plane to fade until it becomes planar: first where a filter needs it
  // (premultiplying, turning), or else in its resize.
  const filters: string[] = !a.opaqueVideo ? [...opacity] : end.premultiplied ? ['format=gbrap', ...opacity] : [];
  if (end.premultiplied) filters.push('premultiply=inplace=1');
  filters.push(...flips(frames, fps));
  if (end.resized) {
    // A new size rebuilds the resize on that frame, with slice threads its thread pool too: one thread is faster
    // (bench:render, docs/performance.md).
    filters.push(`scale=w=${perFrame(frames, (f) => f.size.width, fps)}:h=${perFrame(frames, (f) => f.size.height, fps)}:eval=frame:flags=bilinear:threads=1`);
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
  // would keep the first frame's size. Faded then, an opaque pixel's alpha is exactly its level.
  else if (a.opaqueVideo) filters.push('format=gbrap', ...opacity);
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
  const { frames, fps } = a;
  const end = endFrame(frames, a.picture, a.opaqueVideo);
  const corners = frames.map((f) => {
    const c = end.centreIn(f);
    return { x: Math.round(f.centre.x - c.x), y: Math.round(f.centre.y - c.y) };
  });
  const region = sweptRegion(corners, frames, end.sizeOf, a.canvas);
  if (region === null) return null;
  let label = input;
  if (frames.some((f) => f.cut !== null)) {
    if (a.opaqueVideo) throw new Error('an opaque video is never cut: a wiped video is moved as a planar picture');
    chains.push(cutMask(a, `${a.uniq}cut`), `[${label}][${a.uniq}cut]blend=c3_mode=multiply[${a.uniq}wiped]`);
    label = `${a.uniq}wiped`;
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
