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
  const outgoing = send(req.url, { method: req.method, headers: req.headers, ca: req.ca }, onResponse);
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
