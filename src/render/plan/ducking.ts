/**
 * Ducking (spec/extensions.md §5) as a value of the frame: while any track a
 * clip ducks under sounds, the clip's gain falls by `amount_db`, over
 * `attack_ms`, and comes back over `release_ms`. What sounds when is measured
 * by the worker (src/render/sound/trigger-sound.ts) as one flag per timeline
 * frame; from those flags this turns each ducking clip's gain into a keyframe
 * track in dB, which both engines read the same way, once per frame
 * (`duckingFactorAt`). Pure and browser-safe.
 */
import { SOUND_LIMITS } from '../../task-input/input-values';
import type { AudioClipProperties, TimelineInput, VideoClipProperties } from '../../task-input/task-input.types';
import { trackValueAt } from './motion';
import type { PlanKeyframe, RenderPlan } from './render-plan.types';

/** A clip's `ducking`, its defaults applied, its times in (fractional) frames. */
export interface DuckingShape {
  amountDb: number;
  attackFrames: number;
  releaseFrames: number;
}

/** A ducking clip of the timeline: its layer's id and the tracks it listens to. */
export interface DuckingClip {
  layerId: string;
  under: string[];
  shape: DuckingShape;
}

/** Per trigger track id: whether it sounds at each timeline frame. */
export type SoundingTracks = ReadonlyMap<string, readonly boolean[]>;

/** Every clip of an audio or video track that has `ducking`, in timeline order. */
export function duckingClips(timeline: TimelineInput, fps: number): DuckingClip[] {
  return timeline.tracks.flatMap((track) => {
    if (track.type !== 'audio' && track.type !== 'video') return [];
    return track.clips.flatMap((clip) => {
      const { ducking } = (clip.properties ?? {}) as AudioClipProperties | VideoClipProperties;
      if (ducking === undefined) return [];
      const frames = (ms: number) => (ms * fps) / 1000;
      const shape = {
        amountDb: ducking.amount_db ?? SOUND_LIMITS.amountDb.default,
        attackFrames: frames(ducking.attack_ms ?? SOUND_LIMITS.attackMs.default),
        releaseFrames: frames(ducking.release_ms ?? SOUND_LIMITS.releaseMs.default),
      };
      return [{ layerId: `${track.id}/${clip.id}`, under: ducking.under, shape }];
    });
  });
}

/** Per layer id of the plan's sounding layers: the id of the track its clip is on. */
export function trackIdsOfLayers(timeline: TimelineInput): Map<string, string> {
  const ids = new Map<string, string>();
  for (const track of timeline.tracks) {
    if (track.type !== 'audio' && track.type !== 'video') continue;
    for (const clip of track.clips) ids.set(`${track.id}/${clip.id}`, track.id);
  }
  return ids;
}

/**
 * The gain in dB (0, or down to -amountDb) along the timeline, as keyframes at
 * its break points, linear between them. Each frame where the flags change
 * starts a ramp towards the new state from wherever the ramp under way had
 * got to: down at amountDb per attackFrames, up at amountDb per releaseFrames
 * (a ramp of 0 frames is a jump: two keyframes at one frame). Null when
 * nothing sounds.
 */
export function duckingTrack(sounding: readonly boolean[], shape: DuckingShape): PlanKeyframe<number>[] | null {
  if (!sounding.includes(true)) return null;
  const track: PlanKeyframe<number>[] = [{ frame: 0, value: 0, easing: 'linear' }];
  let ducked = false;
  sounding.forEach((sounds, frame) => {
    if (sounds === ducked) return;
    ducked = sounds;
    const level = trackValueAt(track, frame);
    // The ramp under way ends here, where it has got to.
    while (track[track.length - 1].frame > frame) track.pop();
    const last = track[track.length - 1];
    if (last.frame !== frame || last.value !== level) track.push({ frame, value: level, easing: 'linear' });
    const target = sounds ? -shape.amountDb : 0;
    const rampFrames = sounds ? shape.attackFrames : shape.releaseFrames;
    const end: PlanKeyframe<number> = { frame: frame + (Math.abs(target - level) / shape.amountDb) * rampFrames, value: target, easing: 'linear' };
    // A jump at frame 0 is the track's first value: a keyframe before it would never be read.
    if (end.frame === 0) track[0] = end;
    else track.push(end);
  });
  return track;
}

/** How much a layer's gain is multiplied by at a timeline frame: 1 without ducking. */
export function duckingFactorAt(track: readonly PlanKeyframe<number>[] | null, frame: number): number {
  return track === null ? 1 : 10 ** (trackValueAt(track, frame) / 20);
}

/**
 * The plan with each ducking clip's gain track (`duckingDb`), from the flags of the tracks it listens to: the
 * mixed triggers' side-chain is the union of their flags. A clip whose listened tracks never sound keeps null.
 */
export function applyDucking(plan: RenderPlan, clips: readonly DuckingClip[], sounding: SoundingTracks): RenderPlan {
  if (clips.length === 0) return plan;
  const tracks = new Map<string, PlanKeyframe<number>[] | null>();
  for (const clip of clips) {
    const union = Array.from({ length: plan.durationInFrames }, (_, frame) => clip.under.some((id) => sounding.get(id)?.[frame] === true));
    tracks.set(clip.layerId, duckingTrack(union, clip.shape));
  }
  const ducked = <L extends { id: string; duckingDb: PlanKeyframe<number>[] | null }>(layer: L): L =>
    tracks.has(layer.id) ? { ...layer, duckingDb: tracks.get(layer.id) ?? null } : layer;
  return {
    ...plan,
    audio: plan.audio.map(ducked),
    layers: plan.layers.map((layer) => (layer.kind === 'video' ? ducked(layer) : layer)),
  };
}
