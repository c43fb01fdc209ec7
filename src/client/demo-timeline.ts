import { SampleMedia } from '../media/sample-media';
import type { CreateTaskBody } from './api-models';

/**
 * An https URL the edge accepts (not an address, so no private-address check
 * applies) that never resolves (`.invalid` is reserved, RFC 6761): for renders
 * nobody needs to hear about. Deliveries fail and are recorded; the render is
 * unaffected. docs/examples/first-task.json uses the same one.
 */
export const UNANSWERED_WEBHOOK_URL = 'https://webhook.invalid/unused';

/**
 * The demo's create body: a video with sound, images, a music track, and
 * Chinese and English subtitles, all the service's own sample media
 * (`<serviceBase>/samples/<name>`, which its workers read from disk).
 */
export function demoTaskBody(serviceBase: string): CreateTaskBody {
  const samples = new SampleMedia(serviceBase);
  return {
    version: '3.0',
    input: {
      timeline: { duration_ms: 4000, tracks: demoTracks((name) => samples.urlOf(name)) },
      output: { resolution: { width: 640, height: 360 }, framerate: 30, format: 'mp4', quality: 'draft' },
    },
    webhook: { url: UNANSWERED_WEBHOOK_URL },
    metadata: { user_reference: 'render-cli demo', tags: ['demo'] },
  };
}

type DemoTracks = CreateTaskBody['input']['timeline']['tracks'];

/** The demo's tracks, from bottom to top; `media` turns a sample's name into its URL. */
function demoTracks(media: (name: string) => string): DemoTracks {
  return [...demoPictureTracks(media), ...demoSoundAndSubtitleTracks(media)];
}

function demoPictureTracks(media: (name: string) => string): DemoTracks {
  return [
    {
      id: 'backdrop',
      type: 'video',
      clips: [
        {
          id: 'checker',
          media_url: media('checker-1x1.png'),
          start_time_ms: 0,
          end_time_ms: 4000,
          properties: { layer_type: 'background', fit: 'cover', background_blur: 30 },
        },
      ],
    },
    {
      id: 'main',
      type: 'video',
      clips: [
        {
          id: 'testcard',
          media_url: media('testcard-640x360.mp4'),
          start_time_ms: 0,
          end_time_ms: 3000,
          properties: { scale: { x: 0.7, y: 0.7 }, rotation: -3 },
        },
        {
          id: 'gradient',
          media_url: media('gradient-640x360.jpg'),
          start_time_ms: 3000,
          end_time_ms: 4000,
          properties: { scale: { x: 0.7, y: 0.7 }, rotation: -3 },
        },
        {
          id: 'badge',
          media_url: media('red-16x9.png'),
          start_time_ms: 1000,
          end_time_ms: 3000,
          properties: { scale: { x: 0.25, y: 0.25 }, position: { x: 200, y: -110 }, opacity: 0.85 },
        },
      ],
    },
  ];
}

function demoSoundAndSubtitleTracks(media: (name: string) => string): DemoTracks {
  return [
    {
      id: 'music',
      type: 'audio',
      clips: [
        { id: 'tone', media_url: media('tone.mp3'), start_time_ms: 0, end_time_ms: 4000, properties: { volume: 0.3, fade_in_ms: 500, fade_out_ms: 800 } },
      ],
    },
    {
      id: 'subtitles-zh',
      type: 'subtitle',
      clips: [
        {
          id: 'zh',
          media_url: media('captions-zh.srt'),
          start_time_ms: 0,
          end_time_ms: 4000,
          properties: { preset: 'douyin', font_family: 'chinese', position: { x: 320, y: 120 } },
        },
      ],
    },
    {
      id: 'subtitles-en',
      type: 'subtitle',
      clips: [{ id: 'en', media_url: media('captions-en.srt'), start_time_ms: 0, end_time_ms: 4000, properties: { preset: 'netflix' } }],
    },
  ];
}
