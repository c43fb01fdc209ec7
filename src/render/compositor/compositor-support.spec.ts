import type { RenderPlan } from '../plan/render-plan.types';
import { visualLayer } from '../../../test/support/plan-layers';
import { compositorSupport } from './compositor-support';

function plan(width: number, height: number, videos: number, images: number): RenderPlan {
  const layers = [
    ...Array.from({ length: videos }, (_, i) => visualLayer({ id: `v/${i}`, kind: 'video' })),
    ...Array.from({ length: images }, (_, i) => visualLayer({ id: `i/${i}`, kind: 'image' })),
  ];
  return { width, height, fps: 30, durationInFrames: 10, backgroundColor: '#000000', layers, audio: [], subtitles: [], fonts: [] };
}

describe('compositorSupport', () => {
  it('takes up to 32 video layers', () => {
    expect(compositorSupport(plan(1280, 720, 32, 0))).toEqual({ ok: true });
    expect(compositorSupport(plan(1280, 720, 33, 0))).toEqual({ ok: false, reason: '33 video layers (the compositor takes at most 32)' });
  });

  it('takes as many image layers as 1 GiB of canvas-sized pictures holds: 291 at 720p, 32 at 4K', () => {
    expect(compositorSupport(plan(1280, 720, 0, 291))).toEqual({ ok: true });
    expect(compositorSupport(plan(1280, 720, 0, 292))).toEqual({ ok: false, reason: '292 image layers at 1280x720 (the compositor takes at most 291)' });
    expect(compositorSupport(plan(3840, 2160, 0, 32))).toEqual({ ok: true });
    expect(compositorSupport(plan(3840, 2160, 0, 33)).ok).toBe(false);
  });
});
