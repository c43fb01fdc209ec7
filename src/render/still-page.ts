/**
 * One page of the composition bundle that stays loaded between tasks, for the
 * compositor's still shots. Opening a page and loading the bundle into it is
 * most of what a few shots cost (Remotion's `renderFrames` does it on every
 * call); here it is done once, and each task only hands the page its sheet and
 * steps through its frames.
 *
 * The page speaks the bundle's own protocol, the one `renderFrames` uses
 * (node_modules/@remotion/renderer/dist: set-props-and-env, make-page,
 * seek-to-frame, screenshot-task): globals set before the bundle runs,
 * `remotion_setBundleMode` to show a composition with its props,
 * `remotion_setFrame` to move to a frame, and `remotion_renderReady` when no
 * `delayRender()` is pending. Nothing a task draws stays behind for the next:
 * the sheet's id remounts the still composition (TimelineStills.tsx), and the
 * page loads only the bundle's own files (text and fonts; ffmpeg draws media).
 */
import type { CancelSignal, HeadlessBrowser } from '@remotion/renderer';
import { RenderCancelled } from './render-engine';

type Page = Awaited<ReturnType<HeadlessBrowser['newPage']>>;

/** A still composition's frames to draw: frame i is shot i. */
export interface StillSheet {
  compositionId: string;
  width: number;
  height: number;
  fps: number;
  frames: number;
  props: Record<string, unknown>;
}

/** What the DevTools protocol's `Runtime.exceptionThrown` carries that a failure reports. */
interface ExceptionThrownEvent {
  exceptionDetails: { text: string; exception?: { description?: string } };
}

interface StillWindow {
  remotion_renderReady?: boolean;
  remotion_cancelledError?: string;
  remotion_setBundleMode(state: unknown): void;
  remotion_setFrame(frame: number, compositionId: string, attempt: number): void;
}

/** How often the page checks whether its frame is drawn. */
const READY_POLL_MS = 4;

/**
 * The viewport of a page waiting for its next task: Chromium keeps surfaces the size of the viewport (an 8K
 * sheet left about 130 MiB, 4K 33 MiB, resident in the idle browser while ffmpeg composites).
 */
const IDLE_VIEWPORT = { width: 16, height: 16, deviceScaleFactor: 1 };

export class StillPage {
  /** Set when the page's renderer crashed, between tasks or during one: the page is replaced, not asked again. */
  private crashed = false;

  private constructor(
    private readonly page: Page,
    /** The browser the page lives in: a page does not outlive its browser. */
    readonly browser: HeadlessBrowser,
    private readonly timeoutMs: number,
  ) {
    page.on('error', () => {
      this.crashed = true;
    });
  }

  /** Opens a page on `bundleUrl` (the bundle's index.html over HTTP) and waits for the bundle to load. */
  static async open(browser: HeadlessBrowser, bundleUrl: string, timeoutMs: number): Promise<StillPage> {
    const page = await browser.newPage({ context: () => null, logLevel: 'error', indent: false, pageIndex: 0, onBrowserLog: null, onLog: () => undefined });
    try {
      // What set-props-and-env.js sets before the bundle runs; audio is off (stills have none).
      await page.evaluateOnNewDocument((timeout: number) => {
        const w = window as unknown as Record<string, unknown>;
        w.remotion_puppeteerTimeout = timeout;
        w.remotion_isMainTab = true;
        w.remotion_inputProps = '{}';
        w.remotion_initialFrame = 0;
        w.remotion_attempt = 1;
        w.remotion_audioEnabled = false;
        w.remotion_videoEnabled = true;
        w.remotion_logLevel = 'error';
        w.process = { env: { NODE_ENV: 'production' } };
      }, timeoutMs);
      const response = await page.goto({ url: bundleUrl, timeout: timeoutMs });
      if (response === null || response.status() !== 200) throw new Error(`the bundle page ${bundleUrl} answered ${response?.status() ?? 'nothing'}`);
      // Shots are transparent where nothing is drawn (take-frame.js and screenshot-task.js do the same per PNG).
      await page.evaluate(() => {
        document.body.style.background = 'transparent';
      });
      await page._client().send('Emulation.setDefaultBackgroundColorOverride', { color: { r: 0, g: 0, b: 0, a: 0 } });
      return new StillPage(page, browser, timeoutMs);
    } catch (err) {
      await page.close().catch(() => undefined);
      throw err;
    }
  }

  /** Whether the page still answers (it may have crashed, or hung, since its last task). */
  async answers(): Promise<boolean> {
    if (this.crashed) return false;
    return this.withinTime(
      this.page.evaluate(() => true),
      5_000,
      'the still page did not answer',
    ).then(
      (answer) => answer === true,
      () => false,
    );
  }

  /**
   * Draws every frame of `sheet`, handing each PNG to `onShot` in order. Throws
   * RenderCancelled when `cancelSignal` fires; after any error the page is in an
   * unknown state and must be closed, not drawn on again.
   */
  async draw(sheet: StillSheet, onShot: (png: Buffer, frame: number) => Promise<void>, cancelSignal: CancelSignal): Promise<void> {
    const client = this.page._client();
    let cancelled = false;
    let interrupt: (reason: Error) => void = () => undefined;
    // Settles only by rejecting: a cancel, or an error thrown in the page or by it (as render-frame-with-option-to-reject.js fails a frame).
    const interrupted = new Promise<never>((_, reject) => {
      interrupt = reject;
    });
    interrupted.catch(() => undefined);
    cancelSignal(() => {
      cancelled = true;
      interrupt(new RenderCancelled('still shots'));
    });
    const onException = (event: ExceptionThrownEvent) => {
      const { exception, text } = event.exceptionDetails;
      interrupt(new Error(`the still page threw: ${(exception?.description ?? text).split('\n')[0]}`));
    };
    client.on('Runtime.exceptionThrown', onException);
    this.page.on('error', interrupt);
    try {
      await this.drawFrames(sheet, onShot, <T>(work: Promise<T>) =>
        Promise.race([this.withinTime(work, this.timeoutMs + 3_000, 'a still shot took too long'), interrupted]),
      );
      if (cancelled) throw new RenderCancelled('still shots');
    } finally {
      client.off('Runtime.exceptionThrown', onException);
      this.page.off('error', interrupt);
    }
  }

  private async drawFrames(sheet: StillSheet, onShot: (png: Buffer, frame: number) => Promise<void>, step: <T>(work: Promise<T>) => Promise<T>): Promise<void> {
    const client = this.page._client();
    await step(this.page.setViewport({ width: sheet.width, height: sheet.height, deviceScaleFactor: 1 }));
    await step(client.send('Target.activateTarget', { targetId: this.page.target()._targetId }));
    await step(
      this.page.evaluate(
        (state: unknown) => (window as unknown as StillWindow).remotion_setBundleMode(state),
        // make-page.js's state for a composition whose metadata the caller already knows.
        {
          type: 'composition',
          compositionName: sheet.compositionId,
          serializedResolvedPropsWithSchema: JSON.stringify(sheet.props),
          compositionDurationInFrames: sheet.frames,
          compositionFps: sheet.fps,
          compositionHeight: sheet.height,
          compositionWidth: sheet.width,
          compositionDefaultCodec: null,
          compositionDefaultOutName: null,
          compositionDefaultVideoImageFormat: null,
          compositionDefaultPixelFormat: null,
          compositionDefaultProResProfile: null,
          compositionDefaultSampleRate: null,
        },
      ),
    );
    await step(this.ready());
    for (let frame = 0; frame < sheet.frames; frame++) {
      await step(this.page.evaluate((f: number, id: string) => (window as unknown as StillWindow).remotion_setFrame(f, id, 1), frame, sheet.compositionId));
      await step(this.ready());
      const { value } = await step(
        client.send('Page.captureScreenshot', {
          format: 'png',
          clip: { x: 0, y: 0, width: sheet.width, height: sheet.height, scale: 1 },
          captureBeyondViewport: true,
          optimizeForSpeed: true,
          fromSurface: true,
        }),
      );
      await step(onShot(Buffer.from(value.data, 'base64'), frame));
    }
    await step(this.page.setViewport(IDLE_VIEWPORT));
  }

  async close(): Promise<void> {
    await this.withinTime(this.page.close(), 5_000, 'the still page did not close').catch(() => undefined);
  }

  /** Resolves when the page has drawn what it was last asked to (no delayRender() pending, fonts in), rejects on cancelRender(). */
  private ready(): Promise<void> {
    return this.page.evaluate((pollMs: number) => {
      const w = window as unknown as StillWindow;
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (w.remotion_cancelledError !== undefined) reject(new Error(String(w.remotion_cancelledError).split('\n')[0]));
          else if (w.remotion_renderReady === true) void document.fonts.ready.then(() => resolve());
          else setTimeout(check, pollMs);
        };
        check();
      });
    }, READY_POLL_MS);
  }

  private withinTime<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    });
    return Promise.race([work, late]).finally(() => clearTimeout(timer));
  }
}
