import type { PlanAudioLayer, PlanMediaLayer } from '../../src/render/plan/render-plan.types';

/** A plan's visual layer drawn as it is (contained, unscaled, opaque, unmoved, unblended), with `over` applied. */
export function visualLayer(over: Partial<PlanMediaLayer> = {}): PlanMediaLayer {
  return {
    id: 'v/1',
    kind: 'video',
    src: 'http://127.0.0.1:1/v/1',
    fromFrame: 0,
    durationInFrames: 10,
    fit: 'contain',
    scaleX: 1,
    scaleY: 1,
    opacity: 1,
    offsetX: 0,
    offsetY: 0,
    rotationDeg: 0,
    blendMode: 'normal',
    layerType: 'foreground',
    blurPx: 0,
    volume: 1,
    mediaSize: null,
    motion: null,
    duckingDb: null,
    ...over,
  };
}

/** A plan's audio layer at unity gain, without fades, keyframes or ducking, with `over` applied. */
export function audioLayer(over: Partial<PlanAudioLayer> = {}): PlanAudioLayer {
  return {
    id: 'a/1',
    src: 'http://127.0.0.1:1/a/1',
    fromFrame: 0,
    durationInFrames: 10,
    volume: 1,
    volumeKeyframes: null,
    fadeInFrames: 0,
    fadeOutFrames: 0,
    duckingDb: null,
    ...over,
  };
}
