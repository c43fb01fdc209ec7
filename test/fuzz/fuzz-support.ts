/**
 * What the fuzz tier needs beyond the service process (probed-service.ts):
 * requests sent exactly as written (no URL normalisation, any header, any
 * bytes) and a seeded random source so every run sends the same requests.
 */
import { request } from 'node:https';
import { connect } from 'node:tls';
import { HTTP_ERROR_STATUS } from '../../src/common/error-codes';

/** Where requests go: a service process. */
export interface Target {
  baseUrl: string;
  ca: Buffer;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  bytes: number;
  ms: number;
}

/** One request as given: the path is sent verbatim, the body as bytes. */
export function send(app: Target, method: string, path: string, headers: Record<string, string> = {}, body?: string | Buffer): Promise<Answer> {
  const base = new URL(app.baseUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, method, path, headers, ca: app.ca, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: raw.toString('utf8'), bytes: raw.length, ms: performance.now() - started });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Bytes written straight to the TLS socket, for what Node's client refuses to send (bad framing, bad header bytes). */
export function sendRaw(app: Target, head: string, body = ''): Promise<Answer> {
  const base = new URL(app.baseUrl);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect({ host: base.hostname, port: Number(base.port), ca: app.ca, servername: 'localhost' }, () => {
      socket.write(Buffer.concat([Buffer.from(head, 'latin1'), Buffer.from(body)]));
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // One answer is enough; the server may keep the connection open after it.
      const text = Buffer.concat(chunks).toString('utf8');
      const headEnd = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: (\d+)/i.exec(text);
      if (headEnd >= 0 && length && Buffer.byteLength(text.slice(headEnd + 4)) >= Number(length[1])) socket.end();
    });
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      const headEnd = text.indexOf('\r\n\r\n');
      const headers: Record<string, string> = {};
      for (const line of text.slice(0, headEnd).split('\r\n').slice(1)) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const payload = headEnd >= 0 ? text.slice(headEnd + 4) : '';
      resolve({ status, headers, text: payload, bytes: Buffer.byteLength(payload), ms: performance.now() - started });
    });
  });
}

export interface Envelope {
  code: string;
  message: string;
  request_id: string;
}

/** The error envelope of an answer, or a description of why it is not one. */
export function envelopeOf(answer: Answer): Envelope | string {
  if (!String(answer.headers['content-type'] ?? '').startsWith('application/json')) return `content-type ${String(answer.headers['content-type'])}`;
  try {
    const body = JSON.parse(answer.text) as { error?: Envelope };
    if (typeof body.error?.code !== 'string' || typeof body.error.message !== 'string' || !/^req_/.test(String(body.error.request_id))) {
      return `not the envelope: ${answer.text.slice(0, 200)}`;
    }
    return body.error;
  } catch {
    return `not JSON: ${answer.text.slice(0, 200)}`;
  }
}

/** The code's own HTTP status (VALIDATION_ERROR 400, NOT_FOUND 404, …). */
export function statusOfCode(code: string): number | undefined {
  return (HTTP_ERROR_STATUS as Record<string, number>)[code];
}

/** A small seeded generator (mulberry32), so the tier sends the same requests every run. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
