import type { IncomingHttpHeaders } from 'node:http';

const WINDOW_MS = 60_000;

/**
 * Rate windows are fixed 60 s slots of the wall clock. A test that counts
 * requests against one window waits, when the current slot ends within
 * `marginMs`, for the next slot to begin, so its requests never straddle two.
 */
export async function awayFromWindowEdge(marginMs = 15_000): Promise<void> {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 250));
}

export interface RateHeaders {
  limit: number;
  remaining: number;
  reset: number;
  type: string | undefined;
}

export function rateHeaders(headers: IncomingHttpHeaders): RateHeaders {
  return {
    limit: Number(headers['x-ratelimit-limit']),
    remaining: Number(headers['x-ratelimit-remaining']),
    reset: Number(headers['x-ratelimit-reset']),
    type: headers['x-ratelimit-type'] as string | undefined,
  };
}

/** The end of the current 60 s window in Unix seconds, as the service reports it. */
export function currentWindowReset(nowMs = Date.now()): number {
  return Math.floor(nowMs / WINDOW_MS) * 60 + 60;
}
