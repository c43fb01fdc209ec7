import { Audio, interpolate, Sequence } from 'remotion';
import { duckingFactorAt } from '../../src/render/plan/ducking';
import { trackValueAt } from '../../src/render/plan/motion';
import type { PlanAudioLayer } from '../../src/render/plan/render-plan.types';
import { mediaSrc } from './media-src';

/** Linear fades on the clip's own timeline (frame 0 = the clip's start), times the clip's gain (constant or keyframed), times its ducking. */
export function audioGain(layer: PlanAudioLayer, frame: number): number {
  const volume = layer.volumeKeyframes === null ? layer.volume : trackValueAt(layer.volumeKeyframes, layer.fromFrame + frame);
  const end = layer.durationInFrames;
  const fadeIn = layer.fadeInFrames > 0 ? interpolate(frame, [0, layer.fadeInFrames], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' }) : 1;
  const fadeOut =
    layer.fadeOutFrames > 0 ? interpolate(frame, [end - layer.fadeOutFrames, end], [1, 0], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' }) : 1;
  return volume * fadeIn * fadeOut * duckingFactorAt(layer.duckingDb, layer.fromFrame + frame);
}

export const AudioLayer: React.FC<{ layer: PlanAudioLayer }> = ({ layer }) => (
  <Sequence from={layer.fromFrame} durationInFrames={layer.durationInFrames} name={layer.id} layout="none">
    <Audio src={mediaSrc(layer.src)} volume={(f) => audioGain(layer, f)} />
  </Sequence>
);
