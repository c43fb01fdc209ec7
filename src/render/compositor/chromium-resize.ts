/**
 * An image or video layer resized to the pixel as Chromium draws it (measured against
 * the composition's `<OffthreadVideo>` frames in headless Chromium here):
 *
 * - Reducing: Skia's mip levels first, each pixel the 2x2 box below it rounded
 *   *down*, for as long as the next level still covers the target on both
 *   sides (and both sides are even: an odd side is averaged over three pixels).
 * - Then bilinear, weights cut to 1/16 and the result rounded down.
 *
 * ffmpeg rounds to nearest everywhere, so its `area` lands one level above
 * Chromium on 5-10 % of the pixels. That is invisible, except under
 * colour-dodge and colour-burn, which divide by values near 0 and turn one
 * level into fifty. The mip levels are drawn exactly here; enlarging is
 * bilinear floored (exact at 2x, where the weights are sixteenths already);
 * what a reduction leaves after its levels is resized with `area`, whose box
 * is closer to the browser's point-sampled bilinear than ffmpeg's own bilinear,
 * which widens its kernel when reducing.
 */
import type { Size } from './layer-geometry';

/** The mip levels Chromium draws from to reach `target`. */
export function mipLevels(source: Size, target: Size): Size[] {
  const levels: Size[] = [];
  let level = source;
  while (level.width % 2 === 0 && level.height % 2 === 0) {
    const next = { width: level.width / 2, height: level.height / 2 };
    if (next.width < target.width || next.height < target.height) break;
    levels.push(next);
    level = next;
  }
  return levels;
}

// Each pixel the sum of its 2x2 box (itself, right, below, below-right) / 4. `convolution` rounds
// (it adds 0.5 before truncating) and refuses a negative bias, so the floor is taken on the negative
// picture as a ceiling: floor(s / 4) = 255 - ceil((1020 - s) / 4), with the ceiling as a bias of 0.25.
// A picture with alpha of its own (premultiplied, as Skia keeps it) has its alpha plane boxed alike.
const BOX = "'0 0 0 0 1 1 0 1 1'";
const boxPlanes = (planes: number[]) => planes.map((p) => `${p}m=${BOX}:${p}rdiv=0.25:${p}bias=0.25`).join(':');
const floorBox = (alpha: boolean): string[] =>
  alpha
    ? ['negate=negate_alpha=1', `convolution=${boxPlanes([0, 1, 2, 3])}`, 'negate=negate_alpha=1']
    : ['negate', `convolution=${boxPlanes([0, 1, 2])}`, 'negate'];
// Then the even rows and the even columns, exactly (`scale=flags=neighbor` does not pick a fixed phase).
const EVEN_PIXELS = ['field=top', 'transpose=clock', 'field=top', 'transpose=cclock', 'setsar=1'];

// Bilinear at 16 bits (zscale widens colour to v * 257 exactly, alpha to v * 256), then floored to 8 bits: colour
// as v * 256, which swscale narrows to 8 bits exactly (`lut` caps 16-bit RGB at 255 * 256, which is just enough),
// alpha as itself a multiple of 256.
const FLOOR_TO_8_BITS = "'floor(val/257)*256'";
const floorBilinear = (target: Size, alpha: boolean): string[] => [
  'format=gbrap',
  'zscale',
  alpha ? 'format=gbrap16le' : 'format=gbrp16le',
  `zscale=w=${target.width}:h=${target.height}:filter=bilinear`,
  alpha ? 'format=gbrap16le' : 'format=gbrp16le',
  `lut=c0=${FLOOR_TO_8_BITS}:c1=${FLOOR_TO_8_BITS}:c2=${FLOOR_TO_8_BITS}${alpha ? ":c3='floor(val/256)*256'" : ''}`,
];

/**
 * Filters from an RGBA picture of `source` size to one of `target` size, as Chromium resizes it; the caller
 * converts the result to gbrap. `alpha`: the picture has transparent pixels of its own (an image, premultiplied
 * by the caller), resampled with the colours; otherwise it is opaque and its alpha left as it is. A reduction
 * with no mip level stays on packed RGBA, where swscale's `area` is about a second per 300 frames of 1440x1080
 * cheaper than on planar RGB.
 */
export function chromiumResize(source: Size, target: Size, alpha = false): string[] {
  if (source.width === target.width && source.height === target.height) return [];
  if (target.width >= source.width && target.height >= source.height) return floorBilinear(target, alpha);
  const levels = mipLevels(source, target);
  const area = `scale=w=${target.width}:h=${target.height}:flags=area`;
  return levels.length === 0 ? [area] : ['format=gbrap', ...levels.flatMap(() => [...floorBox(alpha), ...EVEN_PIXELS]), area];
}
