import { staticFile } from 'remotion';
import type { RenderPlan } from '../../src/render/plan/render-plan.types';
import { samplePlan, type SampleInput } from '../samples/sample-plans';

/**
 * The whole plan of a Studio sample: each subtitle clip's media_url names a
 * file in the public dir, fetched here in the browser, then the sample is
 * planned by the worker's planner. Call it from an async calculateMetadata.
 */
export async function loadSamplePlan(sample: SampleInput): Promise<RenderPlan> {
  const urls = sample.timeline.tracks.filter((track) => track.type === 'subtitle').flatMap((track) => track.clips.map((clip) => clip.media_url));
  const texts = await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(staticFile(url));
      if (!response.ok) throw new Error(`sample subtitle ${url}: HTTP ${response.status}`);
      return [url, await response.text()] as const;
    }),
  );
  return samplePlan(sample, new Map(texts));
}
