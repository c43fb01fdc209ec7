import type { Logger } from 'pino';
import type { RenderEngineName } from '../config/app-config';
import { MEDIA_DOWNLOAD_BYTES, RENDER_FPS, RENDER_SECONDS, resolutionClass, WEBHOOK_ATTEMPTS, type WebhookAttemptOutcome } from './metric-catalogue';
import type { SharedMetricStore } from './shared-metric-store';

export interface FinishedRender {
  engine: RenderEngineName;
  width: number;
  height: number;
  frames: number;
  seconds: number;
}

/**
 * What the worker side records for /metrics (render time and speed, downloaded
 * bytes, webhook attempts), written to Redis where every API process reads it.
 * Recording never holds up or fails the work it describes: callers do not
 * wait, and a write that does not land (Redis down) is logged and lost.
 */
export class WorkerMetrics {
  constructor(
    private readonly store: SharedMetricStore,
    private readonly logger: Logger,
  ) {}

  renderFinished(render: FinishedRender): Promise<void> {
    const labels = { engine: render.engine, resolution: resolutionClass(render.width, render.height) };
    const seconds = Math.max(render.seconds, 0.001);
    return Promise.all([
      this.record(RENDER_SECONDS.name, this.store.observe(RENDER_SECONDS, labels, seconds)),
      this.record(RENDER_FPS.name, this.store.observe(RENDER_FPS, labels, render.frames / seconds)),
    ]).then(() => undefined);
  }

  mediaDownloaded(bytes: number): Promise<void> {
    return bytes > 0 ? this.record(MEDIA_DOWNLOAD_BYTES.name, this.store.add(MEDIA_DOWNLOAD_BYTES, {}, bytes)) : Promise.resolve();
  }

  webhookAttempted(outcome: WebhookAttemptOutcome): Promise<void> {
    return this.record(WEBHOOK_ATTEMPTS.name, this.store.add(WEBHOOK_ATTEMPTS, { outcome }, 1));
  }

  /** Never rejects: callers may leave the promise (the work goes on) or wait for the write. */
  private record(metric: string, write: Promise<void>): Promise<void> {
    return write.catch((error: unknown) => this.logger.warn({ metric, err: error }, 'metric not recorded'));
  }
}
