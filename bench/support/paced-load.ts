import { type Agent, request } from 'node:https';
import { percentile } from './bench-report';

/** One request of a paced load: what to send; `body` is JSON text. */
export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

export interface PacedLoadOptions {
  baseUrl: string;
  /** A keep-alive agent trusting the service, shared by the loads of one run so that they reuse its connections. */
  agent: Agent;
  headers: Record<string, string>;
  /** Requests a second, sent one every 1000/rate ms. */
  rate: number;
  seconds: number;
  next: () => PacedRequest;
  onResponse?: (status: number, body: string) => void;
}

export interface PacedLoadResult {
  sent: number;
  achievedPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  non2xx: number;
  errors: number;
}

/**
 * An open-loop load at a fixed rate: request i is due at start + i/rate and is
 * sent then, whatever the answers before it did, and its latency counts from
 * when it was due (or sent, if that was earlier), so a stalled server is not excused by sending less.
 * A request due while every connection of the agent (its `maxSockets`) is
 * busy waits for one, and its wait counts.
 * (autocannon's `overallRate` instead lets each connection send its share of a
 * second back to back at the top of the second: the server sees bursts of
 * every connection at once, and the latencies are the bursts'.)
 */
export async function pacedLoad(options: PacedLoadOptions): Promise<PacedLoadResult> {
  const { agent } = options;
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const total = Math.round(options.rate * options.seconds);
  const intervalMs = 1000 / options.rate;
  const sendOne = (due: number): Promise<void> =>
    new Promise((resolve) => {
      // A request sent a little early (the loop below does not sleep for less than 1 ms) counts from its sending.
      const from = Math.max(due, performance.now());
      const { method, path, body } = options.next();
      const headers = { ...options.headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) };
      const req = request(new URL(path, options.baseUrl), { method, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          latencies.push(performance.now() - from);
          const status = res.statusCode ?? 0;
          if (status < 200 || status > 299) non2xx += 1;
          options.onResponse?.(status, Buffer.concat(chunks).toString('utf8'));
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });
  const started = performance.now();
  const inFlight: Array<Promise<void>> = [];
  for (let i = 0; i < total; i++) {
    const due = started + i * intervalMs;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(sendOne(due));
  }
  await Promise.all(inFlight);
  const elapsedS = (performance.now() - started) / 1000;
  return {
    sent: total,
    achievedPerSecond: latencies.length / Math.max(elapsedS, options.seconds),
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    maxMs: Math.max(...latencies),
    non2xx,
    errors,
  };
}
