/**
 * The Remotion adapter: renders a render plan with the bundle made at build time
 * and one long-lived headless-shell browser per worker process. Everything
 * Remotion-specific stays here; callers pass plans and paths.
 */
import { randomBytes } from 'node:crypto';
import { constants as fsConstants, promises as fs } from 'node:fs';
import { join } from 'node:path';
import {
  ensureBrowser,
  makeCancelSignal,
  openBrowser,
  renderMedia,
  type FfmpegOverrideFn,
  type HeadlessBrowser,
  type LogLevel,
  type RenderMediaOptions,
} from '@remotion/renderer';
import { internalFailure, RenderFailure } from '../common/render-failure';
import { chromiumExecutable, type ChromiumSandbox, sandboxLaunchFailure } from './chromium-sandbox';
import type { StillShot } from './compositor/composite-plan';
import { encodingFor } from './encoding-settings';
import { MediaServer } from './media-server';
import type { RenderPlan } from './plan/render-plan.types';
import { guardRemotionServer } from './remotion-server-guard';
import { toRgbaPng } from './rgba-png';
import { RenderCancelled, type RenderVideoArgs, type RenderVideoResult, stopOnAbortOrTimeout } from './render-engine';
import { closeStartTab } from './start-tab';
import { StillPage } from './still-page';

export const COMPOSITION_ID = 'Timeline';
export const STILLS_COMPOSITION_ID = 'TimelineStills';

const MIB = 1024 * 1024;
const PING_TIMEOUT_MS = 5_000;

export interface RemotionRendererOptions {
  /** The bundle folder (dist/remotion-bundle) or a URL serving it. */
  serveUrl: string;
  chromiumPath: string;
  sandbox: ChromiumSandbox;
  /** Browser tabs rendering frames in parallel (≤ cores). */
  concurrency: number;
  logLevel?: LogLevel;
  /** Longest a delayRender() (media, fonts) may block a frame. */
  delayRenderTimeoutMs?: number;
  offthreadVideoCacheSizeInBytes?: number;
  mediaCacheSizeInBytes?: number;
}

export interface RenderStillShotsArgs {
  plan: RenderPlan;
  shots: StillShot[];
  /** Shot i is written to `<outDir>/shot-<i>.png`. */
  outDir: string;
  /** Fraction 0–1 of the shots drawn. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

type Composition = RenderMediaOptions['composition'];

function compositionFor(plan: RenderPlan, id: string, props: Record<string, unknown>, durationInFrames: number): Composition {
  // The plan carries its own metadata (what Root's calculateMetadata returns), so
  // no page has to be opened just to ask the bundle for it.
  return {
    id,
    width: plan.width,
    height: plan.height,
    fps: plan.fps,
    durationInFrames,
    defaultProps: {},
    props,
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

/** True when a render stopped because its cancel signal fired. */
function isRemotionCancel(err: unknown): boolean {
  // Remotion's own check (isUserCancelledRender) is not exported; its messages read "<api>() got cancelled".
  return err instanceof Error && !(err instanceof RenderFailure) && err.message.includes('() got cancelled');
}

/** Links the caller's abort signal and an optional timeout into one cancel signal for Remotion; `cancel` fires it too. */
function linkedCancel(signal: AbortSignal | undefined, timeoutMs: number | undefined) {
  const own = makeCancelSignal();
  return { cancelSignal: own.cancelSignal, cancel: own.cancel, ...stopOnAbortOrTimeout(signal, timeoutMs, () => own.cancel()) };
}

type LinkedCancel = ReturnType<typeof linkedCancel>;

/**
 * Cuts the final mux at the timeline's length: the AAC track Remotion muxes in
 * is padded to whole 1024-sample packets, which made files ~48 ms longer than
 * duration_ms.
 */
function capDuration(plan: RenderPlan, frames: number): FfmpegOverrideFn {
  const seconds = (frames / plan.fps).toFixed(6);
  return ({ type, args }) => (type === 'stitcher' ? [...args.slice(0, -1), '-t', seconds, ...args.slice(-1)] : args);
}

/** Whether the DevTools socket to the browser is open: it closes when the browser exits or crashes. Asks the browser nothing. */
function isConnected(browser: HeadlessBrowser): boolean {
  // Remotion's transport is a `ws` WebSocket, whose readyState its types leave out.
  const socket = browser.connection.transport.websocket as unknown as { readyState: number; OPEN: number };
  return socket.readyState === socket.OPEN;
}

async function removeQuietly(path: string): Promise<void> {
  await fs.rm(path, { force: true }).catch(() => undefined);
}

export class RemotionRenderer {
  private browser: HeadlessBrowser | null = null;
  private opening: Promise<HeadlessBrowser> | null = null;
  private readonly logLevel: LogLevel;
  private executable: Promise<{ path: string; dispose: () => Promise<void> }> | null = null;
  /** Remotion calls in flight, each with its cancel: `close` stops them first. */
  private readonly running = new Map<Promise<unknown>, LinkedCancel>();
  /** The still page kept loaded between tasks; null while a task draws on it (or before the first). */
  private warmStillPage: StillPage | null = null;
  /** The loopback server of the bundle, for the still pages, when the bundle is a folder. */
  private bundleServer: Promise<{ server: MediaServer; indexUrl: string }> | null = null;
  /** Still pages opened since the renderer started: one, unless tasks drew at the same time or a page died. */
  stillPagesOpened = 0;

  constructor(private readonly opts: RemotionRendererOptions) {
    this.logLevel = opts.logLevel ?? 'warn';
    guardRemotionServer();
  }

  async open(): Promise<void> {
    await this.liveBrowser();
  }

  async close(): Promise<void> {
    // A render whose browser closes under it never settles, and Remotion's render server stays listening.
    const running = [...this.running];
    for (const [, cancel] of running) cancel.cancel();
    await Promise.allSettled(running.map(([rendering]) => rendering));
    const pending = this.opening;
    this.opening = null;
    await this.closeBrowser(this.browser ?? (pending ? await pending.catch(() => null) : null));
    const bundleServer = this.bundleServer;
    this.bundleServer = null;
    await bundleServer?.then(({ server }) => server.stop()).catch(() => undefined);
    const executable = this.executable;
    this.executable = null;
    await executable?.then((launcher) => launcher.dispose()).catch(() => undefined);
  }

  /** Closes the browser and its warm page if no call is using it: a large render composites for minutes without it. */
  async releaseBrowser(): Promise<void> {
    if (this.running.size === 0 && this.opening === null) await this.closeBrowser(this.browser);
  }

  /** Closes the warm page and `browser`, forgetting both; the next call that needs a browser opens one. */
  private async closeBrowser(browser: HeadlessBrowser | null): Promise<void> {
    const page = this.warmStillPage;
    [this.browser, this.warmStillPage] = [null, null];
    await page?.close();
    await browser?.close({ silent: true }).catch(() => undefined);
  }

  /**
   * Resolves when the bundle is in place and the browser is connected, or, while no browser is open
   * (not opened yet, or being reopened by a render), when its executable is there; throws otherwise.
   * Passive: a readiness probe never opens, pings or relaunches the browser the renders share.
   */
  async checkReady(): Promise<void> {
    if (!/^https?:\/\//.test(this.opts.serveUrl)) {
      await fs.access(`${this.opts.serveUrl}/index.html`);
    }
    if (this.browser === null) await fs.access(this.opts.chromiumPath, fsConstants.X_OK);
    else if (!isConnected(this.browser)) throw new Error('the browser is no longer connected; the next render opens a new one');
  }

  renderVideo(args: RenderVideoArgs): Promise<RenderVideoResult> {
    return this.cancellable(args, (cancel) => this.renderVideoWith(args, cancel));
  }

  private async renderVideoWith(args: RenderVideoArgs, cancel: LinkedCancel): Promise<RenderVideoResult> {
    const { plan, output, outPath } = args;
    const enc = encodingFor(output);
    let reported = 0;
    try {
      await renderMedia({
        ...this.common(await this.liveBrowser(), compositionFor(plan, COMPOSITION_ID, { ...plan }, plan.durationInFrames)),
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
        // Players and the spec expect an audio stream even when the timeline is silent; a chunk is silent
        // on purpose (the joined file's sound is mixed once), and Remotion seeks straight to its first frame.
        ...(args.frames === undefined ? { enforceAudioTrack: true } : { muted: true, frameRange: [args.frames.from, args.frames.to - 1] as [number, number] }),
        ffmpegOverride: capDuration(plan, args.frames === undefined ? plan.durationInFrames : args.frames.to - args.frames.from),
        concurrency: this.opts.concurrency,
        cancelSignal: cancel.cancelSignal,
        onProgress: ({ progress }) => {
          if (progress > reported) {
            reported = Math.min(1, progress);
            args.onProgress(reported);
          }
        },
      });
      return {
        outPath,
        durationInFrames: args.frames === undefined ? plan.durationInFrames : args.frames.to - args.frames.from,
        engine: 'remotion',
        previewsMade: false,
      };
    } catch (err) {
      await removeQuietly(outPath);
      throw this.failure(err, cancel.timedOut(), args.timeoutMs);
    }
  }

  /**
   * Draws the compositor's still shots with the `TimelineStills` composition,
   * on the still page kept loaded between tasks: transparent PNGs, all RGBA.
   */
  async renderStillShots(args: RenderStillShotsArgs): Promise<string[]> {
    if (args.shots.length === 0) return [];
    return this.cancellable(args, (cancel) => this.renderStillShotsWith(args, cancel));
  }

  private async renderStillShotsWith(args: RenderStillShotsArgs, cancel: LinkedCancel): Promise<string[]> {
    const { plan, shots, outDir } = args;
    const paths = shots.map((_, i) => join(outDir, `shot-${i}.png`));
    let page: StillPage | null = null;
    try {
      page = await this.takeStillPage();
      const sheet = { sheet: randomBytes(8).toString('hex'), plan: { ...plan }, shots };
      await page.draw(
        { compositionId: STILLS_COMPOSITION_ID, width: plan.width, height: plan.height, fps: plan.fps, frames: shots.length, props: sheet },
        async (png, frame) => {
          await fs.writeFile(paths[frame], await toRgbaPng(png));
          args.onProgress?.((frame + 1) / shots.length);
        },
        cancel.cancelSignal,
      );
      await this.keepStillPage(page);
      return paths;
    } catch (err) {
      await page?.close();
      await Promise.all(paths.map(removeQuietly));
      throw this.failure(err, cancel.timedOut(), args.timeoutMs);
    }
  }

  /** The warm still page when it is free and answers; otherwise a new one (the dead one closed). */
  private async takeStillPage(): Promise<StillPage> {
    const browser = await this.liveBrowser();
    const warm = this.warmStillPage;
    this.warmStillPage = null;
    if (warm !== null) {
      if (warm.browser === browser && (await warm.answers())) return warm;
      await warm.close();
    }
    this.stillPagesOpened += 1;
    return StillPage.open(browser, await this.bundleIndexUrl(), this.opts.delayRenderTimeoutMs ?? 60_000);
  }

  /** Keeps `page` loaded for the next task; a second page (drawn on while the first was busy) is closed. */
  private async keepStillPage(page: StillPage): Promise<void> {
    if (this.warmStillPage === null && this.browser === page.browser) this.warmStillPage = page;
    else await page.close();
  }

  /** The bundle's index.html over HTTP: the page cannot load it from a file. */
  private async bundleIndexUrl(): Promise<string> {
    if (/^https?:\/\//.test(this.opts.serveUrl)) return new URL('index.html', this.opts.serveUrl.replace(/\/?$/, '/')).href;
    this.bundleServer ??= (async () => {
      const server = new MediaServer();
      await server.start();
      return { server, indexUrl: `${server.register(randomBytes(16).toString('hex'), this.opts.serveUrl)}index.html` };
    })();
    return (await this.bundleServer).indexUrl;
  }

  /** Runs one Remotion call with its cancel linked to the caller's signal and time limit, known to `close` while it runs. */
  private cancellable<T>(args: { signal?: AbortSignal; timeoutMs?: number }, call: (cancel: LinkedCancel) => Promise<T>): Promise<T> {
    const cancel = linkedCancel(args.signal, args.timeoutMs);
    const rendering = call(cancel).finally(() => {
      cancel.dispose();
      this.running.delete(rendering);
    });
    this.running.set(rendering, cancel);
    return rendering;
  }

  private common(browser: HeadlessBrowser, composition: Composition) {
    return {
      serveUrl: this.opts.serveUrl,
      composition,
      inputProps: composition.props,
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
    if (isRemotionCancel(err)) return new RenderCancelled('Remotion render');
    if (err instanceof RenderFailure || err instanceof RenderCancelled) return err;
    return internalFailure('browser', err);
  }

  /** The shared browser, (re)opened when it is missing or stopped answering. */
  private async liveBrowser(): Promise<HeadlessBrowser> {
    if (this.opening !== null) return this.opening;
    if (this.browser !== null && (await this.answers(this.browser))) return this.browser;
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
    this.executable ??= chromiumExecutable(this.opts.chromiumPath, this.opts.sandbox);
    let browser: HeadlessBrowser;
    try {
      browser = await openBrowser('chrome', {
        browserExecutable: (await this.executable).path,
        chromeMode: 'headless-shell',
        logLevel: this.logLevel,
        // With a shared browser these are the only Chromium options that apply.
        // gl null: software GL via the default path, faster than swangle on CPUs here.
        chromiumOptions: { gl: null, headless: true },
      });
    } catch (err) {
      throw this.opts.sandbox.mode === 'off' ? err : sandboxLaunchFailure(err, this.opts.sandbox.user);
    }
    // Only memory is at stake: a start tab that would not close stays open.
    await closeStartTab(browser).catch(() => undefined);
    return browser;
  }

  private async answers(browser: HeadlessBrowser): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    });
    const ping = browser.connection.send('Target.setDiscoverTargets', { discover: true }).then(
      () => true,
      () => false,
    );
    try {
      return await Promise.race([ping, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}
