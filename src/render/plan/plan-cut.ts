/**
 * A render plan cut to one frame range, for the compositor's chunk renders:
 * what the range shows, as a plan of its own that starts at frame 0. Pure.
 */
import type { FrameRange } from './frame-range';
import { shiftMotion, shiftTrack } from './motion';
import type { PlanSubtitleLayer, PlanVisualLayer, RenderPlan } from './render-plan.types';

export interface CutPlan {
  /** The range's frames only, from 0; no audio (a chunk is silent: the joined file's sound is mixed once, whole). */
  plan: RenderPlan;
  /** Per video layer id: frames of the layer already shown before the range, so its source starts that far in. */
  skippedFrames: ReadonlyMap<string, number>;
}

/** The part of `[from, from + duration)` inside the range, moved to the range's time; null when none is. */
function within(from: number, duration: number, range: FrameRange): { fromFrame: number; durationInFrames: number; skipped: number } | null {
  const start = Math.max(from, range.from);
  const end = Math.min(from + duration, range.to);
  if (end <= start) return null;
  return { fromFrame: start - range.from, durationInFrames: end - start, skipped: start - from };
}

export function cutPlan(plan: RenderPlan, range: FrameRange): CutPlan {
  const skippedFrames = new Map<string, number>();
  const layers: PlanVisualLayer[] = [];
  for (const layer of plan.layers) {
    const part = within(layer.fromFrame, layer.durationInFrames, range);
    if (part === null) continue;
    const moved = { ...layer, fromFrame: part.fromFrame, durationInFrames: part.durationInFrames, motion: shiftMotion(layer.motion, range.from) };
    layers.push(moved.kind === 'text' ? moved : { ...moved, duckingDb: shiftTrack(moved.duckingDb, range.from) });
    if (layer.kind === 'video' && part.skipped > 0) skippedFrames.set(layer.id, part.skipped);
  }
  const subtitles: PlanSubtitleLayer[] = plan.subtitles.map((layer) => ({
    ...layer,
    cues: layer.cues.flatMap((cue) => {
      const part = within(cue.fromFrame, cue.durationInFrames, range);
      if (part === null) return [];
      const cut = { ...cue, fromFrame: part.fromFrame, durationInFrames: part.durationInFrames };
      // A word spoken before the range stays spoken: its start moves to frame 0 at the earliest.
      if (cue.words !== undefined) cut.words = cue.words.map((w) => ({ ...w, fromFrame: Math.max(0, w.fromFrame - range.from) }));
      return [cut];
    }),
  }));
  return { plan: { ...plan, durationInFrames: range.to - range.from, layers, audio: [], subtitles }, skippedFrames };
}
