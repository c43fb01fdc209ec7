/**
 * The Remotion adapter: renders a render plan with the bundle made at build time
 * and one long-lived headless-shell browser per worker process. Everything
 * Remotion-specific stays here; callers pass plans and paths.
 */
import { promises as fs } from 'node:fs';
import {
  ensureBrowser,
  makeCancelSignal,
  openBrowser,
  renderMedia,
  renderStill,
  type CancelSignal,
  type FfmpegOverrideFn,
  type HeadlessBrowser,
  type LogLevel,
  type RenderMediaOptions,
} from '@remotion/renderer';
import { RenderFailure } from '../common/render-failure';
import type { ResolvedOutput } from '../tasks/task-input.types';
import { encodingFor } from './encoding-settings';
import type { RenderPlan } from './plan/render-plan.types';

export type { CancelSignal };

/** A cancel handle for a render, so callers need not import Remotion. */
export function makeRenderCancelSignal(): { cancelSignal: CancelSignal; cancel: () => void } {
  return makeCancelSignal();
}

export const COMPOSITION_ID = 'Timeline';

/** Thumbnails are at most this wide (never upscaled). */
export const THUMBNAIL_MAX_WIDTH = 640;

const MIB = 1024 * 1024;
const PING_TIMEOUT_MS = 5_000;

export interface RemotionRendererOptions {
  /** The bundle folder (dist/remotion-bundle) or a URL serving it. */
  serveUrl: string;
  chromiumPath: string;
  /** Browser tabs rendering frames in parallel (≤ cores). */
  concurrency: number;
  logLevel?: LogLevel;
  /** Longest a delayRender() (media, fonts) may block a frame. */
  delayRenderTimeoutMs?: number;
  offthreadVideoCacheSizeInBytes?: number;
  mediaCacheSizeInBytes?: number;
}

export interface RenderVideoArgs {
  plan: RenderPlan;
  output: ResolvedOutput;
  outPath: string;
  /** Fraction 0–1, never decreasing. */
  onProgress: (fraction: number) => void;
  cancelSignal?: CancelSignal;
  /** Whole-render limit; past it the render stops with PROCESSING_TIMEOUT. */
  timeoutMs?: number;
}

export interface RenderVideoResult {
  outPath: string;
  durationInFrames: number;
}

type Composition = RenderMediaOptions['composition'];

function compositionFor(plan: RenderPlan): Composition {
  // The plan carries its own metadata (what Root's calculateMetadata returns), so
  // no page has to be opened just to ask the bundle for it.
  return {
    id: COMPOSITION_ID,
    width: plan.width,
    height: plan.height,
    fps: plan.fps,
    durationInFrames: plan.durationInFrames,
    defaultProps: {},
    props: { ...plan },
    defaultCodec: null,
    defaultOutName: null,
    defaultVideoImageFormat: null,
    defaultPixelFormat: null,
    defaultProResProfile: null,
    defaultSampleRate: null,
  };
}

function browserDownloadTripwire(): never {
  throw new Error('browser download is disabled: set CHROMIUM_PATH to an installed chromium-headless-shell');
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** True when a render stopped because its cancel signal fired. */
export function isRenderCancelled(err: unknown): boolean {
  // Remotion's own check (isUserCancelledRender) is not exported; its messages read "<api>() got cancelled".
  return err instanceof Error && !(err instanceof RenderFailure) && err.message.includes('() got cancelled');
}

/** Links the caller's cancel signal and an optional timeout into one signal for Remotion. */
function linkedCancel(signal: CancelSignal | undefined, timeoutMs: number | undefined) {
  const own = makeCancelSignal();
  let timedOut = false;
  signal?.(() => own.cancel());
  const timer = timeoutMs === undefined ? null : setTimeout(() => {
    timedOut = true;
    own.cancel();
  }, timeoutMs);
  return {
    cancelSignal: own.cancelSignal,
    timedOut: () => timedOut,
    dispose: () => { if (timer !== null) clearTimeout(timer); },
  };
}

/**
 * Cuts the final mux at the timeline's length: the AAC track Remotion muxes in
 * is padded to whole 1024-sample packets, which made files ~48 ms longer than
 * duration_ms.
 */
function capDuration(plan: RenderPlan): FfmpegOverrideFn {
  const seconds = (plan.durationInFrames / plan.fps).toFixed(6);
  return ({ type, args }) => (type === 'stitcher' ? [...args.slice(0, -1), '-t', seconds, ...args.slice(-1)] : args);
}

async function removeQuietly(path: string): Promise<void> {
  await fs.rm(path, { force: true }).catch(() => undefined);
}

export class RemotionRenderer {
  private browser: HeadlessBrowser | null = null;
  private opening: Promise<HeadlessBrowser> | null = null;
  private readonly logLevel: LogLevel;

  constructor(private readonly opts: RemotionRendererOptions) {
    this.logLevel = opts.logLevel ?? 'warn';
  }

  async open(): Promise<void> {
    await this.liveBrowser();
  }

  async close(): Promise<void> {
    const pending = this.opening;
    this.opening = null;
    const browser = this.browser ?? (pending ? await pending.catch(() => null) : null);
    this.browser = null;
    await browser?.close({ silent: true }).catch(() => undefined);
  }

  /** Resolves when the browser answers and the bundle is in place; throws otherwise. */
  async checkReady(): Promise<void> {
    if (!/^https?:\/\//.test(this.opts.serveUrl)) {
      await fs.access(`${this.opts.serveUrl}/index.html`);
    }
    await this.liveBrowser();
  }

  async renderVideo(args: RenderVideoArgs): Promise<RenderVideoResult> {
    const { plan, output, outPath } = args;
    const enc = encodingFor(output);
    const cancel = linkedCancel(args.cancelSignal, args.timeoutMs);
    let reported = 0;
    try {
      await renderMedia({
        ...this.common(await this.liveBrowser(), plan),
        codec: enc.codec,
        outputLocation: outPath,
        overwrite: true,
        crf: enc.crf ?? undefined,
        x264Preset: enc.x264Preset ?? undefined,
        proResProfile: enc.proResProfile ?? undefined,
        pixelFormat: enc.pixelFormat,
        audioCodec: enc.audioCodec,
        audioBitrate: enc.audioBitrate,
        colorSpace: enc.colorSpace,
        imageFormat: 'jpeg',
        jpegQuality: enc.jpegQuality,
        // Players and the spec expect an audio stream even when the timeline is silent.
        enforceAudioTrack: true,
        ffmpegOverride: capDuration(plan),
        concurrency: this.opts.concurrency,
        cancelSignal: cancel.cancelSignal,
        onProgress: ({ progress }) => {
          if (progress > reported) {
            reported = Math.min(1, progress);
            args.onProgress(reported);
          }
        },
      });
      return { outPath, durationInFrames: plan.durationInFrames };
    } catch (err) {
      await removeQuietly(outPath);
      throw this.failure(err, cancel.timedOut(), args.timeoutMs);
    } finally {
      cancel.dispose();
    }
  }

  /** A JPEG of one frame: the middle one unless `frame` is given. */
  async renderThumbnail(args: { plan: RenderPlan; outPath: string; frame?: number; cancelSignal?: CancelSignal }): Promise<void> {
    const { plan, outPath } = args;
    const last = plan.durationInFrames - 1;
    const frame = Math.min(last, Math.max(0, Math.floor(args.frame ?? last / 2)));
    try {
      await renderStill({
        ...this.common(await this.liveBrowser(), plan),
        output: outPath,
        overwrite: true,
        frame,
        imageFormat: 'jpeg',
        jpegQuality: 85,
        scale: Math.min(1, THUMBNAIL_MAX_WIDTH / plan.width),
        cancelSignal: args.cancelSignal,
      });
    } catch (err) {
      await removeQuietly(outPath);
      throw this.failure(err, false, undefined);
    }
  }

  /** A small looping GIF of the first seconds, at a few frames per second. */

  private common(browser: HeadlessBrowser, plan: RenderPlan) {
    return {
      serveUrl: this.opts.serveUrl,
      composition: compositionFor(plan),
      inputProps: { ...plan },
      puppeteerInstance: browser,
      browserExecutable: this.opts.chromiumPath,
      chromeMode: 'headless-shell' as const,
      onBrowserDownload: browserDownloadTripwire,
      logLevel: this.logLevel,
      timeoutInMilliseconds: this.opts.delayRenderTimeoutMs ?? 60_000,
      // Remotion's defaults take half of the free memory each; a worker shares the machine.
      offthreadVideoCacheSizeInBytes: this.opts.offthreadVideoCacheSizeInBytes ?? 512 * MIB,
      mediaCacheSizeInBytes: this.opts.mediaCacheSizeInBytes ?? 256 * MIB,
    };
  }

  private failure(err: unknown, timedOut: boolean, timeoutMs: number | undefined): unknown {
    if (timedOut) {
      return new RenderFailure('PROCESSING_TIMEOUT', `Rendering took longer than ${timeoutMs} ms`, true);
    }
    if (err instanceof RenderFailure || isRenderCancelled(err)) return err;
    return new RenderFailure('RENDER_FAILED', `Rendering failed: ${errorMessage(err)}`, true);
  }

  /** The shared browser, (re)opened when it is missing or stopped answering. */
  private async liveBrowser(): Promise<HeadlessBrowser> {
    if (this.opening !== null) return this.opening;
    if (this.browser !== null && await this.answers(this.browser)) return this.browser;
    const stale = this.browser;
    this.browser = null;
    this.opening = (async () => {
      await stale?.close({ silent: true }).catch(() => undefined);
      return this.launch();
    })();
    try {
      this.browser = await this.opening;
      return this.browser;
    } finally {
      this.opening = null;
    }
  }

  private async launch(): Promise<HeadlessBrowser> {
    await ensureBrowser({
      browserExecutable: this.opts.chromiumPath,
      chromeMode: 'headless-shell',
      onBrowserDownload: browserDownloadTripwire,
      logLevel: this.logLevel,
    });
    return openBrowser('chrome', {
      browserExecutable: this.opts.chromiumPath,
      chromeMode: 'headless-shell',
      logLevel: this.logLevel,
      // With a shared browser these are the only Chromium options that apply.
      // gl null: software GL via the default path, faster than swangle on CPUs here.
      chromiumOptions: { gl: null, headless: true },
    });
  }

  private async answers(browser: HeadlessBrowser): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    const ping = browser.connection
      .send('Target.setDiscoverTargets', { discover: true })
      .then(() => true, () => false);
    try {
      return await Promise.race([ping, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
