/**
 * The console's "New task" starters: the Studio's sample timelines
 * (composition/samples/*.json, copied into the console's build as samples.json),
 * their media paths (`samples/media/<name>`, `samples/subtitles/<lang>.<ext>`,
 * relative to the Studio's public dir) replaced by the service's own sample URLs
 * from GET /v3/samples. A sample naming a file the service does not serve is left
 * out. Text clips carry their text instead of media and every other field
 * (keyframes, transitions, ...) is kept as the sample writes it.
 */

/** A clip of a sample: a text clip has no media_url. */
type SampleClip = { media_url?: string } & Record<string, unknown>;

export interface SampleTimeline {
  name: string;
  timeline: { tracks: Array<{ clips: SampleClip[] } & Record<string, unknown>> } & Record<string, unknown>;
  output: Record<string, unknown>;
}

export interface ServedSample {
  name: string;
  url: string;
}

export interface SampleBody {
  name: string;
  body: Record<string, unknown>;
}

/**
 * An https URL that never resolves (`.invalid`, RFC 6761): the render does not
 * depend on it, and its deliveries fail visibly (src/client/demo-timeline.ts uses it too).
 */
export const UNANSWERED_WEBHOOK_URL = 'https://webhook.invalid/unused';

/** The served file a Studio media path stands for, by the sample catalogue's names; null when there is none. */
export function servedName(studioPath: string): string | null {
  const media = /^samples\/media\/([^/]+)$/.exec(studioPath);
  if (media) return media[1];
  const subtitles = /^samples\/subtitles\/([^/]+)$/.exec(studioPath);
  return subtitles ? `captions-${subtitles[1]}` : null;
}

export function sampleBodies(timelines: readonly SampleTimeline[], served: readonly ServedSample[]): SampleBody[] {
  const urls = new Map(served.map((sample) => [sample.name, sample.url]));
  const bodies: SampleBody[] = [];
  for (const sample of timelines) {
    const urlOf = (path: string) => urls.get(servedName(path) ?? '');
    const paths = sample.timeline.tracks.flatMap((track) => track.clips.flatMap((clip) => (clip.media_url === undefined ? [] : [clip.media_url])));
    if (!paths.every((path) => urlOf(path) !== undefined)) continue;
    const withServedUrl = (clip: SampleClip): SampleClip => (clip.media_url === undefined ? clip : { ...clip, media_url: urlOf(clip.media_url) });
    const timeline = { ...sample.timeline, tracks: sample.timeline.tracks.map((track) => ({ ...track, clips: track.clips.map(withServedUrl) })) };
    bodies.push({
      name: sample.name,
      body: {
        input: { timeline, output: sample.output },
        webhook: { url: UNANSWERED_WEBHOOK_URL },
        metadata: { user_reference: `console sample ${sample.name}`, tags: ['console'] },
      },
    });
  }
  return bodies;
}
