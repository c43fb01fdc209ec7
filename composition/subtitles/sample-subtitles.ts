import { staticFile } from 'remotion';
import { mergeFontFaces } from '../../src/fonts/font-catalogue';
import type { PlanFontFace, PlanSubtitleLayer } from '../../src/render/render-plan.types';
import { timelineFrames } from '../../src/render/render-plan.builder';
import { buildSubtitleLayer } from '../../src/subtitles/subtitle-layer.builder';
import { parseSubtitleFile } from '../../src/subtitles/subtitle-parser';
import type { OutputInput, TimelineInput } from '../../src/tasks/task-input.types';

/**
 * Subtitle layers of a Studio sample timeline: each subtitle clip's media_url
 * names a file in the public dir, fetched and parsed in the browser with the
 * same parser and builder the worker runs. Call it from an async
 * calculateMetadata and merge the result into the sample's plan.
 */
export async function loadSampleSubtitles(
  timeline: TimelineInput,
  output: OutputInput,
): Promise<{ subtitles: PlanSubtitleLayer[]; fonts: PlanFontFace[] }> {
  const fps = output.framerate ?? 30;
  const canvas = { width: output.resolution.width, height: output.resolution.height };
  const subtitles: PlanSubtitleLayer[] = [];
  const fonts: PlanFontFace[][] = [];
  for (const track of timeline.tracks) {
    if (track.type !== 'subtitle') continue;
    for (const clip of track.clips) {
      const response = await fetch(staticFile(clip.media_url));
      if (!response.ok) throw new Error(`sample subtitle ${clip.media_url}: HTTP ${response.status}`);
      const cues = parseSubtitleFile(await response.text(), clip.media_url);
      const built = buildSubtitleLayer({
        id: `${track.id}/${clip.id}`, clip, cues, fps, canvas, timelineFrames: timelineFrames(timeline.duration_ms, fps),
      });
      subtitles.push(built.layer);
      fonts.push(built.fonts);
    }
  }
  return { subtitles, fonts: mergeFontFaces(...fonts) };
}
