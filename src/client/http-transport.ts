import { createWriteStream } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream/promises';

export interface TransportResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface TransportRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  /** PEM certificate(s) to trust instead of the system roots (the service's self-signed certificate). */
  ca?: Buffer;
  /** Aborting destroys the exchange, however far it got. */
  signal?: AbortSignal;
}

/** No answer at all: refused, reset, timed out. The request may or may not have reached the service. */
export class NetworkError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

function open(req: TransportRequest, onResponse: (res: IncomingMessage) => void) {
  const send = req.url.protocol === 'http:' ? httpRequest : httpsRequest;
  const outgoing = send(req.url, { method: req.method, headers: req.headers, ca: req.ca, signal: req.signal }, onResponse);
  outgoing.setTimeout(req.timeoutMs, () => outgoing.destroy(new NetworkError(`no answer from ${req.url.host} within ${req.timeoutMs} ms`, true)));
  return outgoing;
}

function asNetworkError(error: unknown, url: URL): NetworkError {
  if (error instanceof NetworkError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  return new NetworkError(`${url.host}: ${code ?? (error as Error).message}`, false);
}

/** One HTTP(S) exchange with the whole body read as text. */
export function send(req: TransportRequest): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = open(req, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error) => reject(asNetworkError(error, req.url)));
    });
    outgoing.on('error', (error) => reject(asNetworkError(error, req.url)));
    outgoing.end(req.body);
  });
}

/** Streams a GET answer into a file; resolves with the byte count. */
export function downloadTo(req: Omit<TransportRequest, 'method' | 'body'>, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = open({ ...req, method: 'GET' }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        reject(new NetworkError(`GET ${req.url.pathname} answered HTTP ${res.statusCode}`, false));
        return;
      }
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      pipeline(res, createWriteStream(path)).then(
        () => resolve(bytes),
        (error: unknown) => reject(asNetworkError(error, req.url)),
      );
    });
    outgoing.on('error', (error) => reject(asNetworkError(error, req.url)));
    outgoing.end();
  });
}

/** An answer read as it arrives (an event stream): `chunks` are UTF-8 text, whole characters. */
export interface StreamingResponse {
  status: number;
  headers: IncomingHttpHeaders;
  chunks: AsyncIterable<string>;
}

/**
 * Starts a GET and resolves once the answer's headers are in. `timeoutMs` is an
 * idle limit: the exchange fails with NetworkError when nothing arrives for that long.
 */
export function openStream(req: Omit<TransportRequest, 'method' | 'body'>): Promise<StreamingResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = open({ ...req, method: 'GET' }, (res) => {
      res.setEncoding('utf8');
      resolve({ status: res.statusCode ?? 0, headers: res.headers, chunks: textOf(res, req.url) });
    });
    outgoing.on('error', (error) => reject(asNetworkError(error, req.url)));
    outgoing.end();
  });
}

async function* textOf(res: IncomingMessage, url: URL): AsyncGenerator<string> {
  try {
    for await (const chunk of res) yield chunk as string;
  } catch (error) {
    throw asNetworkError(error, url);
  }
}
