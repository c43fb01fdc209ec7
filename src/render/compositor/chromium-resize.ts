/**
 * A video layer resized to the pixel as Chromium draws it (measured against
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
const BOX = "'0 0 0 0 1 1 0 1 1'";
const FLOOR_BOX = ['negate', `convolution=0m=${BOX}:1m=${BOX}:2m=${BOX}:0rdiv=0.25:1rdiv=0.25:2rdiv=0.25:0bias=0.25:1bias=0.25:2bias=0.25`, 'negate'];
// Then the even rows and the even columns, exactly (`scale=flags=neighbor` does not pick a fixed phase).
const EVEN_PIXELS = ['field=top', 'transpose=clock', 'field=top', 'transpose=cclock', 'setsar=1'];

// Bilinear at 16 bits (zscale widens 8 bits to v * 257 exactly), then floor(v / 257) as v * 256, which
// swscale narrows to 8 bits exactly (`lut` caps 16-bit RGB at 255 * 256, which is just enough).
const FLOOR_TO_8_BITS = "'floor(val/257)*256'";
const floorBilinear = (target: Size): string[] => [
  'format=gbrap',
  'zscale',
  'format=gbrp16le',
  `zscale=w=${target.width}:h=${target.height}:filter=bilinear`,
  'format=gbrp16le',
  `lut=c0=${FLOOR_TO_8_BITS}:c1=${FLOOR_TO_8_BITS}:c2=${FLOOR_TO_8_BITS}`,
];

/**
 * Filters from an opaque RGBA picture of `source` size to one of `target` size, as Chromium resizes it; the
 * caller converts the result to gbrap. A reduction with no mip level stays on packed RGBA, where swscale's
 * `area` is about a second per 300 frames of 1440x1080 cheaper than on planar RGB.
 */
export function chromiumResize(source: Size, target: Size): string[] {
  if (source.width === target.width && source.height === target.height) return [];
  if (target.width >= source.width && target.height >= source.height) return floorBilinear(target);
  const levels = mipLevels(source, target);
  const area = `scale=w=${target.width}:h=${target.height}:flags=area`;
  return levels.length === 0 ? [area] : ['format=gbrap', ...levels.flatMap(() => [...FLOOR_BOX, ...EVEN_PIXELS]), area];
}
