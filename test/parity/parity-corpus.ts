/**
 * The parity corpus: timelines that together use every property of the spec,
 * each rendered by both engines and compared (test/parity, bench/parity.ts).
 * Media are generated with ffmpeg into a MediaFixtures directory, at sizes
 * that do not depend on the output size, so the same corpus serves the tiny
 * test tier and the 1280x720 benchmark.
 */
import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { OutputCodec, OutputFormat, ResolvedLoudness, TrackInput } from '../../src/task-input/task-input.types';
import { BLEND_MODES, CODECS_BY_FORMAT } from '../../src/task-input/input-values';
import { type MediaFixtures, textTrack } from '../integration/render/render-fixtures';
import { writeSound } from '../support/sound';
import { projectRoot } from '../../src/common/project-root';

const run = promisify(execFile);
const ffmpeg = (args: string[]) => run('ffmpeg', ['-loglevel', 'error', '-y', ...args]);
const SOFTEN_SIGMA = 1;
const LOGO_SQUARE = 'between(X\\,30\\,170)*between(Y\\,30\\,170)';
const LOGO_CENTRE = 'between(X\\,70\\,130)*between(Y\\,70\\,130)';
// projectRoot(), not __dirname: bench:parity runs this file compiled, from dist/.
const SAMPLE_SUBTITLES = join(projectRoot(), 'composition', 'public', 'samples', 'subtitles');

export interface ParityCase {
  name: string;
  durationMs: number;
  tracks: TrackInput[];
  format?: OutputFormat;
  codec?: OutputCodec;
  /** Whether the audio is compared (loudness and fades): the cases that have sound worth measuring. */
  audio?: boolean;
  /** `output.audio.loudness`: both files are normalised as the worker does, then compared. */
  loudness?: ResolvedLoudness;
}

/** Writes every medium the corpus names into the fixtures directory. */
export async function makeParityMedia(fixtures: MediaFixtures): Promise<void> {
  const p = (name: string) => fixtures.path(name);
  // Softened like camera footage (gblur): Remotion passes every frame through a JPEG, which alone caps
  // PSNR near 35 dB on testsrc's one-pixel saturated colour edges, even for a still both engines draw alike.
  const bars = (size: string, seconds: number, extra: string[] = [], encode = 'scale=out_color_matrix=bt601,format=yuv420p') => [
    '-f',
    'lavfi',
    '-i',
    `testsrc2=s=${size}:r=30:d=${seconds},gblur=sigma=${SOFTEN_SIGMA}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=330:duration=${seconds}:sample_rate=48000`,
    '-vf',
    encode,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '12',
    ...extra,
    '-c:a',
    'aac',
    '-shortest',
  ];
  await Promise.all([
    ffmpeg([...bars('640x360', 3), p('bars.mp4')]),
    ffmpeg([...bars('640x360', 0.5), p('bars-short.mp4')]),
    ffmpeg([...bars('160x90', 1), p('bars-small.mp4')]),
    ffmpeg(['-f', 'lavfi', '-i', `testsrc=s=320x240,gblur=sigma=${SOFTEN_SIGMA}`, '-frames:v', '1', p('pattern.png')]),
    // A translucent blue square with an opaque red centre on a transparent ground.
    ffmpeg([
      '-f',
      'lavfi',
      '-i',
      'color=c=black:s=200x200,format=rgba',
      '-vf',
      `geq=r='if(${LOGO_CENTRE},240,32)':g='if(${LOGO_CENTRE},64,192)':b='if(${LOGO_CENTRE},32,240)':a='if(${LOGO_CENTRE},255,if(${LOGO_SQUARE},204,0))'`,
      '-frames:v',
      '1',
      p('logo.png'),
    ]),
    ffmpeg(['-f', 'lavfi', '-i', 'sine=frequency=1000:duration=3:sample_rate=48000', '-af', 'volume=0.5', p('tone.wav')]),
    // Sources whose colour differs only in the tags: the decoder must pick the matrix from them (or the size).
    ffmpeg([
      ...bars('640x360', 1, ['-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709'], 'scale=out_color_matrix=bt709,format=yuv420p'),
      p('tagged-709.mp4'),
    ]),
    ffmpeg([...bars('1280x720', 1, ['-colorspace', 'smpte170m', '-color_primaries', 'smpte170m', '-color_trc', 'smpte170m']), p('tagged-601.mp4')]),
    ffmpeg([...bars('640x480', 1), p('untagged-640x480.mp4')]),
    ffmpeg([...bars('1280x720', 1), p('untagged-1280x720.mp4')]),
  ]);
  await Promise.all([writeSound(p('bed.wav'), 'bed', 3), writeSound(p('bursts.wav'), 'bursts', 3), writeSound(p('speech.wav'), 'speech', 3)]);
  for (const name of ['en.srt', 'zh.srt', 'ja.srt', 'ko.vtt']) await copyFile(join(SAMPLE_SUBTITLES, name), p(name));
  const cue = (i: number) => {
    const t = (ms: number) => `00:00:0${Math.floor(ms / 1000)},${String(ms % 1000).padStart(3, '0')}`;
    return `${i + 1}\n${t(i * 200)} --> ${t(i * 200 + 200)}\nCue ${i + 1} 字幕 ${'■'.repeat(i % 4)}\n`;
  };
  await writeFile(p('rapid.srt'), Array.from({ length: 10 }, (_, i) => cue(i)).join('\n'));
  await writeFile(
    p('words.vtt'),
    'WEBVTT\n\n00:00.000 --> 00:01.000\nHere <00:00.300>comes <00:00.500>every <00:00.800>word\n\n00:01.000 --> 00:02.000\nthen <00:01.400>the <00:01.600>next line\n',
  );
  const timed = (text: string, from: number, to: number) => {
    const words = text.split(' ');
    const step = (to - from) / words.length;
    return {
      start: from,
      end: to,
      text: ` ${text}`,
      words: words.map((word, i) => ({ word: ` ${word}`, start: from + i * step, end: from + (i + 1) * step })),
    };
  };
  await writeFile(p('words.json'), JSON.stringify({ segments: [timed('A transcript from speech', 0, 1), timed('as Whisper writes it', 1, 2)] }));
}

type Props = Record<string, unknown>;
const clip = (id: string, media: string, start: number, end: number, properties: Props = {}) => ({
  id,
  media_url: media,
  start_time_ms: start,
  end_time_ms: end,
  properties,
});
const video = (id: string, clips: ReturnType<typeof clip>[]): TrackInput => ({ id, type: 'video', clips });
const backdrop = (ms: number, media = 'pattern.png') => video('backdrop', [clip('bg', media, 0, ms, { fit: 'fill', z_index: 0 })]);
const keyframes = (...frames: Array<[number, unknown, string?]>) => ({
  keyframes: frames.map(([time_ms, value, easing]) => ({ time_ms, value, ...(easing === undefined ? {} : { easing }) })),
});
const transition = (into: string | null, out: string | null, ms = 500) => ({
  transition: { ...(into === null ? {} : { in: { type: into, duration_ms: ms } }), ...(out === null ? {} : { out: { type: out, duration_ms: ms } }) },
});
const titles = (id: string, clips: Array<{ id: string; text: string; start: number; end: number; properties: Props }>): TrackInput =>
  textTrack(
    id,
    clips.map((c) => ({ id: c.id, text: c.text, start_time_ms: c.start, end_time_ms: c.end, properties: c.properties })),
  );
const TITLE = { font_size: 28, color: '#FFFFFF', background: { color: '#1E3A8A', opacity: 0.85, padding: 10, radius: 8 } };

const PRESETS = ['netflix', 'youtube', 'professional', 'minimal', 'cinema', 'douyin', 'xiaohongshu', 'wechat-video', 'custom'];
const CUSTOM_STYLE = {
  font_size: 40,
  color: '#FFE14D',
  outline: { enabled: true, width: 3, color: '#202020' },
  shadow: { enabled: true, offset_x: 3, offset_y: 3, blur: 6, color: '#000000', opacity: 0.6 },
};

/** Each preset for 400 ms of `file`; with `extra` (e.g. word-level captions) on every clip. */
function subtitlePresets(language: string, file: string, extra: Props = {}, name = `subtitles-${language}`): ParityCase {
  const slot = 400;
  const style = (preset: string): Props => ({ preset, ...(preset === 'custom' ? CUSTOM_STYLE : {}), ...extra });
  return {
    name,
    durationMs: PRESETS.length * slot,
    tracks: [
      backdrop(PRESETS.length * slot, 'bars.mp4'),
      { id: 'subs', type: 'subtitle', clips: PRESETS.map((preset, i) => clip(preset, file, i * slot, (i + 1) * slot, style(preset))) },
    ],
  };
}

const wordClip = (file: string, properties: Props): TrackInput => ({ id: 'subs', type: 'subtitle', clips: [clip('words', file, 0, 2_000, properties)] });

/** Word-level captions (docs/extensions.md §4): each style, each source of word times, a CJK cue split per character. */
const WORD_CORPUS: ParityCase[] = [
  {
    name: 'words-vtt-highlight-scaled',
    durationMs: 2_000,
    tracks: [backdrop(2_000, 'bars.mp4'), wordClip('words.vtt', { preset: 'youtube', words: { style: 'highlight', highlight_color: '#FF4080', scale: 1.3 } })],
  },
  {
    name: 'words-json-reveal',
    durationMs: 2_000,
    tracks: [backdrop(2_000, 'bars.mp4'), wordClip('words.json', { preset: 'professional', words: { style: 'reveal' } })],
  },
  {
    name: 'words-json-highlight',
    durationMs: 2_000,
    tracks: [backdrop(2_000, 'bars.mp4'), wordClip('words.json', { preset: 'custom', ...CUSTOM_STYLE, words: { highlight_color: '#40C0FF', scale: 1.5 } })],
  },
  {
    name: 'words-split-chinese-highlight',
    durationMs: 2_000,
    tracks: [backdrop(2_000, 'bars.mp4'), wordClip('zh.srt', { preset: 'douyin', words: {} })],
  },
  {
    name: 'words-split-english-reveal',
    durationMs: 2_000,
    tracks: [backdrop(2_000, 'bars.mp4'), wordClip('en.srt', { preset: 'netflix', words: { style: 'reveal' } })],
  },
  subtitlePresets('chinese', 'zh.srt', { words: { scale: 1.3 } }, 'words-every-preset-chinese'),
];

/**
 * Divide by (1 - Cs) or Cs: one level of difference in the decoded backdrop near 0 or 255 swings the result across
 * the range, so they only match when the compositor reduces the video exactly as Chromium's mipmaps do. Their own
 * timeline, with longer clips, so every frame of theirs is compared.
 */
const UNSTABLE_BLENDS = ['color-dodge', 'color-burn'];
const BLENDS = BLEND_MODES.filter((mode) => mode !== 'normal' && !UNSTABLE_BLENDS.includes(mode));

/** Keyframes, transitions and text clips (docs/extensions.md): every transition, every easing, text with a box. */
const MOTION_CORPUS: ParityCase[] = [
  {
    name: 'transition-fade',
    durationMs: 1_500,
    tracks: [
      backdrop(1_500),
      video('v', [clip('video', 'bars.mp4', 0, 1_500, { scale: { x: 0.6, y: 0.6 }, z_index: 1, ...transition('fade', 'fade') })]),
      video('i', [
        clip('logo', 'logo.png', 300, 1_500, { scale: { x: 0.4, y: 0.4 }, position: { x: 90, y: -40 }, z_index: 2, ...transition('fade', 'fade', 400) }),
      ]),
    ],
  },
  ...[
    ['wipe-right', 'wipe-left'],
    ['wipe-down', 'wipe-up'],
  ].map(([a, b]): ParityCase => ({
    name: `transition-${a}-${b}`,
    durationMs: 2_000,
    tracks: [
      backdrop(2_000, 'bars.mp4'),
      video('v', [
        clip('first', 'pattern.png', 0, 1_000, { scale: { x: 0.7, y: 0.7 }, z_index: 1, ...transition(a, b) }),
        clip('second', 'bars.mp4', 1_000, 2_000, { scale: { x: 0.7, y: 0.7 }, rotation: 15, z_index: 1, ...transition(b, a) }),
      ]),
    ],
  })),
  ...[
    ['slide-right', 'slide-left'],
    ['slide-down', 'slide-up'],
  ].map(([a, b]): ParityCase => ({
    name: `transition-${a}-${b}`,
    durationMs: 2_000,
    tracks: [
      backdrop(2_000),
      video('v', [
        clip('first', 'bars.mp4', 0, 1_000, { scale: { x: 0.5, y: 0.5 }, z_index: 1, ...transition(a, b) }),
        clip('second', 'logo.png', 1_000, 2_000, { scale: { x: 0.5, y: 0.5 }, z_index: 1, ...transition(b, a) }),
      ]),
    ],
  })),
  {
    name: 'transition-zoom',
    durationMs: 1_500,
    tracks: [
      backdrop(1_500, 'bars.mp4'),
      video('v', [clip('logo', 'logo.png', 0, 1_500, { scale: { x: 0.6, y: 0.6 }, z_index: 1, ...transition('zoom', 'zoom', 600) })]),
    ],
  },
  {
    name: 'keyframes-linear-and-hold',
    durationMs: 2_000,
    tracks: [
      backdrop(2_000),
      video('v', [
        clip('video', 'bars.mp4', 0, 2_000, {
          scale: { x: 0.4, y: 0.4 },
          position: keyframes([0, { x: -80, y: -40 }], [1_000, { x: 80, y: 40 }], [1_500, { x: -60, y: 30 }, 'hold']),
          opacity: keyframes([0, 1], [2_000, 0.3]),
          z_index: 1,
        }),
      ]),
    ],
  },
  {
    name: 'keyframes-ease-in-out',
    durationMs: 2_000,
    tracks: [
      backdrop(2_000, 'bars.mp4'),
      video('v', [
        clip('logo', 'logo.png', 0, 2_000, {
          scale: keyframes([0, { x: 0.3, y: 0.3 }], [1_000, { x: 0.7, y: 0.5 }, 'ease-in'], [2_000, { x: 0.4, y: 0.4 }, 'ease-out']),
          rotation: keyframes([0, -30], [2_000, 45, 'ease-in-out']),
          position: keyframes([0, { x: 60, y: 0 }], [2_000, { x: -60, y: 10 }, 'ease-in-out']),
          z_index: 1,
        }),
      ]),
    ],
  },
  {
    name: 'keyframes-blended-video',
    durationMs: 1_500,
    tracks: [
      backdrop(1_500),
      video('v', [
        clip('screen', 'bars.mp4', 0, 1_500, {
          blend_mode: 'screen',
          scale: { x: 0.5, y: 0.5 },
          position: keyframes([0, { x: -50, y: 20 }], [1_500, { x: 50, y: -20 }]),
          opacity: keyframes([0, 0.5], [1_500, 1]),
          z_index: 1,
        }),
      ]),
    ],
  },
  {
    name: 'text-box-rotation-keyframes',
    durationMs: 2_000,
    tracks: [
      backdrop(2_000, 'bars.mp4'),
      titles('titles', [
        {
          id: 'title',
          text: 'Parity title\n字幕 two lines',
          start: 0,
          end: 2_000,
          properties: {
            ...TITLE,
            position: keyframes([0, { x: 120, y: 120 }], [2_000, { x: 200, y: 150 }, 'ease-in-out']),
            rotation: keyframes([0, -8], [2_000, 8]),
            scale: keyframes([0, { x: 0.8, y: 0.8 }], [1_000, { x: 1, y: 1 }, 'ease-out']),
            ...transition('fade', 'wipe-right', 400),
          },
        },
      ]),
    ],
  },
  {
    name: 'text-transitions',
    durationMs: 2_000,
    tracks: [
      backdrop(2_000),
      titles('titles', [
        {
          id: 'slide',
          text: 'Slide in',
          start: 0,
          end: 1_000,
          properties: { ...TITLE, position: { x: 110, y: 80 }, ...transition('slide-right', 'zoom', 400) },
        },
        {
          id: 'wipe',
          text: 'Wiped',
          start: 1_000,
          end: 2_000,
          properties: { ...TITLE, position: { x: 200, y: 150 }, ...transition('wipe-up', 'slide-down', 400) },
        },
      ]),
    ],
  },
  {
    name: 'text-above-and-below-video',
    durationMs: 1_500,
    tracks: [
      backdrop(1_500),
      titles('under', [{ id: 'under', text: 'Under the video', start: 0, end: 1_500, properties: { ...TITLE, position: { x: 160, y: 100 }, z_index: 1 } }]),
      video('v', [clip('video', 'bars.mp4', 0, 1_500, { scale: { x: 0.35, y: 0.35 }, z_index: 2, ...transition('slide-left', null) })]),
      titles('over', [
        {
          id: 'over',
          text: 'Over it',
          start: 200,
          end: 1_500,
          properties: { ...TITLE, position: { x: 160, y: 110 }, z_index: 3, opacity: keyframes([0, 0.4], [1_000, 1]) },
        },
      ]),
    ],
  },
  {
    name: 'volume-keyframes',
    durationMs: 2_000,
    audio: true,
    tracks: [
      backdrop(2_000),
      {
        id: 'music',
        type: 'audio',
        // The hold drops to 0.4 (-8 dB), across the sound span's 6 dB line: at 0.5 the level sat on that line, and the
        // engines' roundings of it (1/97 steps, 0.05 dB) fell either side.
        clips: [clip('tone', 'tone.wav', 0, 2_000, { volume: keyframes([0, 0.2], [800, 1, 'ease-in'], [1_400, 0.4, 'hold']), fade_out_ms: 300 })],
      },
    ],
  },
];

/** Ducking and loudness (docs/extensions.md): the gains both engines apply frame by frame, and the loudness pass. */
const SOUND_CORPUS: ParityCase[] = [
  {
    name: 'ducking-under-voice-and-video',
    durationMs: 3_000,
    audio: true,
    tracks: [
      video('v', [clip('own-sound', 'bars.mp4', 1_800, 3_000, { z_index: 1, ducking: { under: ['voice'], amount_db: 20, attack_ms: 0, release_ms: 100 } })]),
      {
        id: 'music',
        type: 'audio',
        clips: [
          clip('bed', 'bed.wav', 0, 3_000, { volume: 0.8, fade_in_ms: 300, ducking: { under: ['voice', 'v'], amount_db: 12, attack_ms: 50, release_ms: 400 } }),
        ],
      },
      // Quieter than the bed: hard-gated bursts alone measure 0.3-0.4 LU apart between the engines (ebur128's gate
      // on their edges), ducking or not; the ducked bed and video are what this timeline compares.
      { id: 'voice', type: 'audio', clips: [clip('bursts', 'bursts.wav', 0, 3_000, { volume: 0.3 })] },
    ],
  },
  {
    name: 'loudness-normalised',
    durationMs: 3_000,
    audio: true,
    loudness: { targetLufs: -16, truePeakDb: -1 },
    tracks: [
      video('v', [clip('own-sound', 'bars.mp4', 0, 3_000, { volume: 0.5 })]),
      { id: 'talk', type: 'audio', clips: [clip('speech', 'speech.wav', 0, 3_000, { volume: 0.4 })] },
    ],
  },
];

export const PARITY_CORPUS: ParityCase[] = [
  {
    name: 'fit-modes',
    durationMs: 1_200,
    tracks: [
      backdrop(1_200),
      video('v', [
        clip('contain', 'bars.mp4', 0, 400, { fit: 'contain', z_index: 1 }),
        clip('cover', 'logo.png', 400, 800, { fit: 'cover', z_index: 1 }),
        clip('fill', 'bars.mp4', 800, 1_200, { fit: 'fill', z_index: 1 }),
      ]),
    ],
  },
  {
    name: 'scale-and-position',
    durationMs: 1_000,
    tracks: [
      backdrop(1_000, 'bars.mp4'),
      video('v', [
        clip('squeezed', 'bars.mp4', 0, 1_000, { scale: { x: 0.5, y: 0.8 }, position: { x: -60, y: 30 }, z_index: 1 }),
        clip('offcanvas', 'logo.png', 0, 1_000, { scale: { x: 1.5, y: 0.7 }, position: { x: 200, y: -120 }, z_index: 2 }),
      ]),
    ],
  },
  {
    name: 'rotation-and-opacity',
    durationMs: 1_200,
    tracks: [
      backdrop(1_200),
      video('v', [
        clip('r90', 'bars.mp4', 0, 600, { rotation: 90, z_index: 1 }),
        clip('r33', 'bars.mp4', 600, 1_200, { rotation: 33, opacity: 0.3, z_index: 1 }),
        clip('logo33', 'logo.png', 0, 1_200, { rotation: -33, scale: { x: 0.6, y: 0.6 }, z_index: 2 }),
      ]),
    ],
  },
  {
    name: 'blend-image-over-video',
    durationMs: BLENDS.length * 200,
    tracks: [
      backdrop(BLENDS.length * 200, 'bars.mp4'),
      video(
        'top',
        BLENDS.map((mode, i) => clip(mode, 'pattern.png', i * 200, (i + 1) * 200, { blend_mode: mode, fit: 'fill', z_index: 1 })),
      ),
    ],
  },
  {
    name: 'dodge-and-burn-over-video',
    durationMs: 2 * UNSTABLE_BLENDS.length * 500,
    tracks: [
      // Reduced first, then enlarged (at every output size the corpus is drawn at), under each mode.
      video('backdrop', [
        clip('reduced', 'bars.mp4', 0, UNSTABLE_BLENDS.length * 500, { fit: 'fill', z_index: 0 }),
        clip('enlarged', 'bars-small.mp4', UNSTABLE_BLENDS.length * 500, 2 * UNSTABLE_BLENDS.length * 500, { fit: 'fill', z_index: 0 }),
      ]),
      video(
        'top',
        [...UNSTABLE_BLENDS, ...UNSTABLE_BLENDS].map((mode, i) =>
          clip(`${mode}-${i}`, 'pattern.png', i * 500, (i + 1) * 500, { blend_mode: mode, fit: 'fill', z_index: 1 }),
        ),
      ),
    ],
  },
  {
    name: 'blend-video-over-image',
    durationMs: BLENDS.length * 200,
    tracks: [
      backdrop(BLENDS.length * 200),
      video(
        'top',
        BLENDS.map((mode, i) =>
          clip(mode, 'bars.mp4', i * 200, (i + 1) * 200, { blend_mode: mode, scale: { x: 0.8, y: 0.8 }, opacity: i % 2 === 0 ? 1 : 0.6, z_index: 1 }),
        ),
      ),
    ],
  },
  {
    name: 'background-blur',
    durationMs: 1_000,
    tracks: [
      video('bg', [
        clip('blur10', 'bars.mp4', 0, 500, { layer_type: 'background', background_blur: 10, fit: 'cover' }),
        clip('blur80', 'bars.mp4', 500, 1_000, { layer_type: 'background', background_blur: 80, fit: 'cover' }),
      ]),
      video('fg', [clip('logo', 'logo.png', 0, 1_000, { scale: { x: 0.5, y: 0.5 } })]),
    ],
  },
  {
    name: 'z-index-against-track-order',
    durationMs: 1_000,
    tracks: [
      video('listed-first', [clip('top', 'logo.png', 0, 1_000, { z_index: 3, scale: { x: 0.5, y: 0.5 } })]),
      video('listed-second', [clip('middle', 'bars.mp4', 0, 1_000, { z_index: 2, scale: { x: 0.7, y: 0.7 } })]),
      video('listed-last', [clip('bottom', 'pattern.png', 0, 1_000, { z_index: 1, fit: 'fill' })]),
    ],
  },
  {
    name: 'image-between-videos',
    durationMs: 1_000,
    tracks: [
      backdrop(1_000, 'bars.mp4'),
      video('mid', [clip('image', 'pattern.png', 0, 1_000, { scale: { x: 0.6, y: 0.6 }, z_index: 1 })]),
      video('upper', [clip('video', 'bars.mp4', 200, 1_000, { scale: { x: 0.4, y: 0.4 }, rotation: 20, position: { x: 60, y: 20 }, z_index: 2 })]),
    ],
  },
  {
    name: 'video-shorter-and-longer-than-clip',
    durationMs: 1_600,
    tracks: [backdrop(1_600), video('v', [clip('short', 'bars-short.mp4', 0, 1_000, { z_index: 1 }), clip('long', 'bars.mp4', 1_000, 1_600, { z_index: 1 })])],
  },
  subtitlePresets('english', 'en.srt'),
  subtitlePresets('chinese', 'zh.srt'),
  subtitlePresets('japanese', 'ja.srt'),
  subtitlePresets('korean', 'ko.vtt'),
  ...WORD_CORPUS,
  {
    name: 'cue-every-200ms',
    durationMs: 2_000,
    tracks: [backdrop(2_000, 'bars.mp4'), { id: 'subs', type: 'subtitle', clips: [clip('rapid', 'rapid.srt', 0, 2_000, { preset: 'youtube' })] }],
  },
  {
    name: 'audio-fades-and-video-sound',
    durationMs: 2_000,
    audio: true,
    tracks: [
      video('v', [clip('own-sound', 'bars.mp4', 500, 2_000, { z_index: 1 })]),
      { id: 'music', type: 'audio', clips: [clip('tone', 'tone.wav', 0, 2_000, { volume: 0.8, fade_in_ms: 400, fade_out_ms: 500 })] },
    ],
  },
  {
    name: 'colour-tags',
    durationMs: 1_200,
    tracks: [
      video('v', [
        clip('709', 'tagged-709.mp4', 0, 300, { fit: 'fill' }),
        clip('601', 'tagged-601.mp4', 300, 600, { fit: 'fill' }),
        clip('u480', 'untagged-640x480.mp4', 600, 900, { fit: 'fill' }),
        clip('u720', 'untagged-1280x720.mp4', 900, 1_200, { fit: 'fill' }),
      ]),
    ],
  },
  ...Object.entries(CODECS_BY_FORMAT).flatMap(([format, codecs]) =>
    codecs.map((codec): ParityCase => ({
      name: `output-${format}-${codec}`,
      durationMs: 1_000,
      format: format as OutputFormat,
      codec,
      tracks: [backdrop(1_000, 'bars.mp4'), video('v', [clip('logo', 'logo.png', 0, 1_000, { scale: { x: 0.5, y: 0.5 }, z_index: 1 })])],
    })),
  ),
  ...MOTION_CORPUS,
  ...SOUND_CORPUS,
];
