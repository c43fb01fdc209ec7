import { type IncomingHttpHeaders, type IncomingMessage, request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { rootCertificates } from 'node:tls';
import type { Readable } from 'node:stream';
import type { SsrfGuard } from './ssrf-guard';

export interface GuardedRequestOptions {
  guard: SsrfGuard;
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** From the start of each hop until the TCP (and TLS) connection is up. */
  connectTimeoutMs: number;
  /** Longest silence on the socket while waiting for headers or body bytes. */
  readTimeoutMs: number;
  /** Redirects followed; a further redirect response is returned to the caller as it is. */
  maxRedirects: number;
  signal?: AbortSignal;
  /** Extra PEM certificate(s) to trust for https (private CAs, self-signed test servers), on top of the public roots. */
  ca?: string | Buffer;
}

export interface GuardedResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Readable;
  finalUrl: string;
}

export class NetworkTimeoutError extends Error {
  constructor(
    readonly phase: 'connect' | 'read' | 'total',
    url: string,
    ms: number,
  ) {
    super(`${{ connect: 'connecting to', read: 'reading from', total: 'downloading' }[phase]} ${url} timed out after ${ms} ms`);
    this.name = 'NetworkTimeoutError';
  }
}

/** A redirect the client refuses to follow (bad Location, https to http). */
export class RedirectRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RedirectRefusedError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Credentials meant for one origin must not travel to another after a redirect. */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

interface Hop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body?: Buffer | string;
}

function sendOnce(hop: Hop, opts: GuardedRequestOptions): Promise<IncomingMessage> {
  const requestOptions: RequestOptions = {
    method: hop.method,
    headers: hop.headers,
    lookup: opts.guard.lookup,
    // A pooled socket could have been opened without the guard's lookup.
    agent: false,
    signal: opts.signal,
  };
  return new Promise((resolve, reject) => {
    const req =
      hop.url.protocol === 'https:'
        ? httpsRequest(hop.url, { ...requestOptions, ...(opts.ca ? { ca: [...rootCertificates, opts.ca] } : {}) })
        : httpRequest(hop.url, requestOptions);
    const connectTimer = setTimeout(() => req.destroy(new NetworkTimeoutError('connect', hop.url.href, opts.connectTimeoutMs)), opts.connectTimeoutMs);
    req.on('socket', (socket) => {
      const connectedEvent = hop.url.protocol === 'https:' ? 'secureConnect' : 'connect';
      socket.once(connectedEvent, () => clearTimeout(connectTimer));
    });
    req.setTimeout(opts.readTimeoutMs, () => req.destroy(new NetworkTimeoutError('read', hop.url.href, opts.readTimeoutMs)));
    req.on('error', (error) => {
      clearTimeout(connectTimer);
      reject(error);
    });
    req.on('response', (response) => {
      clearTimeout(connectTimer);
      // The socket timeout set above keeps watching the body; surface it on the response stream.
      req.on('error', (error) => response.destroy(error));
      // A caller that only drains the body (webhooks) must not crash the process on a late error;
      // pipeline() and async iteration still receive it.
      response.on('error', () => undefined);
      resolve(response);
    });
    req.end(hop.body);
  });
}

function nextHop(hop: Hop, status: number, location: string): Hop {
  let target: URL;
  try {
    target = new URL(location, hop.url);
  } catch {
    throw new RedirectRefusedError(`redirect from ${hop.url.href} to an invalid location`);
  }
  if (hop.url.protocol === 'https:' && target.protocol === 'http:') {
    throw new RedirectRefusedError(`redirect from https to plain http (${target.href}) refused`);
  }
  const headers = { ...hop.headers };
  if (target.origin !== hop.url.origin) {
    for (const name of Object.keys(headers)) if (ORIGIN_BOUND_HEADERS.includes(name.toLowerCase())) delete headers[name];
  }
  const becomesGet = status === 303 || ((status === 301 || status === 302) && hop.method === 'POST');
  if (becomesGet) {
    for (const name of Object.keys(headers)) if (/^content-/i.test(name)) delete headers[name];
    return { url: target, method: hop.method === 'HEAD' ? 'HEAD' : 'GET', headers };
  }
  return { url: target, method: hop.method, headers, body: hop.body };
}

/**
 * An HTTP(S) request that only connects to addresses the SSRF guard allows,
 * re-checks every redirect hop, and bounds connect and read time. The caller
 * owns the returned body stream and must consume or destroy it.
 */
export async function guardedRequest(url: string, opts: GuardedRequestOptions): Promise<GuardedResponse> {
  let hop: Hop = { url: new URL(url), method: opts.method ?? 'GET', headers: { ...opts.headers }, body: opts.body };
  for (let redirects = 0; ; redirects += 1) {
    await opts.guard.assertUrlAllowed(hop.url);
    const response = await sendOnce(hop, opts);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (!REDIRECTS.has(status) || !location || redirects >= opts.maxRedirects) {
      return { status, headers: response.headers, body: response, finalUrl: hop.url.href };
    }
    response.destroy();
    hop = nextHop(hop, status, location);
  }
}
