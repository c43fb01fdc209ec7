/**
 * How the compositor draws a render plan: the plan's layers, bottom to top,
 * cut into slots. A video layer is a slot of its own (ffmpeg decodes and
 * transforms it every frame). Still content (images, subtitle cues) between
 * two video layers is one slot, drawn by the composition once per interval in
 * which it does not change. A still with a non-normal blend mode is a slot of
 * its own, so ffmpeg blends it against exactly what lies below it instead of
 * against the stills it would otherwise be merged with.
 *
 * Pure: the worker, the tests and the benchmarks read the same decisions.
 */
import type { PlanVisualLayer, RenderPlan } from '../plan/render-plan.types';

/** One picture the still-mode composition draws: the plan at `frame` with only these layers. */
export interface StillShot {
  /** A timeline frame inside the interval the shot stands for. */
  frame: number;
  /** Ids of the image layers to draw (all of them active at `frame`). */
  layerIds: string[];
  /** Whether the plan's subtitles are drawn (only cues active at `frame` show). */
  subtitles: boolean;
  /** Draw with `mix-blend-mode: normal`: ffmpeg applies the layer's blend mode itself. */
  blendAsNormal: boolean;
}

/** A run of frames during which a still slot shows one shot (or nothing). */
export interface StillSegment {
  fromFrame: number;
  durationInFrames: number;
  /** Index into `CompositePlan.shots`; null when the slot is empty during the segment. */
  shot: number | null;
}

export type CompositeSlot = { kind: 'video'; layer: PlanVisualLayer } | { kind: 'stills'; blendMode: string; segments: StillSegment[] };

export interface CompositePlan {
  /** Bottom to top, above the plan's opaque background colour. */
  slots: CompositeSlot[];
  /** Every picture to draw, once each, in the order the still composition renders them. */
  shots: StillShot[];
}

interface StillGroup {
  layers: PlanVisualLayer[];
  subtitles: boolean;
  blendMode: string;
}

function groupLayers(plan: RenderPlan): Array<PlanVisualLayer | StillGroup> {
  const out: Array<PlanVisualLayer | StillGroup> = [];
  let open: StillGroup | null = null;
  for (const layer of plan.layers) {
    if (layer.kind === 'video') {
      out.push(layer);
      open = null;
    } else if (layer.blendMode !== 'normal') {
      out.push({ layers: [layer], subtitles: false, blendMode: layer.blendMode });
      open = null;
    } else if (open !== null) {
      open.layers.push(layer);
    } else {
      open = { layers: [layer], subtitles: false, blendMode: 'normal' };
      out.push(open);
    }
  }
  const hasCues = plan.subtitles.some((layer) => layer.cues.length > 0);
  if (hasCues) {
    // Subtitles sit above every visual layer: they join the topmost stills if nothing lies between.
    if (open !== null) open.subtitles = true;
    else out.push({ layers: [], subtitles: true, blendMode: 'normal' });
  }
  return out;
}

function isActive(from: number, duration: number, frame: number): boolean {
  return frame >= from && frame < from + duration;
}

/** Frames at which something in the group appears or disappears, with 0 and the end. */
function boundaries(group: StillGroup, plan: RenderPlan): number[] {
  const frames = new Set<number>([0, plan.durationInFrames]);
  const add = (from: number, duration: number) => {
    frames.add(Math.min(from, plan.durationInFrames));
    frames.add(Math.min(from + duration, plan.durationInFrames));
  };
  for (const layer of group.layers) add(layer.fromFrame, layer.durationInFrames);
  if (group.subtitles) {
    for (const sub of plan.subtitles) for (const cue of sub.cues) add(cue.fromFrame, cue.durationInFrames);
  }
  return [...frames].sort((a, b) => a - b);
}

/** What the group shows at `frame`, as a comparable key; '' when it shows nothing. */
function contentKey(group: StillGroup, plan: RenderPlan, frame: number): string {
  const parts = group.layers.filter((l) => isActive(l.fromFrame, l.durationInFrames, frame)).map((l) => `L:${l.id}`);
  if (group.subtitles) {
    plan.subtitles.forEach((sub, s) =>
      sub.cues.forEach((cue, c) => {
        if (isActive(cue.fromFrame, cue.durationInFrames, frame)) parts.push(`C:${s}:${c}`);
      }),
    );
  }
  return parts.join('|');
}

export function compositePlan(plan: RenderPlan): CompositePlan {
  const shots: StillShot[] = [];
  const shotByKey = new Map<string, number>();
  const slots: CompositeSlot[] = groupLayers(plan).map((entry) => {
    if (!('layers' in entry)) return { kind: 'video', layer: entry };
    const group = entry;
    const segments: StillSegment[] = [];
    const cuts = boundaries(group, plan);
    for (let i = 0; i + 1 < cuts.length; i++) {
      const [from, to] = [cuts[i], cuts[i + 1]];
      if (to <= from) continue;
      const key = contentKey(group, plan, from);
      let shot: number | null = null;
      if (key !== '') {
        const slotKey = `${group.blendMode}#${key}`;
        shot = shotByKey.get(slotKey) ?? null;
        if (shot === null) {
          shot = shots.length;
          shotByKey.set(slotKey, shot);
          shots.push({
            frame: from,
            layerIds: group.layers.filter((l) => isActive(l.fromFrame, l.durationInFrames, from)).map((l) => l.id),
            subtitles: group.subtitles && key.includes('C:'),
            blendAsNormal: group.blendMode !== 'normal',
          });
        }
      }
      const last = segments[segments.length - 1];
      if (last !== undefined && last.shot === shot) last.durationInFrames += to - from;
      else segments.push({ fromFrame: from, durationInFrames: to - from, shot });
    }
    return { kind: 'stills', blendMode: group.blendMode, segments };
  });
  return { slots, shots };
}
