/**
 * How the compositor draws a render plan: the plan's layers, bottom to top,
 * cut into slots. A video or image layer is a slot of its own (ffmpeg decodes
 * and transforms it: a video every frame, an image once), and so is any layer
 * with keyframes or transitions: ffmpeg moves, fades and wipes a picture of
 * it. A text block's box is drawn filled first, to measure it; its pictures
 * are planned from that (text-shapes.ts). Still text (text layers and subtitle
 * cues) between two such slots is one slot, drawn by the composition once per
 * interval in which it does not change (text is always blended `normal`).
 *
 * Pure: the worker, the tests and the benchmarks read the same decisions.
 * Near-linear in the layers and cues: one sweep over their starts and ends
 * (the planner bounds how many cues show at once), and a shot names what to
 * draw by index, so neither this nor the page drawing the shots rescans
 * every cue per shot.
 */
import { runSteps, type Steps } from '../../common/steps';
import type { Vec2 } from '../plan/motion';
import type { PlanMediaLayer, PlanVisualLayer, RenderPlan } from '../plan/render-plan.types';
import { spokenWordCount, wordChangeFrames } from '../plan/word-captions';

/** One picture the still-mode composition draws: the plan at `frame` with only this content. */
export interface StillShot {
  /** A timeline frame inside the interval the shot stands for. */
  frame: number;
  /** The slot's text layers, `plan.layers` from `from` up to `to`: those active at `frame` are drawn. */
  layers: { from: number; to: number };
  /** The subtitle cues to draw, each as [index in `plan.subtitles`, index in its cues]; all active at `frame`. */
  cues: Array<[number, number]>;
  /**
   * A moving text layer (`layers.from`) alone, as the composition draws it at `frame` but opaque and moved
   * back by `shift` (whole pixels); or, for 'box', its box filled at scale 1, unturned, centred on the
   * canvas, from which its size is read (text-shapes.ts).
   */
  text?: { shift: Vec2 } | 'box';
}

/** A shot that draws nothing: what a still slot shows while none of its content is on screen. */
export const BLANK_SHOT: StillShot = { frame: 0, layers: { from: 0, to: 0 }, cues: [] };

/** A run of frames during which a still slot shows one shot (or nothing). */
export interface StillSegment {
  fromFrame: number;
  durationInFrames: number;
  /** Index into `CompositePlan.shots`; null when the slot is empty during the segment. */
  shot: number | null;
}

export type CompositeSlot =
  /** A video or image layer that does not move: decoded, transformed and laid by ffmpeg. */
  | { kind: 'media'; layer: PlanMediaLayer }
  | { kind: 'stills'; segments: StillSegment[] }
  /** A layer with keyframes or transitions; `boxShot` is a text layer's box, drawn to measure it. */
  | { kind: 'moving'; layer: PlanVisualLayer; blendMode: string; boxShot: number | null };

export interface CompositePlan {
  /** Bottom to top, above the plan's opaque background colour. */
  slots: CompositeSlot[];
  /** Every picture to draw, once each, in the order the still composition renders them. */
  shots: StillShot[];
}

/** Still content drawn together: the text layers `plan.layers[from, to)`, and the subtitles if `subtitles`. */
interface StillGroup {
  from: number;
  to: number;
  subtitles: boolean;
}

/** A layer ffmpeg draws itself (a video, an image, or anything that moves), and its index in plan.layers. */
interface OwnSlot {
  layer: PlanVisualLayer;
  index: number;
}

function groupLayers(plan: RenderPlan): Array<OwnSlot | StillGroup> {
  const out: Array<OwnSlot | StillGroup> = [];
  let open: StillGroup | null = null;
  for (const [index, layer] of plan.layers.entries()) {
    if (layer.kind !== 'text' || layer.motion !== null) {
      out.push({ layer, index });
      open = null;
    } else if (open !== null) {
      open.to = index + 1;
    } else {
      open = { from: index, to: index + 1, subtitles: false };
      out.push(open);
    }
  }
  const hasCues = plan.subtitles.some((layer) => layer.cues.length > 0);
  if (hasCues) {
    // Subtitles sit above every visual layer: they join the topmost stills if nothing lies between.
    if (open !== null) open.subtitles = true;
    else out.push({ from: plan.layers.length, to: plan.layers.length, subtitles: true });
  }
  return out;
}

/**
 * A text layer (its index in plan.layers) or a cue (its index in `cues` of the group's sweep) appearing or
 * disappearing, or a cue with word-level captions changing how many of its words are spoken.
 */
type Change = { frame: number } & ({ on: boolean; layer: number } | { on: boolean; cue: number } | { spokenOf: number; spoken: number });

/** What a group shows: its changes in frame order, and its cues as [index in plan.subtitles, index in its cues], in plan order. */
function* changesOf(group: StillGroup, plan: RenderPlan): Steps<{ changes: Change[]; cues: Array<[number, number]> }> {
  const end = plan.durationInFrames;
  const changes: Change[] = [];
  const cues: Array<[number, number]> = [];
  const span = (item: { fromFrame: number; durationInFrames: number }) => ({ from: item.fromFrame, to: Math.min(item.fromFrame + item.durationInFrames, end) });
  for (let layer = group.from; layer < group.to; layer++) {
    const { from, to } = span(plan.layers[layer]);
    if (from < to) changes.push({ frame: from, on: true, layer }, { frame: to, on: false, layer });
  }
  if (group.subtitles) {
    for (const [s, sub] of plan.subtitles.entries()) {
      for (const [c, item] of sub.cues.entries()) {
        yield;
        const { from, to } = span(item);
        if (from >= to) continue;
        const cue = cues.push([s, c]) - 1;
        changes.push({ frame: from, on: true, cue }, { frame: to, on: false, cue });
        // Each word-state of a cue is a look of its own (at most N + 1 for N words): the stills switch at the word times.
        if (sub.words !== undefined && item.words !== undefined) {
          const { words } = item;
          for (const frame of [from, ...wordChangeFrames(item)]) {
            if (frame < to) changes.push({ frame, spokenOf: cue, spoken: spokenWordCount(words, frame) });
          }
        }
      }
    }
  }
  return { changes: changes.sort((a, b) => a.frame - b.frame), cues };
}

/**
 * What a group shows between two changes, as a key that is equal for equal
 * contents. A set of layers is spelled out only when it changes and then named
 * by a number, so a cue change costs the cues on screen, not the layers.
 */
class Showing {
  private readonly layers = new Set<number>();
  private readonly cues = new Set<number>();
  /** Words spoken, by cue, for cues with word-level captions. */
  private readonly spoken = new Map<number, number>();
  private layerSet = '';
  private readonly layerSetNames = new Map<string, string>();

  apply(change: Change): void {
    if ('spokenOf' in change) {
      this.spoken.set(change.spokenOf, change.spoken);
    } else if ('layer' in change) {
      if (change.on) this.layers.add(change.layer);
      else this.layers.delete(change.layer);
      const spelled = [...this.layers].sort((a, b) => a - b).join(',');
      let name = this.layerSetNames.get(spelled);
      if (name === undefined) {
        name = `L${this.layerSetNames.size}`;
        this.layerSetNames.set(spelled, name);
      }
      this.layerSet = this.layers.size === 0 ? '' : name;
    } else if (change.on) {
      this.cues.add(change.cue);
    } else {
      this.cues.delete(change.cue);
    }
  }

  /** The cues on screen, in plan order. */
  cueIndexes(): number[] {
    return [...this.cues].sort((a, b) => a - b);
  }

  /** '' when nothing shows. */
  key(): string {
    if (this.cues.size === 0) return this.layerSet;
    const cues = this.cueIndexes().map((cue) => (this.spoken.has(cue) ? `${cue}:${this.spoken.get(cue)}` : String(cue)));
    return `${this.layerSet}#${cues.join(',')}`;
  }
}

/** A group's segments, adding the shots it needs (a content that comes back reuses its shot). */
function* stillSegments(group: StillGroup, plan: RenderPlan, shots: StillShot[]): Steps<StillSegment[]> {
  const { changes, cues } = yield* changesOf(group, plan);
  const shotByKey = new Map<string, number>();
  const showing = new Showing();
  const segments: StillSegment[] = [];
  let next = 0;
  for (let from = 0; from < plan.durationInFrames;) {
    while (next < changes.length && changes[next].frame <= from) showing.apply(changes[next++]);
    const to = next < changes.length ? changes[next].frame : plan.durationInFrames;
    const key = showing.key();
    let shot: number | null = null;
    if (key !== '') {
      shot = shotByKey.get(key) ?? null;
      if (shot === null) {
        shot = shots.length;
        shotByKey.set(key, shot);
        const drawn = showing.cueIndexes().map((cue) => cues[cue]);
        shots.push({ frame: from, layers: { from: group.from, to: group.to }, cues: drawn });
      }
    }
    const last = segments[segments.length - 1];
    if (last !== undefined && last.shot === shot) last.durationInFrames += to - from;
    else segments.push({ fromFrame: from, durationInFrames: to - from, shot });
    from = to;
    yield;
  }
  return segments;
}

/** The compositor's plan, in slices (the worker runs it with the event loop turning between them). */
export function* compositePlanSteps(plan: RenderPlan): Steps<CompositePlan> {
  const shots: StillShot[] = [];
  const slots: CompositeSlot[] = [];
  for (const entry of groupLayers(plan)) {
    if ('subtitles' in entry) slots.push({ kind: 'stills', segments: yield* stillSegments(entry, plan, shots) });
    else if (entry.layer.motion === null && entry.layer.kind !== 'text') slots.push({ kind: 'media', layer: entry.layer });
    else {
      const { layer } = entry;
      const box = (): number => shots.push({ frame: layer.fromFrame, layers: { from: entry.index, to: entry.index + 1 }, cues: [], text: 'box' }) - 1;
      slots.push({ kind: 'moving', layer, blendMode: layer.blendMode, boxShot: layer.kind === 'text' ? box() : null });
    }
  }
  return { slots, shots };
}

export function compositePlan(plan: RenderPlan): CompositePlan {
  return runSteps(compositePlanSteps(plan));
}
