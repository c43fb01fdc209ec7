/**
 * The subtitle layer through the real pipeline: bundle, Remotion, Chromium,
 * ffmpeg. Fonts load through usePlanFonts (delayRender) before capture; cues
 * appear only on their frames.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { planTimeline } from '../../../src/render/plan/timeline-planner';
import type { RemotionRenderer } from '../../../src/render/remotion-renderer';
import { ensureBundle, newRenderer, output, readFrame, tempOut, type Frame } from '../render/render-fixtures';

jest.setTimeout(300_000);

const OUT = output(480, 270, 10);

// Bound once: a global lookup of `Math` inside jest's sandbox is slow in per-pixel loops.
const { abs } = Math;

function inkPixels(frame: Frame): number {
  const [r0, g0, b0] = [frame.data[0], frame.data[1], frame.data[2]];
  let n = 0;
  for (let i = 0; i < frame.data.length; i += 3) {
    if (abs(frame.data[i] - r0) + abs(frame.data[i + 1] - g0) + abs(frame.data[i + 2] - b0) > 60) n += 1;
  }
  return n;
}

describe('subtitles rendered by Remotion', () => {
  let renderer: RemotionRenderer;
  let outPath: string;
  let noFontsPath: string;

  beforeAll(async () => {
    await ensureBundle();
    const clip = { id: 'c', media_url: 'https://m.example/s.srt', start_time_ms: 0, end_time_ms: 2000, properties: { preset: 'douyin' as const } };
    const plan = planTimeline({
      timeline: { duration_ms: 2000, tracks: [{ id: 'subs', type: 'subtitle', clips: [clip] }] },
      output: OUT,
      resolveMediaSrc: () => {
        throw new Error('no media in this plan');
      },
      readSubtitleFile: () => '1\n00:00:00,000 --> 00:00:00,600\n中文字幕 日本語 한국어 Latin\n\n2\n00:00:01,200 --> 00:00:01,800\n第二句\n',
    });
    renderer = newRenderer();
    outPath = await tempOut(join(tmpdir(), 'subtitle-it'), `subs-${process.pid}.mp4`);
    await renderer.renderVideo({ plan, output: OUT, outPath, onProgress: () => undefined });
    // The same plan without its faces: Chromium falls back to system fonts (and boxes for CJK).
    noFontsPath = await tempOut(join(tmpdir(), 'subtitle-it'), `subs-nofonts-${process.pid}.mp4`);
    await renderer.renderVideo({ plan: { ...plan, fonts: [] }, output: OUT, outPath: noFontsPath, onProgress: () => undefined });
  });

  afterAll(async () => {
    await renderer?.close();
  });

  it('draws each cue on its frames and nothing between cues', async () => {
    const [first, gap, second] = await Promise.all([readFrame(outPath, 3), readFrame(outPath, 9), readFrame(outPath, 14)]);
    expect(inkPixels(first)).toBeGreaterThan(1500);
    expect(inkPixels(second)).toBeGreaterThan(300);
    expect(inkPixels(gap)).toBe(0);
  });

  it("draws with the plan's faces, loaded before the frame is captured", async () => {
    const [withFonts, withoutFonts] = await Promise.all([readFrame(outPath, 3), readFrame(noFontsPath, 3)]);
    let differing = 0;
    for (let i = 0; i < withFonts.data.length; i += 1) if (abs(withFonts.data[i] - withoutFonts.data[i]) > 60) differing += 1;
    expect(differing).toBeGreaterThan(500);
  });
});
