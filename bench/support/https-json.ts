import { Agent, request } from 'node:https';

export interface JsonResponse<T> {
  status: number;
  body: T;
  headers: Record<string, string | string[] | undefined>;
}

/** A keep-alive HTTPS JSON client for one service, trusting its certificate. */
export class HttpsJson {
  private readonly agent: Agent;

  constructor(
    private readonly baseUrl: string,
    ca: Buffer,
    private readonly apiKey: string | null,
  ) {
    this.agent = new Agent({ ca, keepAlive: true, maxSockets: 16 });
  }

  send<T>(method: string, path: string, body?: unknown): Promise<JsonResponse<T>> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.apiKey) headers.authorization = `Bearer ${this.apiKey}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    return new Promise((resolve, reject) => {
      const req = request(new URL(path, this.baseUrl), { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          try {
            resolve({ status: res.statusCode ?? 0, body: (text === '' ? null : JSON.parse(text)) as T, headers: res.headers });
          } catch (error) {
            reject(new Error(`${method} ${path}: answer is not JSON (${res.statusCode}): ${text.slice(0, 200)} (${String(error)})`));
          }
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  /** Sends and insists on `status`; the error names what came back instead. */
  async expect<T>(status: number, method: string, path: string, body?: unknown): Promise<T> {
    const res = await this.send<T>(method, path, body);
    if (res.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${res.status}: ${JSON.stringify(res.body).slice(0, 500)}`);
    return res.body;
  }

  close(): void {
    this.agent.destroy();
  }
}
