import { request } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { assertReplyKeepsContract } from './reply-contract';
import type { ParsedJson } from './parsed-json';

export interface TestResponse<T = ParsedJson> {
  status: number;
  headers: IncomingHttpHeaders;
  body: T;
  raw: Buffer;
  /** Date.now() just before the request was sent: anything the server computed from its clock is later. */
  sentAt: number;
}

/**
 * A tiny HTTPS client that trusts the test service's self-signed certificate.
 * Every reply is checked against the OpenAPI document the service publishes: one
 * that breaks it rejects the request (test/support/reply-contract.ts).
 */
export class HttpClient<Key extends string | null = string | null> {
  constructor(
    readonly baseUrl: string,
    private readonly ca: Buffer,
    /** `HttpClient<string>` for a client made with a key, so tests read its key without a `!`. */
    readonly key: Key,
  ) {}

  get<T = ParsedJson>(path: string, headers: Record<string, string> = {}) {
    return this.send<T>('GET', path, undefined, headers);
  }

  post<T = ParsedJson>(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.send<T>('POST', path, body, headers);
  }

  delete<T = ParsedJson>(path: string, headers: Record<string, string> = {}) {
    return this.send<T>('DELETE', path, undefined, headers);
  }

  async send<T = ParsedJson>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<TestResponse<T>> {
    const url = new URL(path, this.baseUrl);
    const response = await this.exchange<T>(method, url, body, headers);
    await assertReplyKeepsContract({ method, url, status: response.status, headers: response.headers, raw: response.raw }, this.ca);
    return response;
  }

  private exchange<T>(method: string, url: URL, body: unknown, headers: Record<string, string>): Promise<TestResponse<T>> {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const sentAt = Date.now();
      const req = request(
        url,
        {
          method,
          ca: this.ca,
          headers: {
            ...(this.key ? { authorization: `Bearer ${this.key}` } : {}),
            ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            const text = raw.toString('utf8');
            let parsed: unknown = text;
            if ((res.headers['content-type'] ?? '').includes('json') && text) parsed = JSON.parse(text);
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed as T, raw, sentAt });
          });
        },
      );
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }
}
