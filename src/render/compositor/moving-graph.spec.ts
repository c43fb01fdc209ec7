import { evaluateExpression } from '../../../test/support/ffmpeg-expression';
import { num } from './frame-values';
import { moveLayer, type MovingLayerArgs } from './moving-graph';
import type { MovingFrame, RestingPicture } from './moving-layer';

const FPS = 10;
const PICTURE: RestingPicture = { size: { width: 100, height: 50 }, box: { width: 100, height: 50 }, scale: { x: 1, y: 1 } };
const AT_REST: MovingFrame = { opacity: 1, cut: null, size: { width: 100, height: 50 }, flipX: false, flipY: false, rotationDeg: 0, centre: { x: 160, y: 90 } };

function args(frames: Array<Partial<MovingFrame>>, over: Partial<MovingLayerArgs> = {}): MovingLayerArgs {
  return {
    fromFrame: 5,
    frames: frames.map((f) => ({ ...AT_REST, ...f })),
    picture: PICTURE,
    opaqueVideo: false,
    fps: FPS,
    durationInFrames: 20,
    canvas: { width: 320, height: 180 },
    uniq: 'm1_',
    ...over,
  };
}

/** The value an option's expression (quoted or not) takes at the time of `frame`. */
function valueAt(option: string, frame: number, time = 't'): number {
  return evaluateExpression(option.replace(/^'|'$/g, ''), { [time]: frame / FPS });
}

/** An option of a filter in a chain, e.g. option(chain, 'scale', 'w'). */
function option(chain: string, filter: string, name: string): string {
  const args = new RegExp(`(?:^|[,\\]])${filter}=((?:'[^']*'|[^,\\[])*)`).exec(chain)?.[1] ?? '';
  for (const part of args.match(/(?:'[^']*'|[^:])+/g) ?? []) {
    const [key, ...value] = part.split('=');
    if (key === name) return value.join('=');
  }
  throw new Error(`no ${filter} ${name} in ${chain}`);
}

/** The chains moveLayer pushes for `a`. */
function chainsOf(a: MovingLayerArgs): string[] {
  const chains: string[] = [];
  moveLayer(chains, 'rest1', 'layer1', a);
  return chains;
}

describe('moveLayer', () => {
  it('lays a picture that only moves as it is, placed frame by frame, over the timeline', () => {
    const chains: string[] = [];
    const placed = moveLayer(chains, 'rest1', 'layer1', args([{ centre: { x: 60, y: 40 } }, { centre: { x: 70.4, y: 45 } }, { centre: { x: 80, y: 50 } }]));
    expect(chains).toEqual(['[rest1]tpad=start=5:stop=12:color=black@0[layer1]']);
    const at = placed?.at({ x: 0, y: 0 });
    // The corner: the centre less half the picture, rounded; timeline frames 5, 6 and 7.
    expect([5, 6, 7, 8].map((frame) => valueAt(at?.x ?? '', frame))).toEqual([10, 20, 30, 30]);
    expect([5, 6, 7].map((frame) => valueAt(at?.y ?? '', frame))).toEqual([15, 20, 25]);
    expect(placed?.region).toEqual({ x: 10, y: 15, width: 120, height: 60 });
    expect(valueAt(placed?.at({ x: 10, y: 15 }).x ?? '', 7)).toBe(20);
  });

  it("multiplies the alpha by the opacity in the picture's own stream, on the frames that fade, each level sent on its frame", () => {
    const chains: string[] = [];
    moveLayer(chains, 'rest1', 'layer1', args([{ opacity: 0.2 }, { opacity: 0.5 }, {}, {}, { opacity: 0.6 }, {}]));
    expect(chains).toHaveLength(1);
    const [chain] = chains;
    // Half a frame (0.05 s at 10 fps) before each frame whose level changes; frame 0's is the filter's own.
    expect(/^\[rest1\]sendcmd=c='([^']*)',/.exec(chain)?.[1].split(';')).toEqual([
      `0.05 colorchannelmixer@m1_opacity aa ${num(128 / 255)}`,
      '0.15 colorchannelmixer@m1_opacity aa 1',
      `0.35 colorchannelmixer@m1_opacity aa ${num(153 / 255)}`,
      '0.45 colorchannelmixer@m1_opacity aa 1',
    ]);
    expect(option(chain, 'colorchannelmixer@m1_opacity', 'aa')).toBe(num(51 / 255));
    expect([0, 1, 2, 3, 4, 5].map((frame) => valueAt(option(chain, 'colorchannelmixer@m1_opacity', 'enable'), frame))).toEqual([1, 1, 0, 0, 1, 0]);
    expect(chain).toMatch(/:enable='[^']*',tpad=start=5:stop=9:color=black@0\[layer1\]$/);
  });

  it('multiplies the alpha by a mask of the cut, made on the frames that wipe and on the one after', () => {
    const chains: string[] = [];
    moveLayer(chains, 'rest1', 'layer1', args([{}, { cut: { x: 70, y: 0, width: 30, height: 50 } }, { cut: { x: 80, y: 0, width: 20, height: 50 } }, {}, {}]));
    const [mask, blend, rest] = chains;
    expect(blend).toBe('[rest1][m1_cut]blend=c3_mode=multiply[m1_wiped]');
    expect(rest).toBe('[m1_wiped]tpad=start=5:stop=10:color=black@0[layer1]');
    expect(mask).toMatch(
      /^color=c=white:s=1x1:r=10,trim=end_frame=5,select='[^']*',format=gbrap,scale=w=100:h=50:flags=neighbor,pad=w=200:h=50:color=black@0,swaprect=/,
    );
    expect(mask).toMatch(/,swaprect=.*:x2=100:y2=0,crop=w=100:h=50:x=0:y=0\[m1_cut\]$/);
    const made = /select='([^']*)'/.exec(mask)?.[1] ?? '';
    expect([0, 1, 2, 3, 4].map((frame) => valueAt(made, frame))).toEqual([0, 1, 1, 1, 0]);
    expect(['w', 'h', 'x1', 'y1'].map((name) => valueAt(option(mask, 'swaprect', name), 1))).toEqual([30, 50, 70, 0]);
    expect(valueAt(option(mask, 'swaprect', 'w'), 2)).toBe(20);
    expect(valueAt(option(mask, 'swaprect', 'w'), 3)).toBe(0);
  });

  it('refuses to cut an opaque video, which is kept without an alpha of its own', () => {
    expect(() => moveLayer([], 'rest1', 'layer1', args([{ cut: { x: 0, y: 0, width: 10, height: 50 } }], { opaqueVideo: true }))).toThrow(/never cut/);
  });

  it('fades an opaque video, packed without alpha, once it is planar: after its resize, or before it is premultiplied to turn', () => {
    const fading = [{ opacity: 0.5, size: { width: 50, height: 25 } }, {}];
    const [resized] = chainsOf(args(fading, { opaqueVideo: true }));
    expect(resized).toMatch(
      /^\[rest1\]scale=w='[^']+':h='[^']+':eval=frame:flags=bilinear:threads=1,format=gbrap,sendcmd=c='[^']*',colorchannelmixer@m1_opacity=/,
    );
    const [turned] = chainsOf(args([{ ...fading[0], rotationDeg: 10 }, {}], { opaqueVideo: true }));
    expect(turned).toMatch(/^\[rest1\]format=gbrap,sendcmd=c='[^']*',colorchannelmixer@m1_opacity=aa=[^:]+:enable='[^']*',premultiply=inplace=1,scale=/);
    expect(turned).not.toMatch(/unpremultiply=inplace=1,.*format=gbrap/);
  });

  it('resizes each frame in a premultiplied picture with alpha, centred in a frame of the largest size', () => {
    const chains: string[] = [];
    const placed = moveLayer(
      chains,
      'rest1',
      'layer1',
      args([{ size: { width: 50, height: 25 } }, { size: { width: 75, height: 37 } }, {}], { opaqueVideo: false }),
    );
    const [chain] = chains;
    expect(chain).toMatch(/^\[rest1\]premultiply=inplace=1,scale=w='[^']+':h='[^']+':eval=frame:flags=bilinear:threads=1,/);
    expect(chain).toMatch(
      /,pad=w=100:h=50:x=\(ow-iw\)\/2:y=\(oh-ih\)\/2:color=black@0:eval=frame,unpremultiply=inplace=1,tpad=start=5:stop=12:color=black@0\[layer1\]$/,
    );
    expect([0, 1, 2].map((frame) => [valueAt(option(chain, 'scale', 'w'), frame), valueAt(option(chain, 'scale', 'h'), frame)])).toEqual([
      [50, 25],
      [75, 37],
      [100, 50],
    ]);
    // The 75x37 picture sits at (12, 6) in the 100x50 frame: its centre (49.5, 24.5) on the canvas's (160, 90).
    expect(valueAt(placed?.at({ x: 0, y: 0 }).x ?? '', 6)).toBe(Math.round(160 - 49.5));
  });

  it('turns each frame into the largest bound of all, padded to sample it on whole pixels, flipping first where the scale is negative', () => {
    const chains: string[] = [];
    moveLayer(
      chains,
      'rest1',
      'layer1',
      args([
        { rotationDeg: 0, flipX: true },
        { rotationDeg: 90, flipX: true },
      ]),
    );
    const [chain] = chains;
    // 100x50, 2 px of edge and one more, so either side differs from 103 by an even number: sampled on whole pixels.
    expect(chain).toMatch(
      /^\[rest1\]premultiply=inplace=1,hflip,pad=w='iw\+2\+mod\(103-iw,2\)':h='ih\+2\+mod\(103-ih,2\)':x=1:y=1:color=black@0:eval=frame,rotate=a='[^']+':ow=103:oh=103:c=black@0:bilinear=1,/,
    );
    expect(valueAt(option(chain, 'rotate', 'a'), 1)).toBeCloseTo(Math.PI / 2, 5);
  });

  it('draws nothing for a layer that never reaches the canvas', () => {
    const chains: string[] = [];
    expect(moveLayer(chains, 'rest1', 'layer1', args([{ centre: { x: -200, y: 90 } }]))).toBeNull();
    expect(chains).toEqual([]);
  });
});
