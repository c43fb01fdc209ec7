import { studioSampleTimelines } from '../../../test/support/studio-samples';
import { SAMPLE_FILES, SampleMedia } from '../../media/sample-media';
import { sampleBodies, servedName, UNANSWERED_WEBHOOK_URL, type SampleTimeline } from './sample-bodies';

const SERVED = [
  { name: 'red-16x9.png', url: 'https://svc/samples/red-16x9.png' },
  { name: 'captions-en.srt', url: 'https://svc/samples/captions-en.srt' },
];

function timeline(name: string, mediaUrls: string[]): SampleTimeline {
  return {
    name,
    timeline: {
      duration_ms: 1000,
      tracks: [{ id: 't', type: 'video', clips: mediaUrls.map((media_url, i) => ({ id: `c${i}`, media_url, start_time_ms: 0, end_time_ms: 1000 })) }],
    },
    output: { resolution: { width: 320, height: 180 } },
  };
}

describe('servedName', () => {
  it('maps Studio media and subtitle paths onto the sample catalogue names', () => {
    expect(servedName('samples/media/red-16x9.png')).toBe('red-16x9.png');
    expect(servedName('samples/subtitles/en.srt')).toBe('captions-en.srt');
    expect(servedName('https://elsewhere/red-16x9.png')).toBeNull();
    expect(servedName('samples/media/../x.png')).toBeNull();
  });
});

describe('sampleBodies', () => {
  it("offers every Studio sample on the service's own catalogue", () => {
    // What the build copies into the console, on what GET /v3/samples lists.
    const studio = studioSampleTimelines();
    const catalogue = new SampleMedia('https://localhost:8443');
    const offered = sampleBodies(
      studio,
      SAMPLE_FILES.map((file) => ({ name: file.name, url: catalogue.urlOf(file.name) })),
    );
    expect(studio.length).toBeGreaterThanOrEqual(18);
    expect(offered.map((sample) => sample.name)).toEqual(studio.map((sample) => sample.name));
  });

  it('turns a sample into a create body on the served URLs, keeping every other field', () => {
    const [sample] = sampleBodies([timeline('solid', ['samples/media/red-16x9.png', 'samples/subtitles/en.srt'])], SERVED);
    expect(sample.name).toBe('solid');
    expect(sample.body).toEqual({
      input: {
        timeline: {
          duration_ms: 1000,
          tracks: [
            {
              id: 't',
              type: 'video',
              clips: [
                { id: 'c0', media_url: 'https://svc/samples/red-16x9.png', start_time_ms: 0, end_time_ms: 1000 },
                { id: 'c1', media_url: 'https://svc/samples/captions-en.srt', start_time_ms: 0, end_time_ms: 1000 },
              ],
            },
          ],
        },
        output: { resolution: { width: 320, height: 180 } },
      },
      webhook: { url: UNANSWERED_WEBHOOK_URL },
      metadata: { user_reference: 'console sample solid', tags: ['console'] },
    });
  });

  it('keeps a text clip, which names no media, as it is', () => {
    const input = timeline('title', ['samples/media/red-16x9.png']);
    const text = { id: 'hello', text: 'Hello', start_time_ms: 0, end_time_ms: 1000 };
    input.timeline.tracks.push({ id: 'titles', type: 'text', clips: [text] });
    const [sample] = sampleBodies([input], SERVED);
    expect((sample.body.input as SampleTimeline).timeline.tracks.map((track) => track.clips)).toEqual([
      [{ id: 'c0', media_url: 'https://svc/samples/red-16x9.png', start_time_ms: 0, end_time_ms: 1000 }],
      [text],
    ]);
  });

  it('leaves out a sample that needs a file the service does not serve, and does not change its input', () => {
    const input = timeline('cjk', ['samples/media/red-16x9.png', 'samples/subtitles/ko.vtt']);
    const copy = JSON.parse(JSON.stringify(input)) as SampleTimeline;
    expect(sampleBodies([input, timeline('ok', ['samples/media/red-16x9.png'])], SERVED).map((s) => s.name)).toEqual(['ok']);
    expect(input).toEqual(copy);
  });

  it('keeps text clips (no media) and the keyframes and transitions of any clip as the sample writes them', () => {
    const opacity = {
      keyframes: [
        { time_ms: 0, value: 0 },
        { time_ms: 500, value: 1, easing: 'ease-out' },
      ],
    };
    const transition = { in: { type: 'wipe-left', duration_ms: 300 } };
    const title = { id: 'title', text: '你好\nhello', start_time_ms: 0, end_time_ms: 1000, properties: { align: 'left', transition } };
    const sample: SampleTimeline = {
      name: 'motion',
      timeline: {
        duration_ms: 1000,
        tracks: [
          {
            id: 'v',
            type: 'video',
            clips: [{ id: 'red', media_url: 'samples/media/red-16x9.png', start_time_ms: 0, end_time_ms: 1000, properties: { opacity } }],
          },
          { id: 't', type: 'text', clips: [title] },
        ],
      },
      output: { resolution: { width: 320, height: 180 } },
    };
    const [body] = sampleBodies([sample], SERVED);
    expect(body.body.input).toEqual({
      timeline: {
        duration_ms: 1000,
        tracks: [
          {
            id: 'v',
            type: 'video',
            clips: [{ id: 'red', media_url: 'https://svc/samples/red-16x9.png', start_time_ms: 0, end_time_ms: 1000, properties: { opacity } }],
          },
          { id: 't', type: 'text', clips: [title] },
        ],
      },
      output: { resolution: { width: 320, height: 180 } },
    });
  });
});
