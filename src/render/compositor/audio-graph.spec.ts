import { audioGain } from '../../../composition/timeline/AudioLayer';
import type { PlanAudioLayer, PlanMediaLayer, RenderPlan } from '../plan/render-plan.types';
import { audioGraph, tableGain, type AudioInput } from './audio-graph';
import { evaluateExpression } from '../../../test/support/ffmpeg-expression';
import { visualLayer } from '../../../test/support/plan-layers';

const FPS = 10;

function plan(audio: PlanAudioLayer[], layers: PlanMediaLayer[] = [], durationInFrames = 30): RenderPlan {
  return { width: 160, height: 90, fps: FPS, durationInFrames, backgroundColor: '#000000', layers, audio, subtitles: [], fonts: [] };
}

function audioLayer(over: Partial<PlanAudioLayer> = {}): PlanAudioLayer {
  return {
    id: 'a/1',
    src: 'http://m/tone.wav',
    fromFrame: 3,
    durationInFrames: 14,
    volume: 1,
    volumeKeyframes: null,
    fadeInFrames: 0,
    fadeOutFrames: 0,
    duckingDb: null,
    ...over,
  };
}

function videoLayer(over: Partial<PlanMediaLayer> = {}): PlanMediaLayer {
  return visualLayer({ src: 'http://m/clip.mp4', fromFrame: 10, ...over });
}

const inputs: Record<string, AudioInput> = {
  'http://m/tone.wav': { inputIndex: 0, hasAudio: true },
  'http://m/clip.mp4': { inputIndex: 1, hasAudio: true },
  'http://m/mute.mp4': { inputIndex: 2, hasAudio: false },
};
const inputOf = (src: string): AudioInput => inputs[src];

function chains(graph: string): string[] {
  return graph.split(';');
}

/** The `volume` expression of the graph's only varying gain, evaluated as ffmpeg does at time t. */
function volumeAt(graph: string): (t: number) => number {
  const match = /volume='([^']+)':eval=frame/.exec(graph);
  if (match === null) throw new Error('no varying volume in graph');
  return (t) => evaluateExpression(match[1], { t });
}

/** How far apart two gains are, in dB. */
function dbApart(a: number, b: number): number {
  return Math.abs(20 * Math.log10(a / b));
}

/** What Remotion's ffmpeg-volume-expression makes of a varying per-frame volume. */
function remotionStep(volume: number): number {
  return Number((Math.round(volume * 97) / 97).toFixed(3));
}

describe('audioGraph', () => {
  it('writes a silent 48 kHz stereo bed of exactly the timeline length when nothing sounds', () => {
    const graph = audioGraph(plan([], [], 25), inputOf, 'aout');
    expect(chains(graph)).toEqual([
      'anullsrc=r=48000:cl=stereo,atrim=end_sample=120000[aubed]',
      '[aubed]amix=inputs=1:duration=first:dropout_transition=0:normalize=0,aformat=sample_fmts=s16:sample_rates=48000:channel_layouts=stereo[aout]',
    ]);
  });

  it('places a clip at its start, cut after its duration, with a constant gain as a plain volume', () => {
    const graph = audioGraph(plan([audioLayer({ volume: 0.8 })]), inputOf, 'aout');
    expect(graph).toContain(
      '[0:a]aresample=48000:first_pts=0,aformat=sample_fmts=s16:sample_rates=48000,' +
        'atrim=start_sample=0:end_sample=67200,volume=0.8,aformat=sample_fmts=s16:channel_layouts=stereo,' +
        'asetpts=PTS-STARTPTS,adelay=delays=14400S:all=1[auvoice0]',
    );
    expect(graph).toContain('[aubed][auvoice0]amix=inputs=2:duration=first:dropout_transition=0:normalize=0,');
  });

  it('leaves out the volume filter at unity gain', () => {
    expect(audioGraph(plan([audioLayer()]), inputOf, 'aout')).not.toContain('volume');
  });

  it('starts a faded-in clip one frame late, as Remotion drops the frame whose volume is 0', () => {
    const graph = audioGraph(plan([audioLayer({ volume: 0.8, fadeInFrames: 5, fadeOutFrames: 5 })]), inputOf, 'aout');
    expect(graph).toContain('atrim=start_sample=4800:end_sample=67200');
    expect(graph).toContain('adelay=delays=19200S:all=1');
  });

  it("steps the fades per frame exactly as the composition's audioGain, rounded as Remotion rounds them", () => {
    const layer = audioLayer({ volume: 0.8, fadeInFrames: 5, fadeOutFrames: 4, durationInFrames: 14 });
    const gain = volumeAt(audioGraph(plan([layer]), inputOf, 'aout'));
    for (let frame = 1; frame < layer.durationInFrames; frame++) {
      const expected = remotionStep(audioGain(layer, frame));
      // Each frame's value holds from half a frame before it to half a frame after it.
      expect(gain((frame - 0.49) / FPS)).toBeCloseTo(expected, 9);
      expect(gain(frame / FPS)).toBeCloseTo(expected, 9);
      expect(gain((frame + 0.49) / FPS)).toBeCloseTo(expected, 9);
    }
    // Past the last frame the last value holds (Remotion pads its volume table by one).
    expect(gain((layer.durationInFrames - 0.2) / FPS)).toBeCloseTo(remotionStep(audioGain(layer, layer.durationInFrames - 1)), 9);
  });

  it("follows volume keyframes frame by frame as the composition's audioGain does, fades included, rounded to 0.05 dB", () => {
    const layer = audioLayer({
      fromFrame: 3,
      durationInFrames: 20,
      fadeOutFrames: 4,
      // Timeline frames: 1.0 until the clip's frame 2, eased down to 0.2 at its frame 12, then a jump to 0.6 at 16.
      volumeKeyframes: [
        { frame: 5, value: 1, easing: 'linear' },
        { frame: 15, value: 0.2, easing: 'ease-in-out' },
        { frame: 19, value: 0.6, easing: 'hold' },
      ],
    });
    const graph = audioGraph(plan([layer]), inputOf, 'aout');
    const gain = volumeAt(graph);
    for (let frame = 0; frame < layer.durationInFrames; frame++) {
      const expected = tableGain(audioGain(layer, frame));
      expect([frame, gain((frame - 0.49) / FPS)]).toEqual([frame, expected]);
      expect([frame, gain((frame + 0.49) / FPS)]).toEqual([frame, expected]);
      expect(dbApart(expected, audioGain(layer, frame))).toBeLessThanOrEqual(0.025 + 1e-9);
    }
    expect(gain(13 / FPS)).toBeCloseTo(0.2, 2);
    expect(gain(16 / FPS)).toBeCloseTo(0.6, 2);
    // Applied to blocks of 5 ms, whatever size of frames the decoder gives.
    expect(graph).toContain(`asetnsamples=n=240:p=0,volume='`);
    expect(graph).toContain('atrim=start_sample=0:end_sample=96000');
  });

  it("mixes a video clip's own sound at the layer's volume and skips sources without sound", () => {
    const graph = audioGraph(
      plan([], [videoLayer(), videoLayer({ id: 'v/2', src: 'http://m/mute.mp4' }), videoLayer({ id: 'v/3', kind: 'image', src: 'http://m/still.png' })]),
      (src) => inputs[src] ?? { inputIndex: 9, hasAudio: true },
      'aout',
    );
    expect(graph).toContain('[1:a]aresample=48000:first_pts=0,aformat=sample_fmts=s16:sample_rates=48000,atrim=start_sample=0:end_sample=48000,');
    expect(graph).toContain('adelay=delays=48000S:all=1[auvoice0]');
    expect(graph).not.toContain('[2:a]');
    expect(graph).not.toContain('[9:a]');
    expect(graph).toContain('amix=inputs=2:');
  });

  it('registers no sound for a clip at volume 0, as Remotion does', () => {
    const graph = audioGraph(plan([audioLayer({ volume: 0 })], [videoLayer({ volume: 0 })]), inputOf, 'aout');
    expect(graph).not.toContain(':a]');
    expect(graph).toContain('amix=inputs=1:');
  });

  it('splits a source used by several clips, one branch per use', () => {
    const graph = audioGraph(
      plan([audioLayer({ id: 'a/1', fromFrame: 0 }), audioLayer({ id: 'a/2', fromFrame: 15, volume: 0.5 })], [videoLayer()]),
      inputOf,
      'mix',
    );
    expect(graph).toContain('[0:a]asplit=2[ausrc0_0][ausrc0_1]');
    expect(graph).toContain('[ausrc0_0]aresample=48000');
    expect(graph).toContain('[ausrc0_1]aresample=48000');
    expect(graph).toContain('[1:a]aresample=48000');
    expect(graph).toMatch(/\[aubed\]\[auvoice0\]\[auvoice1\]\[auvoice2\]amix=inputs=4:.*\[mix\]$/);
  });

  describe('with ducking', () => {
    // Timeline frames: full gain until 6, down 12 dB by 8, held until 12, back by 16.
    const duckingDb = [
      { frame: 0, value: 0, easing: 'linear' as const },
      { frame: 6, value: 0, easing: 'linear' as const },
      { frame: 8, value: -12, easing: 'linear' as const },
      { frame: 12, value: -12, easing: 'linear' as const },
      { frame: 16, value: 0, easing: 'linear' as const },
    ];

    it("multiplies an audio clip's fades and keyframes by the ducking, frame by frame as the composition's audioGain does", () => {
      const layer = audioLayer({ fromFrame: 3, durationInFrames: 20, volume: 0.9, fadeOutFrames: 4, duckingDb });
      const gain = volumeAt(audioGraph(plan([layer]), inputOf, 'aout'));
      for (let frame = 0; frame < layer.durationInFrames; frame++) {
        const expected = tableGain(audioGain(layer, frame));
        expect([frame, gain((frame - 0.49) / FPS)]).toEqual([frame, expected]);
        expect([frame, gain((frame + 0.49) / FPS)]).toEqual([frame, expected]);
      }
      // Clip frame 7 = timeline frame 10, in the hold: 0.9 x -12 dB.
      expect(dbApart(gain(7 / FPS), 0.9 * 10 ** (-12 / 20))).toBeLessThanOrEqual(0.025);
      // Clip frame 1 = timeline frame 4, before the attack.
      expect(dbApart(gain(1 / FPS), 0.9)).toBeLessThanOrEqual(0.025);
    });

    it('ducks a quiet clip by the whole amount: 40 dB under a volume of 0.5 is 0.005, not silence', () => {
      const deep = [
        { frame: 0, value: 0, easing: 'linear' as const },
        { frame: 5, value: -40, easing: 'linear' as const },
      ];
      const layer = audioLayer({ fromFrame: 0, durationInFrames: 20, volume: 0.5, duckingDb: deep });
      const gain = volumeAt(audioGraph(plan([layer]), inputOf, 'aout'));
      expect(dbApart(gain(10 / FPS), 0.005)).toBeLessThanOrEqual(0.025);
    });

    it("ducks a video clip's own sound with the same table", () => {
      const graph = audioGraph(plan([], [videoLayer({ fromFrame: 2, durationInFrames: 20, volume: 1, duckingDb })]), inputOf, 'aout');
      const gain = volumeAt(graph);
      // Layer frame 8 = timeline frame 10 (held), layer frame 2 = timeline frame 4 (not yet), layer frame 12 = timeline 14 (half way back).
      expect(gain(8 / FPS)).toBeCloseTo(10 ** (-12 / 20), 4);
      expect(gain(2 / FPS)).toBe(1);
      expect(gain(12 / FPS)).toBeCloseTo(10 ** (-6 / 20), 4);
    });

    it('keeps a constant gain for a clip without ducking', () => {
      expect(audioGraph(plan([audioLayer({ volume: 0.8 })]), inputOf, 'aout')).toContain('volume=0.8,');
    });
  });

  it('sums without normalising and clips only where Remotion writes 16-bit PCM', () => {
    const graph = audioGraph(plan([audioLayer({ volume: 3 })]), inputOf, 'aout');
    expect(graph).toContain('normalize=0');
    expect(graph).toContain('volume=3,aformat=sample_fmts=s16:channel_layouts=stereo');
    expect(graph).toMatch(/amix=[^;]*,aformat=sample_fmts=s16:[^;]*\[aout\]$/);
  });
});
