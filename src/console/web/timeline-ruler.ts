import type { SubmittedRequest } from '../../client/api-models.js';
import { clipMarks } from '../logic/clip-marks.js';
import { cueSpans, type CueSpan } from '../logic/subtitle-cues.js';
import { el, seconds } from './dom.js';

type Timeline = SubmittedRequest['request']['input']['timeline'];
type Track = Timeline['tracks'][number];
type Clip = Track['clips'][number];

/** A ruler step that gives 4 to 10 labelled marks for the timeline's length. */
function rulerStep(durationMs: number): number {
  const steps = [100, 250, 500, 1000, 2000, 5000, 10_000, 15_000, 30_000, 60_000, 120_000, 300_000, 600_000];
  return steps.find((step) => durationMs / step <= 10) ?? 1_200_000;
}

/** Places a node on the lane by CSSOM (style attributes would need 'unsafe-inline' in the CSP). */
function place(node: HTMLElement, startMs: number, endMs: number, durationMs: number): HTMLElement {
  node.style.left = `${(100 * startMs) / durationMs}%`;
  node.style.width = `${Math.max(0.3, (100 * (endMs - startMs)) / durationMs)}%`;
  return node;
}

/** Cue times of a subtitle file the page may read (its own origin: the service's sample media); null otherwise. */
async function cuesOf(mediaUrl: string): Promise<CueSpan[] | null> {
  if (new URL(mediaUrl, location.href).origin !== location.origin) return null;
  const response = await fetch(mediaUrl, { credentials: 'omit' }).catch(() => null);
  return response?.ok ? cueSpans(await response.text()) : null;
}

/** A clip's transitions as hatched stretches of its bar and its keyframes as diamonds on it (docs/extensions.md). */
function motionMarks(clip: Clip, durationMs: number): HTMLElement[] {
  const { keyframesMs, transitions } = clipMarks(clip);
  const stretches = transitions.map((t) =>
    place(el('div', { class: 'transition', title: `transition ${t.side}: ${t.type}, ${seconds(t.endMs - t.startMs)}` }), t.startMs, t.endMs, durationMs),
  );
  const diamonds = keyframesMs.map((ms) => {
    const diamond = el('div', { class: 'keyframe', title: `keyframe at ${seconds(ms)}` });
    diamond.style.left = `${(100 * ms) / durationMs}%`;
    return diamond;
  });
  return [...stretches, ...diamonds];
}

function lane(track: Track, durationMs: number): HTMLElement {
  const lane = el('div', { class: 'lane' });
  for (const clip of track.clips) {
    const label = `${clip.id}: ${seconds(clip.start_time_ms)} – ${seconds(clip.end_time_ms)}`;
    // A text clip carries its text where other clips have their media.
    const content = 'text' in clip ? clip.text : clip.media_url;
    const ducking = clipMarks(clip).ducking;
    const title = [label, content, ...(ducking === null ? [] : [ducking])].join('\n');
    const bar = place(
      el('div', { class: `clip clip-${track.type}`, title, 'data-clip': clip.id }, el('span', {}, label)),
      clip.start_time_ms,
      clip.end_time_ms,
      durationMs,
    );
    lane.append(bar, ...motionMarks(clip, durationMs));
    if (track.type !== 'subtitle' || 'text' in clip) continue;
    void cuesOf(clip.media_url).then((cues) => {
      for (const cue of cues ?? []) {
        const start = clip.start_time_ms + cue.startMs;
        if (start >= clip.end_time_ms) continue;
        const tick = place(
          el('div', { class: 'cue', title: `cue ${seconds(cue.startMs)} – ${seconds(cue.endMs)}` }),
          start,
          Math.min(clip.end_time_ms, clip.start_time_ms + cue.endMs),
          durationMs,
        );
        lane.append(tick);
      }
    });
  }
  return lane;
}

/** The submitted timeline as tracks on a time ruler: clips as bars from start to end, subtitle cues as ticks, transitions and keyframes on their clips. */
export function timelineRuler(timeline: Timeline): HTMLElement {
  const durationMs = timeline.duration_ms;
  const step = rulerStep(durationMs);
  const scale = el('div', { class: 'lane scale', 'aria-hidden': 'true' });
  // The total is the row's label; marks stop short of it so the last one does not overflow.
  for (let at = 0; at < durationMs; at += step) {
    const mark = el('span', { class: 'mark' }, seconds(at));
    mark.style.left = `${(100 * at) / durationMs}%`;
    scale.append(mark);
  }
  const rows = timeline.tracks.map((track) =>
    el(
      'div',
      { class: 'track', 'data-track': track.id },
      el('div', { class: 'track-label' }, `${track.id} `, el('small', {}, track.type)),
      lane(track, durationMs),
    ),
  );
  return el(
    'figure',
    { class: 'ruler', 'aria-label': `Timeline of ${seconds(durationMs)}` },
    el('div', { class: 'track' }, el('div', { class: 'track-label' }, seconds(durationMs)), scale),
    ...rows,
    el(
      'figcaption',
      {},
      `${timeline.tracks.length} tracks; bars are clips from start to end, ticks are subtitle cues, hatched ends are transitions, diamonds are keyframes.`,
    ),
  );
}
