/**
 * blendFilter run by the real ffmpeg against the W3C Compositing formulas
 * written out here independently (https://www.w3.org/TR/compositing-1/):
 * every mode, opaque and half-transparent layers, colours that reach each
 * branch of the piecewise modes. Parity with Chromium itself is the parity
 * tier's job; this pins the arithmetic.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { blendFilter, CSS_BLEND_MODES } from '../../../src/render/compositor/blend-filter';

const run = promisify(execFile);
type Rgb = [number, number, number];

const lum = ([r, g, b]: Rgb): number => 0.3 * r + 0.59 * g + 0.11 * b;
function clipColor(c: Rgb): Rgb {
  const l = lum(c);
  const n = Math.min(...c);
  const x = Math.max(...c);
  let out = c;
  if (n < 0) out = out.map((v) => l + ((v - l) * l) / (l - n)) as Rgb;
  if (x > 1) out = out.map((v) => l + ((v - l) * (1 - l)) / (x - l)) as Rgb;
  return out;
}
const setLum = (c: Rgb, l: number): Rgb => {
  const d = l - lum(c);
  return clipColor(c.map((v) => v + d) as Rgb);
};
const sat = (c: Rgb): number => Math.max(...c) - Math.min(...c);
function setSat(c: Rgb, s: number): Rgb {
  const max = Math.max(...c);
  const min = Math.min(...c);
  return c.map((v) => (max > min ? ((v - min) * s) / (max - min) : 0)) as Rgb;
}
const separable =
  (f: (cb: number, cs: number) => number) =>
  (cb: Rgb, cs: Rgb): Rgb =>
    cb.map((v, i) => f(v, cs[i])) as Rgb;
const hardLight = (cb: number, cs: number): number => (cs <= 0.5 ? cb * 2 * cs : cb + (2 * cs - 1) - cb * (2 * cs - 1));

const W3C: Record<string, (cb: Rgb, cs: Rgb) => Rgb> = {
  normal: (_cb, cs) => cs,
  multiply: separable((cb, cs) => cb * cs),
  screen: separable((cb, cs) => cb + cs - cb * cs),
  overlay: separable((cb, cs) => hardLight(cs, cb)),
  darken: separable(Math.min),
  lighten: separable(Math.max),
  'color-dodge': separable((cb, cs) => (cb === 0 ? 0 : cs === 1 ? 1 : Math.min(1, cb / (1 - cs)))),
  'color-burn': separable((cb, cs) => (cb === 1 ? 1 : cs === 0 ? 0 : 1 - Math.min(1, (1 - cb) / cs))),
  'hard-light': separable(hardLight),
  'soft-light': separable((cb, cs) => {
    if (cs <= 0.5) return cb - (1 - 2 * cs) * cb * (1 - cb);
    const d = cb <= 0.25 ? ((16 * cb - 12) * cb + 4) * cb : Math.sqrt(cb);
    return cb + (2 * cs - 1) * (d - cb);
  }),
  difference: separable((cb, cs) => Math.abs(cb - cs)),
  exclusion: separable((cb, cs) => cb + cs - 2 * cb * cs),
  hue: (cb, cs) => setLum(setSat(cs, sat(cb)), lum(cb)),
  saturation: (cb, cs) => setLum(setSat(cb, sat(cs)), lum(cb)),
  color: (cb, cs) => setLum(cs, lum(cb)),
  luminosity: (cb, cs) => setLum(cb, lum(cs)),
};

/** What Chromium paints for a layer (colour cs, alpha as) on an opaque backdrop cb, 0..255. */
function expected(mode: string, cb: Rgb, cs: Rgb, as: number): Rgb {
  const b = cb.map((v) => v / 255) as Rgb;
  const s = cs.map((v) => v / 255) as Rgb;
  if (mode === 'plus-lighter') return b.map((v, i) => Math.round(255 * Math.min(1, v + as * s[i]))) as Rgb;
  const mixed = W3C[mode](b, s);
  return b.map((v, i) => Math.round(255 * ((1 - as) * v + as * mixed[i]))) as Rgb;
}

// Each pair reaches different branches: dark/light layer over light/dark backdrop, greys, saturated colours.
const CASES: Array<{ cs: Rgb; cb: Rgb; alpha: number }> = [
  { cs: [200, 30, 90], cb: [100, 150, 50], alpha: 1 },
  { cs: [20, 240, 128], cb: [250, 250, 10], alpha: 1 },
  { cs: [255, 0, 0], cb: [0, 0, 255], alpha: 1 },
  { cs: [90, 90, 90], cb: [30, 200, 160], alpha: 1 },
  { cs: [200, 30, 90], cb: [100, 150, 50], alpha: 0.5 },
  { cs: [240, 200, 20], cb: [60, 10, 220], alpha: 0.3 },
];
const CELL = 4;

const hex = ([r, g, b]: Rgb, alpha = 1): string => `0x${[r, g, b, Math.round(alpha * 255)].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/**
 * The cells of frame `frame` (of two, at 1 fps) with the layer shown on `frames` only; with `onlyCells`, the
 * layer is cut to those cells and blended as a region of the canvas.
 */
async function blendCells(mode: string, frames: Array<[number, number]> = [[0, 1]], frame = 0, onlyCells: [number, number] | null = null): Promise<Rgb[]> {
  const cells = (pick: (c: (typeof CASES)[number]) => string, format: string, prefix: string): string => {
    const sources = CASES.map((c, i) => `color=c=${pick(c)}:s=${CELL}x${CELL}:r=1,format=${format}[${prefix}${i}]`);
    return `${sources.join(';')};${CASES.map((_, i) => `[${prefix}${i}]`).join('')}hstack=inputs=${CASES.length}[${prefix}]`;
  };
  const graph = [
    cells((c) => hex(c.cs, c.alpha), 'gbrap', 'top'),
    cells((c) => hex(c.cb), 'gbrp', 'bottom'),
    ...(onlyCells === null
      ? [blendFilter(mode, { top: 'top', bottom: 'bottom', out: 'blended' }, 't_', frames)]
      : [
          `[top]crop=w=${(onlyCells[1] - onlyCells[0] + 1) * CELL}:h=${CELL}:x=${onlyCells[0] * CELL}:y=0[cut]`,
          blendFilter(mode, { top: 'cut', bottom: 'bottom', out: 'blended' }, 't_', frames, {
            x: onlyCells[0] * CELL,
            y: 0,
            width: (onlyCells[1] - onlyCells[0] + 1) * CELL,
            height: CELL,
          }),
        ]),
    '[blended]format=rgb24[out]',
  ].join(';');
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-filter_complex', graph, '-map', '[out]', '-frames:v', '2', '-f', 'rawvideo', 'pipe:1'], {
    encoding: 'buffer',
    maxBuffer: 1 << 20,
  });
  const width = CELL * CASES.length;
  return CASES.map((_, i) => {
    const offset = (frame * CELL * width + 1 * width + i * CELL + 1) * 3;
    return [stdout[offset], stdout[offset + 1], stdout[offset + 2]] as Rgb;
  });
}

describe('blendFilter', () => {
  it('covers every mode the formulas here define, and refuses an unknown one', () => {
    expect([...CSS_BLEND_MODES].sort()).toEqual([...Object.keys(W3C), 'plus-lighter'].sort());
    expect(() => blendFilter('plus-darker', { top: 'a', bottom: 'b', out: 'c' }, 'x', [[0, 0]])).toThrow(/unsupported/);
  });

  it.each(['multiply', 'hue', 'plus-lighter'])('%s leaves the backdrop as it is on frames where the layer does not show', async (mode) => {
    const [hidden, shown] = await Promise.all([blendCells(mode, [[1, 1]], 0), blendCells(mode, [[1, 1]], 1)]);
    expect(hidden).toEqual(CASES.map((c) => c.cb));
    expect(shown).not.toEqual(CASES.map((c) => c.cb));
  });

  it.each(['screen', 'luminosity', 'plus-lighter'])('%s blended into a region changes that region only, as over the whole canvas', async (mode) => {
    const [whole, region] = await Promise.all([blendCells(mode), blendCells(mode, [[0, 1]], 0, [2, 3])]);
    expect(region).toEqual(CASES.map((c, i) => (i === 2 || i === 3 ? whole[i] : c.cb)));
    expect(region[2]).not.toEqual(CASES[2].cb);
  });

  it.each(CSS_BLEND_MODES.filter((mode) => mode !== 'normal'))('%s gives the W3C result through the layer alpha', async (mode) => {
    const actual = await blendCells(mode);
    CASES.forEach((c, i) => {
      const want = expected(mode, c.cb, c.cs, c.alpha);
      const worst = Math.max(...want.map((v, ch) => Math.abs(v - actual[i][ch])));
      if (worst > 2) throw new Error(`${mode} case ${i}: expected ${want.join(',')}, got ${actual[i].join(',')}`);
    });
  });
});
