import type { CSSProperties } from 'react';
import { Img, OffthreadVideo, Sequence, useCurrentFrame, useVideoConfig } from 'remotion';
import { duckingFactorAt } from '../../src/render/plan/ducking';
import { mediaLayerFrame, unscaledBoxSize } from '../../src/render/plan/layer-frame';
import type { Insets } from '../../src/render/plan/motion';
import type { PlanMediaLayer } from '../../src/render/plan/render-plan.types';
import { mediaSrc } from './media-src';

type Canvas = { width: number; height: number };

/**
 * The element fills the canvas and `object-fit` places the media inside it; the
 * wrapper then scales (around the centre), rotates and offsets that box. Opacity,
 * blend mode and blur sit on the one wrapper so the layer blends, as a whole,
 * with everything painted below it.
 */
function wrapperStyle(layer: PlanMediaLayer): CSSProperties {
  return {
    position: 'absolute',
    inset: 0,
    transform: `translate(${layer.offsetX}px, ${layer.offsetY}px) rotate(${layer.rotationDeg}deg) scale(${layer.scaleX}, ${layer.scaleY})`,
    opacity: layer.opacity,
    mixBlendMode: layer.blendMode as CSSProperties['mixBlendMode'],
    filter: layer.blurPx > 0 ? `blur(${layer.blurPx}px)` : undefined,
  };
}

/**
 * A wipe's cut as a clip of the wrapper, in its own (untransformed) pixels, where
 * the drawn box sits centred; a side nothing is cut from is not clipped at all.
 */
export function wipeClip(cut: Insets, box: Canvas, canvas: Canvas): string | undefined {
  if (cut.left === 0 && cut.top === 0 && cut.right === 0 && cut.bottom === 0) return undefined;
  const side = (fraction: number, boxLength: number, canvasLength: number): string =>
    fraction === 0 ? '-100%' : `${(canvasLength - boxLength) / 2 + fraction * boxLength}px`;
  return `inset(${side(cut.top, box.height, canvas.height)} ${side(cut.right, box.width, canvas.width)} ${side(cut.bottom, box.height, canvas.height)} ${side(cut.left, box.width, canvas.width)})`;
}

/** The wrapper at the current frame of a layer that has keyframes or transitions. */
function movingWrapperStyle(layer: PlanMediaLayer, timelineFrame: number, canvas: Canvas): CSSProperties {
  const at = mediaLayerFrame(layer, timelineFrame, canvas);
  return {
    ...wrapperStyle(layer),
    transform: `translate(${at.offset.x}px, ${at.offset.y}px) rotate(${at.rotationDeg}deg) scale(${at.scale.x}, ${at.scale.y})`,
    opacity: at.opacity,
    clipPath: wipeClip(at.cut, unscaledBoxSize(layer, canvas), canvas),
  };
}

/** A video's sound: its volume, times its ducking (a function of the layer's frame) where it ducks. */
function videoVolume(layer: PlanMediaLayer): number | ((frame: number) => number) {
  const ducking = layer.duckingDb;
  return ducking === null ? layer.volume : (f) => layer.volume * duckingFactorAt(ducking, layer.fromFrame + f);
}

function mediaStyle(layer: PlanMediaLayer): CSSProperties {
  return { position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: layer.fit };
}

const LayerContent: React.FC<{ layer: PlanMediaLayer }> = ({ layer }) => {
  const frame = useCurrentFrame();
  const { width, height } = useVideoConfig();
  const src = mediaSrc(layer.src);
  const style = layer.motion === null ? wrapperStyle(layer) : movingWrapperStyle(layer, layer.fromFrame + frame, { width, height });
  return (
    <div style={style}>
      {layer.kind === 'video' ? (
        <OffthreadVideo src={src} volume={videoVolume(layer)} style={mediaStyle(layer)} />
      ) : (
        <Img src={src} style={mediaStyle(layer)} />
      )}
    </div>
  );
};

export const VisualLayer: React.FC<{ layer: PlanMediaLayer }> = ({ layer }) => {
  const { fps } = useVideoConfig();
  return (
    <Sequence from={layer.fromFrame} durationInFrames={layer.durationInFrames} premountFor={fps} name={layer.id}>
      <LayerContent layer={layer} />
    </Sequence>
  );
};
