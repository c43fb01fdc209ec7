import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { timelineFrames } from '../../../src/render/plan/frames';
import { buildSubtitleLayer } from '../../../src/render/plan/subtitle-layer.builder';
import { parseSubtitleFile } from '../../../src/subtitles/subtitle-parser';
import { SUBTITLE_PRESETS } from '../../../src/subtitles/subtitle-presets';
import type { OutputInput, TimelineInput } from '../../../src/task-input/task-input.types';

const COMPOSITION = join(__dirname, '..', '..', '..', 'composition');
const SAMPLES = readdirSync(join(COMPOSITION, 'samples')).filter((f) => /^subtitles-.*\.json$/.test(f));

describe('Studio subtitle samples', () => {
  it('has one sample timeline per preset', () => {
    expect(SAMPLES.map((f) => f.replace(/^subtitles-|\.json$/g, '')).sort()).toEqual(Object.keys(SUBTITLE_PRESETS).sort());
  });

  it.each(SAMPLES)('%s parses and shows zh, zh-Hant, ja, ko and en cues', (file) => {
    const sample = JSON.parse(readFileSync(join(COMPOSITION, 'samples', file), 'utf8')) as { timeline: TimelineInput; output: OutputInput };
    const fps = sample.output.framerate ?? 30;
    const canvas = { width: sample.output.resolution.width, height: sample.output.resolution.height };
    const texts: string[] = [];
    for (const track of sample.timeline.tracks.filter((t) => t.type === 'subtitle')) {
      for (const clip of track.clips) {
        const cues = parseSubtitleFile(readFileSync(join(COMPOSITION, 'public', clip.media_url)), clip.media_url);
        const { layer, fonts } = buildSubtitleLayer({
          id: `${track.id}/${clip.id}`,
          clip,
          cues,
          fps,
          canvas,
          timelineFrames: timelineFrames(sample.timeline.duration_ms, fps),
        });
        expect(layer.cues.length).toBe(2);
        expect(fonts.length).toBeGreaterThan(0);
        texts.push(...layer.cues.map((c) => c.text));
      }
    }
    const all = texts.join('');
    expect(all).toMatch(/[这们]/u);
    expect(all).toMatch(/[這臺]/u);
    expect(all).toMatch(/\p{Script=Hiragana}/u);
    expect(all).toMatch(/\p{Script=Hangul}/u);
    expect(all).toMatch(/Welcome/);
  });
});
