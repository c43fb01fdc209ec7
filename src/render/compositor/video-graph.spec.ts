import type { PlanMotion } from '../plan/motion';
import type { PlanMediaLayer, PlanTextLayer, PlanVisualLayer, RenderPlan } from '../plan/render-plan.types';
import { visualLayer } from '../../../test/support/plan-layers';
import { compositePlan } from './composite-plan';
import { clipFrames } from './source-inputs';
import type { VideoSource } from './media-layer-chain';
import { type TextPicture, videoGraph } from './video-graph';

const STILL: PlanMotion = { opacity: null, scale: null, position: null, rotation: null, transitionIn: null, transitionOut: null };
const FADE_IN: PlanMotion = { ...STILL, transitionIn: { type: 'fade', fromFrame: 0, toFrame: 5 } };

/** Sources as large as the canvas, so a layer at scale 0.6 is one `area` resize from them (no mip level). */
const source = (inputIndex: number): VideoSource => ({
  inputIndex,
  size: { width: 320, height: 180 },
  decodeScale: 'scale=in_color_matrix=bt709:in_range=tv',
  clipFrames: (layer, fps) => clipFrames(layer, fps, 0),
});

function graphOf(layers: PlanVisualLayer[], text: TextPicture | null = null): string {
  const plan: RenderPlan = { width: 320, height: 180, fps: 10, durationInFrames: 20, backgroundColor: '#000000', layers, audio: [], subtitles: [], fonts: [] };
  return videoGraph(
    plan,
    compositePlan(plan),
    { videoSource: (l) => source(l.kind === 'image' ? 1 : 0), stillsInput: () => null, textPicture: () => text },
    'vrgb',
  );
}

/** The graph's chains: split at the semicolons outside quotes (a `sendcmd` script has its own). */
const chainsOf = (graph: string): string[] => graph.match(/(?:'[^']*'|[^;'])+/g) ?? [];

const smaller = (over: Partial<PlanMediaLayer> = {}) => visualLayer({ scaleX: 0.6, scaleY: 0.6, offsetX: 20, offsetY: -10, durationInFrames: 20, ...over });
const CLIP_FRAMES = 'tpad=stop_mode=clone:stop=1,fps=fps=10:start_time=0:round=up,tpad=stop_mode=clone:stop=20,trim=end_frame=20';
const RESIZED = 'scale=in_color_matrix=bt709:in_range=tv,format=rgb24,scale=w=192:h=108:flags=area,format=gbrap';

describe('videoGraph', () => {
  it('draws a layer without motion as it always has', () => {
    expect(chainsOf(graphOf([smaller()]))).toEqual([
      `[0:v]${CLIP_FRAMES},${RESIZED}[layer0]`,
      'color=c=#000000:s=320x180:r=10,trim=end_frame=20,format=gbrp[bg]',
      '[bg][layer0]overlay=x=84:y=26:format=gbrp:eof_action=pass[acc0]',
      '[acc0]null[vrgb]',
    ]);
  });

  it('moves a video with motion from its picture at rest, kept packed without alpha, faded once planar, laid where each frame says', () => {
    const chains = chainsOf(graphOf([smaller({ motion: FADE_IN })]));
    expect(chains[0]).toBe(`[0:v]${CLIP_FRAMES},${RESIZED.replace(/format=gbrap$/, 'format=rgb24')}[rest0]`);
    expect(chains[1]).toMatch(/^\[rest0\]format=gbrap,sendcmd=c='[^']*',colorchannelmixer@m0_opacity=aa=0:enable='[^']*'\[layer0\]$/);
    expect(chains).toContain('[bg][layer0]overlay=x=84:y=26:format=gbrp:eof_action=pass[acc0]');
  });

  it('moves a wiped video as a planar picture, its alpha multiplied by the mask of the cut', () => {
    const wiped = smaller({ motion: { ...STILL, transitionIn: { type: 'wipe-right', fromFrame: 0, toFrame: 5 } } });
    const chains = chainsOf(graphOf([wiped]));
    expect(chains[0]).toBe(`[0:v]${CLIP_FRAMES},${RESIZED}[rest0]`);
    expect(chains).toContain('[rest0][m0_cut]blend=c3_mode=multiply[m0_wiped]');
  });

  it('decodes a moving image once, resized premultiplied, and repeats it on the frame grid', () => {
    const image = smaller({ kind: 'image', src: 'http://127.0.0.1:1/logo.png', motion: FADE_IN });
    expect(chainsOf(graphOf([image]))[0]).toBe(
      '[1:v]trim=end_frame=1,scale=in_color_matrix=bt709:in_range=tv,format=gbrap,premultiply=inplace=1,format=rgba,' +
        'scale=w=192:h=108:flags=area,format=gbrap,unpremultiply=inplace=1,loop=loop=19:size=1,settb=AVTB,setpts=(N+0)/(10*TB),fps=10[rest0]',
    );
  });

  it('transforms a still image once and lays only its own frames, at their times', () => {
    const image = smaller({ kind: 'image', src: 'http://127.0.0.1:1/logo.png', fromFrame: 5, durationInFrames: 10 });
    expect(chainsOf(graphOf([image]))).toEqual([
      '[1:v]trim=end_frame=1,scale=in_color_matrix=bt709:in_range=tv,format=gbrap,premultiply=inplace=1,format=rgba,' +
        'scale=w=192:h=108:flags=area,format=gbrap,unpremultiply=inplace=1,loop=loop=9:size=1,settb=AVTB,setpts=(N+5)/(10*TB),fps=10[layer0]',
      'color=c=#000000:s=320x180:r=10,trim=end_frame=20,format=gbrp[bg]',
      '[bg][layer0]overlay=x=84:y=26:format=gbrp:eof_action=pass[acc0]',
      '[acc0]null[vrgb]',
    ]);
  });

  it('spans the timeline with a still image blended in another mode, as the blend pairs it with every frame below', () => {
    const image = smaller({ kind: 'image', src: 'http://127.0.0.1:1/logo.png', fromFrame: 5, durationInFrames: 10, blendMode: 'multiply' });
    expect(chainsOf(graphOf([image]))[0]).toMatch(
      /loop=loop=9:size=1,settb=AVTB,setpts=\(N\+0\)\/\(10\*TB\),fps=10,tpad=start=5:stop=5:color=black@0\[layer0\]$/,
    );
  });

  it("fades and moves a text layer's drawings, read as one picture per frame and cut to where they draw", () => {
    const text = {
      id: 't/1',
      kind: 'text',
      fromFrame: 0,
      durationInFrames: 20,
      style: { anchorX: 160, anchorY: 150 },
      opacity: 1,
      scaleX: 1,
      scaleY: 1,
      rotationDeg: 0,
      blendMode: 'normal',
      motion: FADE_IN,
    } as PlanTextLayer;
    // Box 100x30, its centre 15 px above the anchor: the drawings are moved by (0, 45); their part at (100, 70).
    const picture = {
      inputIndex: 7,
      crop: { x: 100, y: 70, width: 120, height: 40 },
      picture: { size: { width: 120, height: 40 }, box: { width: 100, height: 30 }, scale: { x: 1, y: 1 }, origin: { x: 100, y: 70 } },
    };
    const chains = chainsOf(graphOf([text], picture));
    expect(chains[0]).toBe('[7:v]format=gbrap,crop=w=120:h=40:x=100:y=70,fps=10,trim=end_frame=20,setpts=PTS-STARTPTS[rest0]');
    expect(chains).toContain('[bg][layer0]overlay=x=100:y=115:format=gbrp:eof_action=pass[acc0]');
  });

  it('puts a moving layer with another blend mode on the part of the canvas it sweeps, then blends that part', () => {
    const moving = smaller({
      blendMode: 'screen',
      motion: {
        ...STILL,
        position: [
          { frame: 0, value: { x: 0, y: 0 }, easing: 'linear' },
          { frame: 10, value: { x: 40, y: 0 }, easing: 'linear' },
        ],
      },
    });
    const graph = graphOf([visualLayer({ durationInFrames: 20, fit: 'fill' }), moving]);
    expect(graph).toContain('color=c=black@0:s=232x108:r=10,trim=end_frame=20,format=gbrap[swept1]');
    expect(graph).toMatch(/\[swept1\]\[layer1\]overlay=x='[^']+':y=0:format=gbrp:eof_action=pass\[placed1\]/);
    expect(graph).toContain('[acc0]split[b1_whole][b1_backdrop];[b1_whole]crop=w=232:h=108:x=64:y=36[b1_under]');
  });

  it('leaves a video that covers the canvas without an alpha plane, unless a blend reads it', () => {
    const covering = visualLayer({ durationInFrames: 20, fit: 'fill' });
    const opaque = 'scale=in_color_matrix=bt709:in_range=tv,format=rgb24,format=gbrp';
    expect(chainsOf(graphOf([covering]))[0]).toBe(`[0:v]${CLIP_FRAMES},${opaque},format=gbrp[acc0]`);
    // Over another layer, drawn opaque by `overlay` as before.
    expect(graphOf([smaller(), { ...covering, id: 'v/2' }])).toContain(`${CLIP_FRAMES},${opaque}[layer1]`);
    const blended = graphOf([smaller(), { ...covering, id: 'v/2', blendMode: 'multiply' }]);
    expect(blended).toContain(`${CLIP_FRAMES},scale=in_color_matrix=bt709:in_range=tv,format=rgb24,format=gbrap[layer1]`);
    // Not covering every frame (it starts at frame 5): transparent until then, so it keeps its alpha plane.
    expect(graphOf([{ ...covering, fromFrame: 5, durationInFrames: 15 }])).toContain(`${opaque.replace(/gbrp$/, 'gbrap')},tpad=start=5`);
  });
});
