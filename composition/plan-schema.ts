/**
 * The zod schema of the `Timeline` props: the render plan. Remotion uses it to
 * validate input props and to show an editable form in Studio. The type checks
 * at the bottom fail compilation if it drifts from `RenderPlan`.
 */
import { z } from 'zod';
import type { RenderPlan } from '../src/render/plan/render-plan.types';

const frame = z.number().int().min(0);
const frames = z.number().int().min(1);

const easing = z.enum(['linear', 'ease-in', 'ease-out', 'ease-in-out', 'hold']);
const vec2 = z.object({ x: z.number(), y: z.number() });
const keyframes = <T extends z.ZodTypeAny>(value: T) =>
  z
    .array(z.object({ frame: z.number(), value, easing }))
    .min(1)
    .nullable();
const transition = z
  .object({
    type: z.enum(['fade', 'wipe-right', 'wipe-left', 'wipe-down', 'wipe-up', 'slide-right', 'slide-left', 'slide-down', 'slide-up', 'zoom']),
    fromFrame: z.number(),
    toFrame: z.number(),
  })
  .nullable();
const motion = z
  .object({
    opacity: keyframes(z.number()),
    scale: keyframes(vec2),
    position: keyframes(vec2),
    rotation: keyframes(z.number()),
    transitionIn: transition,
    transitionOut: transition,
  })
  .nullable();

const mediaLayer = z.object({
  id: z.string(),
  kind: z.enum(['video', 'image']),
  src: z.string(),
  fromFrame: frame,
  durationInFrames: frames,
  fit: z.enum(['contain', 'cover', 'fill']),
  scaleX: z.number(),
  scaleY: z.number(),
  opacity: z.number().min(0).max(1),
  offsetX: z.number(),
  offsetY: z.number(),
  rotationDeg: z.number(),
  blendMode: z.string(),
  layerType: z.enum(['background', 'foreground']),
  blurPx: z.number().min(0),
  volume: z.number().min(0),
  mediaSize: z.object({ width: z.number().positive(), height: z.number().positive() }).nullable(),
  motion,
  duckingDb: keyframes(z.number().max(0)),
});

const audioLayer = z.object({
  id: z.string(),
  src: z.string(),
  fromFrame: frame,
  durationInFrames: frames,
  volume: z.number().min(0),
  volumeKeyframes: keyframes(z.number().min(0)),
  fadeInFrames: frame,
  fadeOutFrames: frame,
  duckingDb: keyframes(z.number().max(0)),
});

const subtitleStyle = z.object({
  fontFamily: z.string(),
  fontWeight: z.number(),
  fontStyle: z.enum(['normal', 'italic']),
  fontSizePx: z.number(),
  color: z.string(),
  anchorX: z.number(),
  anchorY: z.number(),
  maxWidthPx: z.number(),
  lineHeight: z.number(),
  outline: z.object({ widthPx: z.number(), color: z.string(), blurPx: z.number() }).nullable(),
  shadow: z
    .object({
      offsetXPx: z.number(),
      offsetYPx: z.number(),
      blurPx: z.number(),
      color: z.string(),
      opacity: z.number(),
    })
    .nullable(),
  background: z
    .object({
      color: z.string(),
      opacity: z.number(),
      paddingPx: z.number(),
      radiusPx: z.number(),
    })
    .nullable(),
  wrapping: z.object({
    enabled: z.boolean(),
    maxCharsPerLine: z.number().int().nullable(),
    strategy: z.enum(['word', 'character', 'none']),
    language: z.string(),
  }),
});

const textLayer = z.object({
  id: z.string(),
  kind: z.literal('text'),
  text: z.string(),
  fromFrame: frame,
  durationInFrames: frames,
  style: subtitleStyle.extend({ align: z.enum(['left', 'center', 'right']) }),
  opacity: z.number().min(0).max(1),
  scaleX: z.number(),
  scaleY: z.number(),
  rotationDeg: z.number(),
  blendMode: z.literal('normal'),
  layerType: z.literal('foreground'),
  motion,
});

const subtitleLayer = z.object({
  id: z.string(),
  cues: z.array(
    z.object({
      fromFrame: frame,
      durationInFrames: frames,
      text: z.string(),
      words: z.array(z.object({ text: z.string(), fromFrame: frame })).optional(),
    }),
  ),
  style: subtitleStyle,
  words: z.object({ style: z.enum(['highlight', 'reveal']), color: z.string(), scale: z.number().min(1).max(1.5) }).optional(),
});

const fontFace = z.object({
  family: z.string(),
  src: z.string(),
  weight: z.number(),
  style: z.enum(['normal', 'italic']),
  unicodeRange: z.string().optional(),
});

export const renderPlanSchema = z.object({
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  fps: z.number().positive(),
  durationInFrames: frames,
  backgroundColor: z.string(),
  layers: z.array(z.union([mediaLayer, textLayer])),
  audio: z.array(audioLayer),
  subtitles: z.array(subtitleLayer),
  fonts: z.array(fontFace),
});

/**
 * The plan as the composition receives it. Same shape as `RenderPlan`, but a type
 * alias, which Remotion's `Record<string, unknown>` props constraint accepts.
 */
export type TimelineProps = z.infer<typeof renderPlanSchema>;
type Assert<T extends true> = T;
type MutuallyAssignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile when a field is added to or dropped from either side. */
export type SchemaMatchesPlan = Assert<MutuallyAssignable<TimelineProps, RenderPlan>>;
