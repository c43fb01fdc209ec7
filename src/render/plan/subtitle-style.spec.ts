import type { SubtitlePreset } from '../../task-input/task-input.types';
import { SUBTITLE_PRESETS } from '../../subtitles/subtitle-presets';
import { maxCharsFor, resolveSubtitleStyle } from './subtitle-style';

const HD = { width: 1920, height: 1080 };
const UHD = { width: 3840, height: 2160 };

describe('resolveSubtitleStyle', () => {
  it('defaults to netflix: white, soft shadow, no outline, lower part of the frame', () => {
    const s = resolveSubtitleStyle(undefined, HD);
    expect(s.color).toBe('#FFFFFF');
    expect(s.outline).toBeNull();
    expect(s.shadow).toEqual({ offsetXPx: 0, offsetYPx: 2, blurPx: 8, color: '#000000', opacity: 0.85 });
    expect(s.anchorX).toBe(960);
    expect(s.anchorY).toBeGreaterThan(1080 * 0.85);
    expect(s.fontFamily.startsWith('"Render Liberation Sans"')).toBe(true);
  });

  it('scales preset sizes with the output and by the shorter side for portrait', () => {
    const hd = resolveSubtitleStyle({ preset: 'douyin' }, HD);
    const uhd = resolveSubtitleStyle({ preset: 'douyin' }, UHD);
    const portrait = resolveSubtitleStyle({ preset: 'douyin' }, { width: 1080, height: 1920 });
    expect(uhd.fontSizePx).toBe(hd.fontSizePx * 2);
    expect(uhd.outline?.widthPx).toBe((hd.outline?.widthPx ?? 0) * 2);
    expect(portrait.fontSizePx).toBe(hd.fontSizePx);
    expect(portrait.anchorY).toBeCloseTo(1920 * (1 - SUBTITLE_PRESETS.douyin.bottomFraction), 1);
  });

  it('lets explicit properties override the preset, unscaled', () => {
    const s = resolveSubtitleStyle(
      {
        preset: 'douyin',
        font_size: 30,
        font_family: 'times',
        color: '#ff0000',
        position: { x: 100, y: 200 },
        outline: { width: 1.5 },
        shadow: { enabled: false },
        text_wrapping: { max_chars_per_line: 9, strategy: 'character', language: 'ja' },
      },
      UHD,
    );
    expect(s.fontSizePx).toBe(30);
    expect(s.fontFamily.split(', ').slice(0, 2)).toEqual(['"Render Liberation Serif"', '"Render Noto Sans JP"']);
    expect(s.fontWeight).toBe(400);
    expect(s.color).toBe('#FF0000');
    expect([s.anchorX, s.anchorY]).toEqual([100, 200]);
    expect(s.outline).toEqual({ widthPx: 1.5, color: '#000000', blurPx: 0 });
    expect(s.shadow).toBeNull();
    expect(s.wrapping).toEqual({ enabled: true, maxCharsPerLine: 9, strategy: 'character', language: 'ja' });
  });

  it('turns an outline on when a preset has none and the clip gives one', () => {
    expect(resolveSubtitleStyle({ preset: 'netflix', outline: { enabled: true } }, HD).outline).toEqual({ widthPx: 2, color: '#000000', blurPx: 0 });
    expect(resolveSubtitleStyle({ preset: 'youtube', outline: { color: '#00FF00' } }, HD).outline?.color).toBe('#00FF00');
    expect(resolveSubtitleStyle({ preset: 'douyin', outline: { enabled: false } }, HD).outline).toBeNull();
  });

  it('never passes a colour that is not #RRGGBB into the style', () => {
    expect(resolveSubtitleStyle({ color: 'red; background: url(x)' }, HD).color).toBe('#FFFFFF');
  });

  it('resolves all nine presets with distinct looks', () => {
    const presets = Object.keys(SUBTITLE_PRESETS) as SubtitlePreset[];
    expect(presets).toHaveLength(9);
    const looks = new Set(presets.map((p) => JSON.stringify(resolveSubtitleStyle({ preset: p }, HD))));
    expect(looks.size).toBe(9);
    expect(resolveSubtitleStyle({ preset: 'youtube' }, HD).background).not.toBeNull();
    expect(resolveSubtitleStyle({ preset: 'xiaohongshu' }, HD).fontWeight).toBe(700);
  });

  it('picks the line length by script unless the clip sets one', () => {
    expect(maxCharsFor({ preset: 'netflix' }, '这是中文字幕')).toBe(16);
    expect(maxCharsFor({ preset: 'netflix' }, 'English text')).toBe(42);
    expect(maxCharsFor({ text_wrapping: { max_chars_per_line: 7 } }, 'English text')).toBe(7);
  });
});
