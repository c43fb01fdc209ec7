import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderPlan } from '../render/plan/render-plan.types';
import { planTimeline, type MediaKind } from '../render/plan/timeline-planner';
import type { CreateTaskInput } from '../task-input/task-input.types';
import { resolveOutput } from '../tasks/create-pipeline';

const IMAGE_EXTENSIONS = /\.(png|jpe?g|webp|gif)$/i;
const AUDIO_EXTENSIONS = /\.(mp3|wav|m4a|aac|ogg|opus|flac)$/i;

/** Studio does not probe: the kind is guessed from the URL's extension, as the Studio samples do. */
function kindOf(url: string): MediaKind {
  const path = new URL(url).pathname;
  if (IMAGE_EXTENSIONS.test(path)) return 'image';
  return AUDIO_EXTENSIONS.test(path) ? 'audio' : 'video';
}

export type TextFetcher = (url: string) => Promise<string>;

/**
 * The render plan of a validated create body for Remotion Studio: the same
 * builders the worker runs, but media stay remote URLs that the Studio page
 * loads itself, and subtitle files are fetched here.
 */
export async function previewPlan(input: CreateTaskInput, fetchText: TextFetcher): Promise<RenderPlan> {
  const output = resolveOutput(input.input.output);
  const { timeline } = input.input;
  const subtitleUrls = timeline.tracks.filter((track) => track.type === 'subtitle').flatMap((track) => track.clips.map((clip) => clip.media_url));
  const texts = new Map(await Promise.all(subtitleUrls.map(async (url) => [url, await fetchText(url)] as const)));
  return planTimeline({
    timeline,
    output,
    resolveMediaSrc: (_track, _clip, clip) => ({ src: clip.media_url, kind: kindOf(clip.media_url) }),
    readSubtitleFile: (_track, _clip, clip) => {
      const text = texts.get(clip.media_url);
      if (text === undefined) throw new Error(`subtitle file ${clip.media_url} was not fetched for the preview`);
      return text;
    },
  });
}

/**
 * Opens Remotion Studio on the project's composition with the plan as input
 * props: Remotion merges input props over the `Timeline` composition's
 * default props, so that composition shows this timeline (no change to Root).
 */
export function openStudio(projectDir: string, plan: RenderPlan, extraArgs: string[]): Promise<number> {
  const propsPath = join(mkdtempSync(join(tmpdir(), 'render-cli-preview-')), 'plan.json');
  writeFileSync(propsPath, JSON.stringify(plan));
  const args = ['remotion', 'studio', 'composition/index.ts', '--public-dir=composition/public', `--props=${propsPath}`, ...extraArgs];
  const child = spawn('npx', args, { cwd: projectDir, stdio: 'inherit' });
  // Studio must not outlive the CLI when the CLI is stopped.
  const stop = () => child.kill('SIGTERM');
  process.once('SIGINT', stop).once('SIGTERM', stop);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      process.off('SIGINT', stop).off('SIGTERM', stop);
      resolve(code ?? 1);
    });
  });
}
