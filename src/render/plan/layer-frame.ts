/**
 * Where a layer stands at one frame, with its keyframes and transitions
 * applied: the one answer both engines draw. A media layer's drawn box (the
 * contract's "after fit, scale and position, before rotation") is known from
 * the plan; a text block's size is only known once it is laid out, so a text
 * layer's frame leaves the slide's distance to the engine (slideOffset).
 */
import { type Box, type Insets, ownValuesAt, type OwnValues, slideOffset, type TransitionEffect, transitionEffectAt, type Vec2 } from './motion';
import type { PlanFit, PlanMediaLayer, PlanTextLayer } from './render-plan.types';

export interface Size {
  width: number;
  height: number;
}

/** Size of the media inside a `box` under `object-fit`. */
export function fittedSize(fit: PlanFit, media: Size, box: Size): Size {
  if (fit === 'fill') return { ...box };
  const k = fit === 'contain' ? Math.min(box.width / media.width, box.height / media.height) : Math.max(box.width / media.width, box.height / media.height);
  return { width: media.width * k, height: media.height * k };
}

/** The drawn box at scale 1, centred on the canvas: the contained media, or the canvas-size box cover and fill draw into. */
export function unscaledBoxSize(layer: PlanMediaLayer, canvas: Size): Size {
  return layer.fit === 'contain' && layer.mediaSize !== null ? fittedSize('contain', layer.mediaSize, canvas) : { ...canvas };
}

const NEUTRAL: TransitionEffect = { opacity: 1, scale: 1, cut: { left: 0, top: 0, right: 0, bottom: 0 }, slide: null };

export interface MediaLayerFrame {
  opacity: number;
  scale: Vec2;
  /** From the canvas centre, slides included. */
  offset: Vec2;
  rotationDeg: number;
  /** Of the drawn box, cut away by a wipe. */
  cut: Insets;
}

export function ownValuesOf(layer: PlanMediaLayer): OwnValues {
  return {
    opacity: layer.opacity,
    scale: { x: layer.scaleX, y: layer.scaleY },
    position: { x: layer.offsetX, y: layer.offsetY },
    rotationDeg: layer.rotationDeg,
  };
}

/** A media layer at timeline frame `frame`. */
export function mediaLayerFrame(layer: PlanMediaLayer, frame: number, canvas: Size): MediaLayerFrame {
  const own = ownValuesAt(ownValuesOf(layer), layer.motion, frame);
  const effect = layer.motion === null ? NEUTRAL : transitionEffectAt(layer.motion, frame);
  const size = unscaledBoxSize(layer, canvas);
  const width = size.width * Math.abs(own.scale.x);
  const height = size.height * Math.abs(own.scale.y);
  const box: Box = {
    x: canvas.width / 2 + own.position.x - width / 2,
    y: canvas.height / 2 + own.position.y - height / 2,
    width,
    height,
  };
  const slide = slideOffset(effect.slide, box, canvas);
  return {
    opacity: own.opacity * effect.opacity,
    scale: { x: own.scale.x * effect.scale, y: own.scale.y * effect.scale },
    offset: { x: own.position.x + slide.x, y: own.position.y + slide.y },
    rotationDeg: own.rotationDeg,
    cut: effect.cut,
  };
}

export interface TextLayerFrame {
  own: OwnValues;
  effect: TransitionEffect;
}

/** A text layer at timeline frame `frame`: its own values (position = the block's bottom-centre anchor) and its transitions. */
export function textLayerFrame(layer: PlanTextLayer, frame: number): TextLayerFrame {
  const constants: OwnValues = {
    opacity: layer.opacity,
    scale: { x: layer.scaleX, y: layer.scaleY },
    position: { x: layer.style.anchorX, y: layer.style.anchorY },
    rotationDeg: layer.rotationDeg,
  };
  return {
    own: ownValuesAt(constants, layer.motion, frame),
    effect: layer.motion === null ? NEUTRAL : transitionEffectAt(layer.motion, frame),
  };
}
