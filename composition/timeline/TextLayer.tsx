import type { CSSProperties } from 'react';
import { Sequence, useCurrentFrame, useVideoConfig } from 'remotion';
import { textLayerFrame } from '../../src/render/plan/layer-frame';
import type { CanvasSide, TransitionEffect, Vec2 } from '../../src/render/plan/motion';
import type { PlanTextLayer } from '../../src/render/plan/render-plan.types';
import { OutlinedText, rgba, textBase } from '../subtitles/subtitle-text';

type Canvas = { width: number; height: number };

/**
 * A slide's offset as CSS lengths: the block's size is only known to the
 * layout, so the distance to just beyond a canvas edge is written in pixels of
 * the anchor plus percentages of the block itself (translate() percentages are
 * of the element's own box). The block's centre is half its height above the
 * anchor, and its drawn box is the block scaled by `scale` about that centre.
 */
function slideTranslate(slide: TransitionEffect['slide'], anchor: { x: number; y: number }, scale: { x: number; y: number }, canvas: Canvas): [string, string] {
  if (slide === null) return ['0px', '0px'];
  const { away } = slide;
  const sx = Math.abs(scale.x);
  const sy = Math.abs(scale.y);
  const lengths: Record<CanvasSide, [string, string]> = {
    left: [`calc(${-away * anchor.x}px - ${away * sx * 50}%)`, '0px'],
    right: [`calc(${away * (canvas.width - anchor.x)}px + ${away * sx * 50}%)`, '0px'],
    top: ['0px', `calc(${-away * anchor.y}px - ${away * (sy - 1) * 50}%)`],
    bottom: ['0px', `calc(${away * (canvas.height - anchor.y)}px + ${away * (sy + 1) * 50}%)`],
  };
  return lengths[slide.side];
}

/** A wipe's cut as a clip of the block; a side nothing is cut from is not clipped (its outline and shadow stay whole). */
function blockClip(cut: TransitionEffect['cut']): string | undefined {
  if (cut.left === 0 && cut.top === 0 && cut.right === 0 && cut.bottom === 0) return undefined;
  const side = (fraction: number): string => (fraction === 0 ? '-100%' : `${fraction * 100}%`);
  return `inset(${side(cut.top)} ${side(cut.right)} ${side(cut.bottom)} ${side(cut.left)})`;
}

/** The block: its lines, one background box around them, placed by `placement` (position, transform, opacity, clip). */
const Block: React.FC<{ layer: PlanTextLayer; placement: CSSProperties; boxOnly?: boolean }> = ({ layer, placement, boxOnly = false }) => {
  const { style } = layer;
  const background = style.background;
  const language = style.wrapping.language;
  const block: CSSProperties = {
    position: 'absolute',
    width: 'max-content',
    maxWidth: style.maxWidthPx,
    display: 'grid',
    backgroundColor: boxOnly ? '#ffffff' : background ? rgba(background.color, background.opacity) : undefined,
    padding: background ? background.paddingPx : undefined,
    borderRadius: background && !boxOnly ? background.radiusPx : undefined,
    ...placement,
  };
  const base = textBase(style, style.align);
  return (
    <div lang={language === 'auto' ? undefined : language} data-text-layer="" style={block}>
      <OutlinedText style={style} base={boxOnly ? { ...base, visibility: 'hidden' } : base} text={layer.text} />
    </div>
  );
};

/**
 * A text clip: its lines in one block, bottom-centre anchored at its position,
 * the background one box around the block, moved, turned, scaled (about the
 * block's centre), faded and cut as one. With a `shift`, for the compositor,
 * it is drawn opaque and moved back by those whole pixels (it fades it and
 * moves it again).
 */
export const TextBlock: React.FC<{ layer: PlanTextLayer; timelineFrame: number; canvas: Canvas; shift?: Vec2 }> = ({ layer, timelineFrame, canvas, shift }) => {
  const { own, effect } = textLayerFrame(layer, timelineFrame);
  const [slideX, slideY] = slideTranslate(effect.slide, own.position, own.scale, canvas);
  const placement: CSSProperties = {
    left: own.position.x - (shift?.x ?? 0),
    top: own.position.y - (shift?.y ?? 0),
    transform: `translate(calc(-50% + ${slideX}), calc(-100% + ${slideY})) rotate(${own.rotationDeg}deg) scale(${own.scale.x * effect.scale}, ${own.scale.y * effect.scale})`,
    opacity: shift === undefined ? own.opacity * effect.opacity : 1,
    clipPath: blockClip(effect.cut),
  };
  return <Block layer={layer} placement={placement} />;
};

/** A text clip's box, filled, at scale 1, centred on the canvas: its size is read from the picture (text-shapes.ts). */
export const TextBox: React.FC<{ layer: PlanTextLayer; canvas: Canvas }> = ({ layer, canvas }) => (
  <Block layer={layer} placement={{ left: canvas.width / 2, top: canvas.height / 2, transform: 'translate(-50%, -50%)' }} boxOnly />
);

const TextLayerAtFrame: React.FC<{ layer: PlanTextLayer }> = ({ layer }) => {
  const frame = useCurrentFrame();
  const { width, height } = useVideoConfig();
  return <TextBlock layer={layer} timelineFrame={layer.fromFrame + frame} canvas={{ width, height }} />;
};

export const TextLayer: React.FC<{ layer: PlanTextLayer }> = ({ layer }) => (
  <Sequence from={layer.fromFrame} durationInFrames={layer.durationInFrames} name={layer.id}>
    <TextLayerAtFrame layer={layer} />
  </Sequence>
);
