import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RenderPlan } from '../../src/render/plan/render-plan.types';
import { planTimeline, type MediaKind } from '../../src/render/plan/timeline-planner';
import type { CreateTaskInput, ResolvedOutput, SubtitleClipProperties, TimelineInput } from '../../src/task-input/task-input.types';

/** The reference timeline's shape: 1280x720 30 fps 10 s, or 640x360 3 s in quick mode. */
export interface ReferenceSize {
  width: number;
  height: number;
  fps: number;
  seconds: number;
}

export const FULL_SIZE: ReferenceSize = { width: 1280, height: 720, fps: 30, seconds: 10 };
export const QUICK_SIZE: ReferenceSize = { width: 640, height: 360, fps: 30, seconds: 3 };
export const HD_SIZE: ReferenceSize = { width: 1920, height: 1080, fps: 30, seconds: 60 };

export const MEDIA_FILES = { video: 'clip.mp4', image: 'overlay.png', audio: 'music.m4a', subtitles: 'captions.srt' } as const;
/** bench:render --words: an English caption file of CAPTION_WORDS words, spread evenly over the timeline in cues of five. */
export const CAPTION_FILE = 'captions-en.srt';
export const CAPTION_WORDS = 150;

/** The overlay: 30 % of the canvas, 16:9, its centre moved right and up from the canvas centre. */
export const OVERLAY = { scale: 0.3, opacity: 0.7, blendMode: 'screen', offsetXFraction: 0.3125, offsetYFraction: -0.3 } as const;
export const MUSIC = { volume: 0.8, fadeInMs: 1000, fadeOutMs: 2000 } as const;

const CUES_ZH = [
  '欢迎来到渲染服务的基准测试',
  '这一段字幕用来测量中文文字的绘制成本',
  '背景音乐带有淡入和淡出效果',
  '图像叠加使用透明度和混合模式',
  '谢谢观看，我们下次再见',
];

export function srtTime(ms: number): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)},${pad(ms % 1000, 3)}`;
}

function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: ['ignore', 'ignore', 'inherit'] });
}

/**
 * Generates the reference media in `dir`: a 4:3 video with sound (so `cover`
 * really crops), a 16:9 PNG overlay, a stereo music track and a Chinese SRT.
 */
export function generateReferenceMedia(dir: string, size: ReferenceSize): void {
  const ms = size.seconds * 1000;
  // 4:3 source taller than the 16:9 canvas needs: cover scales and crops top and bottom.
  const srcH = size.height * 1.5;
  const srcW = Math.round((srcH * 4) / 3 / 2) * 2;
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${srcW}x${srcH}:rate=${size.fps}:duration=${size.seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:sample_rate=48000:duration=${size.seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    '-pix_fmt',
    'yuv420p',
    '-g',
    String(size.fps),
    '-c:a',
    'aac',
    '-b:a',
    '96k',
    '-shortest',
    join(dir, MEDIA_FILES.video),
  ]);
  generatePicture(join(dir, MEDIA_FILES.image));
  generateMusic(join(dir, MEDIA_FILES.audio), size.seconds);
  const step = ms / CUES_ZH.length;
  const srt = CUES_ZH.map((text, i) => `${i + 1}\n${srtTime(Math.round(i * step))} --> ${srtTime(Math.round((i + 1) * step - 100))}\n${text}\n`).join('\n');
  writeFileSync(join(dir, MEDIA_FILES.subtitles), srt);
}

/** The overlay picture: a 640x360 PNG. */
export function generatePicture(path: string): void {
  ffmpeg(['-f', 'lavfi', '-i', 'mandelbrot=size=640x360', '-frames:v', '1', path]);
}

/** A stereo music track of `seconds` (pink noise and a tone), AAC 128k. */
export function generateMusic(path: string, seconds: number): void {
  ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=color=pink:amplitude=0.3:sample_rate=48000:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=220:sample_rate=48000:duration=${seconds}`,
    '-filter_complex',
    '[0:a][1:a]amix=inputs=2,aformat=channel_layouts=stereo',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    path,
  ]);
}

/** Writes CAPTION_FILE: CAPTION_WORDS words in cues of five, one after the other over the whole timeline. */
export function generateCaptionFile(dir: string, size: ReferenceSize): void {
  const vocabulary = ['every', 'word', 'of', 'this', 'caption', 'lights', 'up', 'when', 'it', 'is', 'spoken', 'aloud'];
  const cues = CAPTION_WORDS / 5;
  const step = (size.seconds * 1000) / cues;
  const srt = Array.from({ length: cues }, (_, i) => {
    const words = Array.from({ length: 5 }, (_, k) => vocabulary[(i * 5 + k) % vocabulary.length]).join(' ');
    return `${i + 1}\n${srtTime(Math.round(i * step))} --> ${srtTime(Math.round((i + 1) * step))}\n${words}\n`;
  });
  writeFileSync(join(dir, CAPTION_FILE), srt.join('\n'));
}

/** The create-task body of the reference timeline, media read from `mediaBase` (ending in '/'); `suffix` defeats the worker's input cache. */
export function referenceTaskBody(size: ReferenceSize, mediaBase: string, webhookUrl: string, suffix = ''): CreateTaskInput {
  const ms = size.seconds * 1000;
  const url = (file: string) => `${mediaBase}${file}${suffix}`;
  const subtitleProps: SubtitleClipProperties = { preset: 'professional', font_family: 'chinese', text_wrapping: { enabled: true, language: 'zh-Hans' } };
  const timeline: TimelineInput = {
    duration_ms: ms,
    tracks: [
      {
        id: 'main',
        type: 'video',
        clips: [{ id: 'clip', media_url: url(MEDIA_FILES.video), start_time_ms: 0, end_time_ms: ms, properties: { fit: 'cover' } }],
      },
      {
        id: 'overlay',
        type: 'video',
        clips: [
          {
            id: 'logo',
            media_url: url(MEDIA_FILES.image),
            start_time_ms: 0,
            end_time_ms: ms,
            properties: {
              fit: 'contain',
              scale: { x: OVERLAY.scale, y: OVERLAY.scale },
              position: { x: Math.round(size.width * OVERLAY.offsetXFraction), y: Math.round(size.height * OVERLAY.offsetYFraction) },
              opacity: OVERLAY.opacity,
              blend_mode: OVERLAY.blendMode,
              z_index: 1,
            },
          },
        ],
      },
      {
        id: 'music',
        type: 'audio',
        clips: [
          {
            id: 'song',
            media_url: url(MEDIA_FILES.audio),
            start_time_ms: 0,
            end_time_ms: ms,
            properties: { volume: MUSIC.volume, fade_in_ms: MUSIC.fadeInMs, fade_out_ms: MUSIC.fadeOutMs },
          },
        ],
      },
      {
        id: 'captions',
        type: 'subtitle',
        clips: [{ id: 'zh', media_url: url(MEDIA_FILES.subtitles), start_time_ms: 0, end_time_ms: ms, properties: subtitleProps }],
      },
    ],
  };
  return {
    input: {
      timeline,
      output: taskOutput(size),
    },
    webhook: { url: webhookUrl, events: ['task.started', 'task.completed', 'task.failed'] },
  };
}

/** The output of the benches' create bodies: `size`, MP4 H.264 at standard quality. */
export function taskOutput(size: ReferenceSize): CreateTaskInput['input']['output'] {
  return { resolution: { width: size.width, height: size.height }, framerate: size.fps, format: 'mp4', quality: 'standard', codec: 'h264' };
}

export function resolvedOutput(size: ReferenceSize): ResolvedOutput {
  return { width: size.width, height: size.height, framerate: size.fps, format: 'mp4', quality: 'standard', codec: 'h264' };
}

/**
 * The animated variant of the reference: the same media and layout, every layer
 * keyframed and a transition on every clip (subtitles take neither): the video
 * zooms slowly and drifts, fading in and out; the overlay drifts, turns and
 * changes its opacity, sliding in from the right edge and wiped out; the
 * music's volume dips and comes back.
 */
export function animatedReferenceTaskBody(size: ReferenceSize, mediaBase: string, webhookUrl: string, suffix = ''): CreateTaskInput {
  const body = referenceTaskBody(size, mediaBase, webhookUrl, suffix);
  const ms = size.seconds * 1000;
  const track = (id: string) => body.input.timeline.tracks.find((t) => t.id === id)?.clips[0];
  const animate = (id: string, properties: Record<string, unknown>) => {
    const clip = track(id);
    if (clip !== undefined) clip.properties = { ...clip.properties, ...properties };
  };
  const keyframes = (...frames: Array<[number, unknown, string?]>) => ({
    keyframes: frames.map(([time_ms, value, easing]) => ({ time_ms, value, ...(easing === undefined ? {} : { easing }) })),
  });
  const overlayAt = { x: Math.round(size.width * OVERLAY.offsetXFraction), y: Math.round(size.height * OVERLAY.offsetYFraction) };
  animate('main', {
    scale: keyframes([0, { x: 1, y: 1 }], [ms, { x: 1.15, y: 1.15 }, 'ease-in-out']),
    position: keyframes([0, { x: 0, y: 0 }], [ms, { x: -Math.round(size.width * 0.03), y: Math.round(size.height * 0.03) }]),
    transition: { in: { type: 'fade', duration_ms: 1_000 }, out: { type: 'fade', duration_ms: 1_000 } },
  });
  animate('overlay', {
    position: keyframes(
      [0, overlayAt],
      [ms, { x: overlayAt.x - Math.round(size.width * 0.05), y: overlayAt.y + Math.round(size.height * 0.05) }, 'ease-in-out'],
    ),
    rotation: keyframes([0, -10], [ms, 10]),
    opacity: keyframes([0, 0.5], [ms / 2, OVERLAY.opacity, 'ease-out'], [ms, 0.9]),
    transition: { in: { type: 'slide-left', duration_ms: 800 }, out: { type: 'wipe-right', duration_ms: 800 } },
  });
  animate('music', { volume: keyframes([0, MUSIC.volume], [ms / 2, MUSIC.volume / 2, 'ease-in-out'], [ms, MUSIC.volume, 'ease-in-out']) });
  return body;
}

const KIND_BY_FILE: Record<string, MediaKind> = { [MEDIA_FILES.video]: 'video', [MEDIA_FILES.image]: 'image', [MEDIA_FILES.audio]: 'audio' };

/**
 * The render plan the worker would build for the reference body (or its
 * animated variant), by the same planner, media read over http from `mediaBase`.
 */
export function referencePlan(size: ReferenceSize, mediaDir: string, mediaBase: string, animated = false): RenderPlan {
  const body = (animated ? animatedReferenceTaskBody : referenceTaskBody)(size, mediaBase, 'https://unused.invalid/');
  return planOf(body, size, mediaBase, join(mediaDir, MEDIA_FILES.subtitles));
}

/** What the planner makes of `body`, its media read over http from `mediaBase`, its subtitles from `subtitlePath`. */
function planOf(body: CreateTaskInput, size: ReferenceSize, mediaBase: string, subtitlePath: string): RenderPlan {
  return planTimeline({
    timeline: body.input.timeline,
    output: resolvedOutput(size),
    resolveMediaSrc: (_track, _clip, input) => ({ src: input.media_url, kind: KIND_BY_FILE[input.media_url.slice(mediaBase.length)] }),
    readSubtitleFile: () => readFileSync(subtitlePath),
  });
}

/**
 * The reference plan with its subtitles replaced by CAPTION_FILE in the youtube preset: plain subtitles, or
 * word-level captions in `highlight` (each cue's time split over its words), for bench:render --words.
 */
export function captionedReferencePlan(size: ReferenceSize, mediaDir: string, mediaBase: string, words: boolean): RenderPlan {
  const body = referenceTaskBody(size, mediaBase, 'https://unused.invalid/');
  const captions = body.input.timeline.tracks.find((track) => track.type === 'subtitle')?.clips[0];
  if (captions === undefined) throw new Error('the reference timeline has no subtitle clip');
  captions.media_url = `${mediaBase}${CAPTION_FILE}`;
  captions.properties = { preset: 'youtube', ...(words ? { words: { style: 'highlight', scale: 1.2 } } : {}) };
  return planOf(body, size, mediaBase, join(mediaDir, CAPTION_FILE));
}

/** A CJK-capable TrueType/OpenType font for drawtext (Debian fonts-noto-cjk), else DejaVu (Chinese then draws as boxes). */
export function drawtextFont(): { path: string; cjk: boolean } {
  const noto = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
  if (existsSync(noto)) return { path: noto, cjk: true };
  return { path: '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf', cjk: false };
}
