/**
 * The metrics that worker processes record in Redis and API processes read at
 * scrape time: one definition each, so both sides agree on names, labels and
 * buckets. docs/operations.md lists every metric.
 */
export interface SharedCounterDefinition<L extends string = string> {
  name: string;
  help: string;
  labelNames: readonly L[];
}

export interface SharedHistogramDefinition<L extends string = string> extends SharedCounterDefinition<L> {
  /** Upper bounds, ascending; `+Inf` is implied. */
  buckets: readonly number[];
}

export const METRIC_PREFIX = 'render_service_';

export const RENDER_SECONDS: SharedHistogramDefinition<'engine' | 'resolution'> = {
  name: `${METRIC_PREFIX}render_duration_seconds`,
  help: 'Time to draw and encode one output video (without download, previews and upload), by engine and resolution class',
  labelNames: ['engine', 'resolution'],
  buckets: [1, 2, 5, 10, 30, 60, 120, 300, 600, 1200, 1800, 3600],
};

export const RENDER_FPS: SharedHistogramDefinition<'engine' | 'resolution'> = {
  name: `${METRIC_PREFIX}render_frames_per_second`,
  help: 'Output frames drawn and encoded per second of render time, one observation per render, by engine and resolution class',
  labelNames: ['engine', 'resolution'],
  buckets: [1, 2, 5, 10, 15, 24, 30, 60, 120, 240, 480],
};

export const MEDIA_DOWNLOAD_BYTES: SharedCounterDefinition<never> = {
  name: `${METRIC_PREFIX}media_download_bytes_total`,
  help: 'Bytes of input media received from media URLs (input-cache hits download nothing and are not counted)',
  labelNames: [],
};

export const WEBHOOK_ATTEMPTS: SharedCounterDefinition<'outcome'> = {
  name: `${METRIC_PREFIX}webhook_attempts_total`,
  help: 'Webhook delivery attempts by outcome: delivered, retrying (another attempt is scheduled) or failed (no attempt left, or refused for good)',
  labelNames: ['outcome'],
};

export const WEBHOOK_ATTEMPT_OUTCOMES = ['delivered', 'retrying', 'failed'] as const;
export type WebhookAttemptOutcome = (typeof WEBHOOK_ATTEMPT_OUTCOMES)[number];

/** Resolution classes by the shorter side, so any custom width × height maps to one of a few label values. */
const RESOLUTION_CLASSES = [
  { shortSideAtMost: 480, name: '480p' },
  { shortSideAtMost: 720, name: '720p' },
  { shortSideAtMost: 1080, name: '1080p' },
  { shortSideAtMost: 1440, name: '1440p' },
  { shortSideAtMost: 2160, name: '2160p' },
] as const;

export function resolutionClass(width: number, height: number): string {
  const shortSide = Math.min(width, height);
  return RESOLUTION_CLASSES.find((resolution) => shortSide <= resolution.shortSideAtMost)?.name ?? 'above-2160p';
}
