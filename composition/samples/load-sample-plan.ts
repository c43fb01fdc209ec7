import { staticFile } from 'remotion';
import type { RenderPlan } from '../../src/render/plan/render-plan.types';
import { mediaKindOf, samplePlan, type PictureSize, type SampleInput } from './sample-plans';

/** The text of each subtitle clip's file, by media_url. */
async function subtitleTexts(sample: SampleInput): Promise<Map<string, string>> {
  const urls = sample.timeline.tracks.filter((track) => track.type === 'subtitle').flatMap((track) => track.clips.map((clip) => clip.media_url));
  const texts = await Promise.all(
    urls.map(async (url) => {
      const response = await fetch(staticFile(url));
      if (!response.ok) throw new Error(`sample subtitle ${url}: HTTP ${response.status}`);
      return [url, await response.text()] as const;
    }),
  );
  return new Map(texts);
}

/** The size an image or a video of the public dir is shown at, as the browser reads it. */
function pictureSize(url: string): Promise<PictureSize> {
  const src = staticFile(url);
  if (mediaKindOf(url) === 'image') {
    const image = new Image();
    image.src = src;
    return image.decode().then(() => ({ width: image.naturalWidth, height: image.naturalHeight }));
  }
  return new Promise((resolve, reject) => {
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.onloadedmetadata = () => resolve({ width: video.videoWidth, height: video.videoHeight });
    video.onerror = () => reject(new Error(`sample video ${url} has no picture the browser can read`));
    video.src = src;
  });
}

/** The size of each picture on a video track, by media_url. */
async function pictureSizes(sample: SampleInput): Promise<Map<string, PictureSize>> {
  const urls = new Set(sample.timeline.tracks.filter((track) => track.type === 'video').flatMap((track) => track.clips.map((clip) => clip.media_url)));
  return new Map(await Promise.all([...urls].map(async (url) => [url, await pictureSize(url)] as const)));
}

/**
 * The whole plan of a Studio sample, as the worker plans a task once its media
 * are in: each subtitle clip's file, and each picture's size (what `contain`
 * draws, so the box a wipe cuts and a slide moves), are read from the public
 * dir here in the browser, then the sample is planned by the worker's planner.
 * Call it from an async calculateMetadata.
 */
export async function loadSamplePlan(sample: SampleInput): Promise<RenderPlan> {
  const [texts, sizes] = await Promise.all([subtitleTexts(sample), pictureSizes(sample)]);
  return samplePlan(sample, texts, sizes);
}
