/**
 * Props of the `TimelineStills` composition: a render plan and the still shots
 * the compositor needs, one per frame, under the sheet's id. The type check at the bottom fails
 * compilation if a shot drifts from the compositor's `StillShot`.
 */
import { z } from 'zod';
import type { StillShot } from '../../src/render/compositor/composite-plan';
import { renderPlanSchema } from '../plan-schema';

const stillShot = z.object({
  frame: z.number().int().min(0),
  layers: z.object({ from: z.number().int().min(0), to: z.number().int().min(0) }),
  cues: z.array(z.tuple([z.number().int().min(0), z.number().int().min(0)])),
  text: z.union([z.object({ shift: z.object({ x: z.number(), y: z.number() }) }), z.literal('box')]).optional(),
});

export const stillSheetSchema = z.object({
  /** New for every sheet a page draws: the page stays open between tasks, and a new sheet mounts afresh (its fonts' delayRender included). */
  sheet: z.string(),
  plan: renderPlanSchema,
  shots: z.array(stillShot),
});

export type StillSheetProps = z.infer<typeof stillSheetSchema>;
type Assert<T extends true> = T;
type MutuallyAssignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile when a field is added to or dropped from either side. */
export type ShotMatchesCompositor = Assert<MutuallyAssignable<StillSheetProps['shots'][number], StillShot>>;
