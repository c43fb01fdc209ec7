import type { CSSProperties } from 'react';
import { Img, OffthreadVideo, Sequence, useVideoConfig } from 'remotion';
import type { PlanVisualLayer } from '../../src/render/plan/render-plan.types';
import { mediaSrc } from './media-src';

/**
 * The element fills the canvas and `object-fit` places the media inside it; the
 * wrapper then scales (around the centre), rotates and offsets that box. Opacity,
 * blend mode and blur sit on the one wrapper so the layer blends, as a whole,
 * with everything painted below it.
 */
function wrapperStyle(layer: PlanVisualLayer): CSSProperties {
  return {
    position: 'absolute',
    inset: 0,
    transform: `translate(${layer.offsetX}px, ${layer.offsetY}px) rotate(${layer.rotationDeg}deg) scale(${layer.scaleX}, ${layer.scaleY})`,
    opacity: layer.opacity,
    mixBlendMode: layer.blendMode as CSSProperties['mixBlendMode'],
    filter: layer.blurPx > 0 ? `blur(${layer.blurPx}px)` : undefined,
  };
}

function mediaStyle(layer: PlanVisualLayer): CSSProperties {
  return { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: layer.fit };
}

export const VisualLayer: React.FC<{ layer: PlanVisualLayer }> = ({ layer }) => {
  const { fps } = useVideoConfig();
  const src = mediaSrc(layer.src);
  return (
    <Sequence from={layer.fromFrame} durationInFrames={layer.durationInFrames} premountFor={fps} name={layer.id}>
      <div style={wrapperStyle(layer)}>
        {layer.kind === 'video' ? <OffthreadVideo src={src} volume={layer.volume} style={mediaStyle(layer)} /> : <Img src={src} style={mediaStyle(layer)} />}
      </div>
    </Sequence>
  );
};
