import type { CreateTaskBody } from './api-models';

/**
 * The demo's create body: a video, two images, a music track, and Chinese and
 * English subtitles, all from composition/public/samples served at `mediaBase`.
 */
export function demoTaskBody(mediaBase: string): CreateTaskBody {
  const media = (path: string) => `${mediaBase}/${path}`;
  return {
    version: '3.0',
    input: {
      timeline: {
        duration_ms: 4000,
        tracks: [
          {
            id: 'backdrop',
            type: 'video',
            clips: [{ id: 'checker', media_url: media('media/checker-1x1.png'), start_time_ms: 0, end_time_ms: 4000, properties: { layer_type: 'background', fit: 'cover', background_blur: 30 } }],
          },
          {
            id: 'main',
            type: 'video',
            clips: [
              { id: 'bars', media_url: media('media/bars-16x9.mp4'), start_time_ms: 0, end_time_ms: 4000, properties: { scale: { x: 0.7, y: 0.7 }, rotation: -3 } },
              { id: 'badge', media_url: media('media/red-16x9.png'), start_time_ms: 1000, end_time_ms: 3000, properties: { scale: { x: 0.25, y: 0.25 }, position: { x: 200, y: -110 }, opacity: 0.85 } },
            ],
          },
          {
            id: 'music',
            type: 'audio',
            clips: [{ id: 'tone', media_url: media('media/tone.mp3'), start_time_ms: 0, end_time_ms: 4000, properties: { volume: 0.5, fade_in_ms: 500, fade_out_ms: 800 } }],
          },
          {
            id: 'subtitles-zh',
            type: 'subtitle',
            clips: [{ id: 'zh', media_url: media('subtitles/zh.srt'), start_time_ms: 0, end_time_ms: 4000, properties: { preset: 'douyin', font_family: 'chinese', position: { x: 320, y: 120 } } }],
          },
          {
            id: 'subtitles-en',
            type: 'subtitle',
            clips: [{ id: 'en', media_url: media('subtitles/en.srt'), start_time_ms: 0, end_time_ms: 4000, properties: { preset: 'netflix' } }],
          },
        ],
      },
      output: { resolution: { width: 640, height: 360 }, framerate: 30, format: 'mp4', quality: 'draft' },
    },
    webhook: { url: 'https://127.0.0.1:9/unused' },
    metadata: { user_reference: 'render-cli demo', tags: ['demo'] },
  };
}
