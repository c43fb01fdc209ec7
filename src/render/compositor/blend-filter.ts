/**
 * CSS `mix-blend-mode` as ffmpeg filters, with the W3C Compositing formulas
 * (https://www.w3.org/TR/compositing-1/#blending) on gamma-encoded sRGB, as
 * Chromium blends. ffmpeg's own `blend` modes are not used: several differ from
 * CSS (its softlight, which of overlay/hardlight looks at which input), and it
 * ignores the top layer's alpha.
 *
 * The backdrop is always opaque (the canvas starts with the background colour),
 * so a layer with alpha `as` gives (1 - as) * Cb + as * B(Cb, Cs): the mode's
 * result B is computed on the colours, then laid over the backdrop through the
 * layer's own alpha. `plus-lighter` is a compositing operator rather than a
 * blend, Cb + as * Cs clamped, so it adds the premultiplied layer instead.
 */

/** Separable modes: one expression per channel over x = Cs (the layer) and y = Cb (the backdrop), 0..255. */
const SEPARABLE: Readonly<Record<string, string>> = {
  multiply: 'x*y/255',
  screen: 'x+y-x*y/255',
  // overlay(Cb, Cs) is hard-light with the roles swapped: the backdrop decides.
  overlay: 'if(lte(y,127.5),2*x*y/255,255-2*(255-x)*(255-y)/255)',
  darken: 'min(x,y)',
  lighten: 'max(x,y)',
  'color-dodge': 'if(eq(y,0),0,if(eq(x,255),255,min(255,255*y/(255-x))))',
  'color-burn': 'if(eq(y,255),255,if(eq(x,0),0,255-min(255,255*(255-y)/x)))',
  'hard-light': 'if(lte(x,127.5),2*x*y/255,255-2*(255-x)*(255-y)/255)',
  'soft-light': 'if(lte(x,127.5),y-(255-2*x)*y*(255-y)/65025,' + 'y+(2*x-255)*(if(lte(y,63.75),((16*y/255-12)*y/255+4)*y,sqrt(y/255)*255)-y)/255)',
  difference: 'abs(x-y)',
  exclusion: 'x+y-2*x*y/255',
};

const NON_SEPARABLE = new Set(['hue', 'saturation', 'color', 'luminosity']);

/** Every `mix-blend-mode` the compositor draws as the browser does. */
export const CSS_BLEND_MODES: readonly string[] = ['normal', 'plus-lighter', ...Object.keys(SEPARABLE), ...NON_SEPARABLE];

export interface BlendLabels {
  /** The layer, gbrap with straight alpha: canvas-sized, or the size of the region it is blended into. */
  top: string;
  /** What lies below it, canvas-sized, gbrp. */
  bottom: string;
  /** The result, gbrp. */
  out: string;
}

const lum = (r: string, g: string, b: string): string => `(0.3*${r}+0.59*${g}+0.11*${b})`;
const min3 = (a: string, b: string, c: string): string => `min(min(${a},${b}),${c})`;
const max3 = (a: string, b: string, c: string): string => `max(max(${a},${b}),${c})`;
const ld = (i: number): string => `ld(${i})`;

/**
 * One `geq` expression for output channel `channel` (0 r, 1 g, 2 b) of a
 * non-separable mode, evaluated on the layer's colours (left half) stacked
 * beside the backdrop's (right half). Variables: 0-2 the working colour C,
 * 3 the target luminosity, 4-5 min/max, 6-9 scratch.
 */
function nonSeparableExpression(mode: string, channel: number): string {
  const steps: string[] = ['st(0,r(X,Y))', 'st(1,g(X,Y))', 'st(2,b(X,Y))', 'st(3,r(X+W/2,Y))', 'st(4,g(X+W/2,Y))', 'st(5,b(X+W/2,Y))'];
  const [s, b] = [
    [ld(0), ld(1), ld(2)],
    [ld(3), ld(4), ld(5)],
  ] as const;
  // SetSat(C, sat) into 0-2, where C is s (source) or b (backdrop); then the target luminosity into 3.
  const setSat = (c: readonly string[], sat: string, targetLum: string): string[] => [
    `st(6,${sat})`,
    `st(7,${targetLum})`,
    `st(8,${min3(c[0], c[1], c[2])})`,
    `st(9,${max3(c[0], c[1], c[2])})`,
    ...[0, 1, 2].map((i) => `st(${i},if(gt(ld(9),ld(8)),(${c[i]}-ld(8))*ld(6)/(ld(9)-ld(8)),0))`),
    'st(3,ld(7))',
  ];
  switch (mode) {
    case 'hue': // SetLum(SetSat(Cs, Sat(Cb)), Lum(Cb))
      steps.push(...setSat(s, `${max3(b[0], b[1], b[2])}-${min3(b[0], b[1], b[2])}`, lum(b[0], b[1], b[2])));
      break;
    case 'saturation': // SetLum(SetSat(Cb, Sat(Cs)), Lum(Cb))
      steps.push(...setSat(b, `${max3(s[0], s[1], s[2])}-${min3(s[0], s[1], s[2])}`, lum(b[0], b[1], b[2])));
      break;
    case 'color': // SetLum(Cs, Lum(Cb))
      steps.push(`st(3,${lum(b[0], b[1], b[2])})`);
      break;
    case 'luminosity': // SetLum(Cb, Lum(Cs))
      steps.push(`st(6,${lum(s[0], s[1], s[2])})`, 'st(0,ld(3))', 'st(1,ld(4))', 'st(2,ld(5))', 'st(3,ld(6))');
      break;
    default:
      throw new Error(`not a non-separable blend mode: ${mode}`);
  }
  // SetLum: shift C to the target luminosity, then ClipColor back into range.
  steps.push(
    `st(6,ld(3)-${lum(ld(0), ld(1), ld(2))})`,
    'st(0,ld(0)+ld(6))',
    'st(1,ld(1)+ld(6))',
    'st(2,ld(2)+ld(6))',
    `st(4,${min3(ld(0), ld(1), ld(2))})`,
    `st(5,${max3(ld(0), ld(1), ld(2))})`,
    `st(6,${ld(channel)})`,
    'st(6,if(lt(ld(4),0),ld(3)+(ld(6)-ld(3))*ld(3)/(ld(3)-ld(4)),ld(6)))',
    'clip(if(gt(ld(5),255),ld(3)+(ld(6)-ld(3))*(255-ld(3))/(ld(5)-ld(3)),ld(6))+0.5,0,255)',
  );
  return steps.join(';');
}

/** Where on the canvas a layer smaller than the canvas is blended. */
export interface BlendRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Filter-graph text that blends [top] onto [bottom] with `mode` into [out]; `uniq` prefixes its inner labels.
 * The blend runs only on the `frames` (first and last, inclusive) where the layer shows: elsewhere the
 * backdrop passes through untouched instead of paying for a per-pixel expression on a transparent layer.
 * With a `region`, [top] is that rectangle of the canvas and only the backdrop under it is blended: outside
 * a layer, the result is the backdrop whatever the mode.
 */
export function blendFilter(
  mode: string,
  labels: BlendLabels,
  uniq: string,
  frames: ReadonlyArray<readonly [number, number]>,
  region: BlendRegion | null = null,
): string {
  const { top, bottom, out } = labels;
  const enable = `enable='${frames.map(([first, last]) => `between(n,${first},${last})`).join('+')}'`;
  const l = (name: string): string => `[${uniq}${name}]`;
  const at = region === null ? '' : `x=${region.x}:y=${region.y}:`;
  // [under]: the backdrop the layer covers, to blend with; [backdrop]: the picture the result is laid back onto.
  const cut =
    region === null
      ? `[${bottom}]split${l('under')}${l('backdrop')}`
      : `[${bottom}]split${l('whole')}${l('backdrop')};${l('whole')}crop=w=${region.width}:h=${region.height}:x=${region.x}:y=${region.y}${l('under')}`;
  if (mode === 'plus-lighter') {
    const add = `[${top}]premultiply=inplace=1,format=gbrp${l('add')}`;
    const sum = `lut2=c0='min(255,x+y)':c1='min(255,x+y)':c2='min(255,x+y)':${enable}`;
    if (region === null) return `${add};[${bottom}]${l('add')}${sum}[${out}]`;
    return [
      add,
      cut,
      `${l('under')}${l('add')}${sum}${l('sum')}`,
      `${l('backdrop')}${l('sum')}overlay=${at}format=gbrp:eof_action=pass:${enable}[${out}]`,
    ].join(';');
  }
  let mixed: string;
  if (SEPARABLE[mode] !== undefined) {
    const e = `'${SEPARABLE[mode]}'`;
    // x is the first input (the layer), y the second (the backdrop).
    mixed = `${l('colour')}${l('under')}lut2=c0=${e}:c1=${e}:c2=${e}:${enable}${l('mixed')}`;
  } else if (NON_SEPARABLE.has(mode)) {
    const [r, g, b] = [0, 1, 2].map((c) => `'${nonSeparableExpression(mode, c)}'`);
    mixed = `${l('colour')}${l('under')}hstack,geq=r=${r}:g=${g}:b=${b}:${enable},crop=w=iw/2:h=ih:x=0:y=0${l('mixed')}`;
  } else {
    throw new Error(`unsupported blend mode: ${mode}`);
  }
  return [
    `[${top}]split${l('colourA')}${l('alphaA')}`,
    `${l('colourA')}format=gbrp${l('colour')}`,
    `${l('alphaA')}alphaextract${l('alpha')}`,
    cut,
    mixed,
    `${l('mixed')}${l('alpha')}alphamerge${l('blended')}`,
    `${l('backdrop')}${l('blended')}overlay=${at}format=gbrp:eof_action=pass:${enable}[${out}]`,
  ].join(';');
}
