import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { awaitResults, type BatchApi, type RowResult, runBatchFile } from './batch-run';
import type { TaskRecord } from './api-models';
import { CsvReader } from './csv';
import { RenderClient } from './render-client';
import { selfSignedCertificate, type CertificatePair } from './self-signed-cert';

const TEMPLATE = { template_id: 'tpl_0123456789abcdefghjkmnpqrs', name: 'listing', fields: { title: { type: 'string' }, price: { type: 'number' } } };
const RATE_LIMITED = { code: 'RATE_LIMIT_EXCEEDED', message: 'Rate limit exceeded' };

/** How the fake service answers a POST /v3/tasks/batch: the whole request refused, or these items' positions. */
type BatchAnswer = { refuseRequestFor: number } | { refuseItemsFor: number; at: number[] };

interface BatchItem {
  template_id: string;
  merge: Record<string, unknown>;
  request_id: string;
}

/**
 * The service's side of a batch as far as the CLI sees it: templates, batches
 * admitted item by item with request_id uniqueness (a resent created item is a
 * 409 naming its task), and 429 RATE_LIMIT_EXCEEDED with retry_after as scripted.
 */
class FakeService {
  readonly log: string[] = [];
  /** The items of each POST /v3/tasks/batch, refused or not. */
  readonly sent: BatchItem[][] = [];
  /** The task created for each request_id. */
  readonly created = new Map<string, string>();
  /** Items answered 409: sent again after they were created. */
  duplicates = 0;
  private server!: Server;

  constructor(private readonly answers: BatchAnswer[]) {}

  async start(tls: CertificatePair): Promise<string> {
    this.server = createServer({ cert: tls.cert, key: tls.key }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => this.answer(`${req.method} ${req.url}`, Buffer.concat(chunks).toString('utf8'), res));
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `https://127.0.0.1:${(this.server.address() as AddressInfo).port}/v3`;
  }

  close(): void {
    this.server.close();
  }

  private answer(request: string, body: string, res: ServerResponse): void {
    this.log.push(request);
    const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(value));
    };
    if (request === `GET /v3/templates/${TEMPLATE.template_id}`) return json(200, { ...TEMPLATE, body: {}, created_at: '2025-01-17T10:00:00.000Z' });
    if (request !== 'POST /v3/tasks/batch') return json(404, { error: { code: 'NOT_FOUND', message: request } });
    const items = (JSON.parse(body) as { tasks: BatchItem[] }).tasks;
    this.sent.push(items);
    const script = this.answers.shift();
    if (script && 'refuseRequestFor' in script) {
      const seconds = script.refuseRequestFor;
      return json(429, { error: { ...RATE_LIMITED, retry_after: seconds } }, { 'retry-after': String(seconds) });
    }
    const results = items.map((item, index) => {
      if (script?.at.includes(index)) return { index, status: 429, error: { ...RATE_LIMITED, retry_after: script.refuseItemsFor } };
      const earlier = this.created.get(item.request_id);
      if (earlier) {
        this.duplicates += 1;
        return { index, status: 409, error: { code: 'DUPLICATE_REQUEST_ID', message: 'used', details: { task_id: earlier } } };
      }
      const taskId = `tsk_${String(this.created.size + 1).padStart(26, '0')}`;
      this.created.set(item.request_id, taskId);
      return { index, status: 201, task_id: taskId };
    });
    json(200, { results });
  }
}

function records(text: string): string[][] {
  const reader = new CsvReader();
  return [...reader.push(text), ...reader.end()];
}

describe('render-cli batch against a rate-limited service', () => {
  let tls: CertificatePair;
  let work: string;
  let service: FakeService;

  beforeAll(() => {
    tls = selfSignedCertificate();
  });
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'batch-run-'));
  });
  afterEach(() => {
    service?.close();
    rmSync(work, { recursive: true, force: true });
  });

  /** Runs the batch as `render-cli batch` does; each wait is recorded with the number of requests sent before it. */
  async function run(csv: string): Promise<{ waits: Array<{ ms: number; afterRequests: number }>; results: string[][] }> {
    const base = await service.start(tls);
    const waits: Array<{ ms: number; afterRequests: number }> = [];
    const sleep = async (ms: number) => void waits.push({ ms, afterRequests: service.log.length });
    const client = new RenderClient({ baseUrl: base, apiKey: 'k_1', ca: tls.cert, rateLimitRetries: 1_000, sleep });
    const csvPath = join(work, 'rows.csv');
    const resultsPath = join(work, 'rows.results.csv');
    writeFileSync(csvPath, csv);
    const counts = await runBatchFile(client, { templateId: TEMPLATE.template_id, csvPath, resultsPath, wait: false, status: () => undefined, sleep });
    expect(counts).toEqual({ rows: 3, created: 3, recovered: 0, refused: 0, skipped: 0 });
    return { waits, results: records(readFileSync(resultsPath, 'utf8')) };
  }

  const CSV = 'title,price\nOne,1\nTwo,2\nThree,3\n';
  const createdRows = (results: string[][]) => results.slice(1).map(([row, taskId, status]) => [row, taskId, status]);

  it('waits the retry_after of a refused batch request, then sends the same batch once', async () => {
    service = new FakeService([{ refuseRequestFor: 7 }]);
    const { waits, results } = await run(CSV);
    expect(service.log).toEqual([`GET /v3/templates/${TEMPLATE.template_id}`, 'POST /v3/tasks/batch', 'POST /v3/tasks/batch']);
    expect(waits).toEqual([{ ms: 7_000, afterRequests: 2 }]);
    expect(service.sent[0].map((item) => item.merge)).toEqual([
      { title: 'One', price: 1 },
      { title: 'Two', price: 2 },
      { title: 'Three', price: 3 },
    ]);
    expect(service.sent[1]).toEqual(service.sent[0]);
    expect([service.created.size, service.duplicates]).toEqual([3, 0]);
    expect(results[0]).toEqual(['row', 'task_id', 'status', 'video_url']);
    expect(createdRows(results)).toEqual([
      ['1', 'tsk_00000000000000000000000001', 'queued'],
      ['2', 'tsk_00000000000000000000000002', 'queued'],
      ['3', 'tsk_00000000000000000000000003', 'queued'],
    ]);
  });

  it('waits the retry_after of rate-limited items, then resends only those, and the results file lists every row once', async () => {
    service = new FakeService([{ refuseItemsFor: 5, at: [1] }]);
    const { waits, results } = await run(CSV);
    expect(service.log).toEqual([`GET /v3/templates/${TEMPLATE.template_id}`, 'POST /v3/tasks/batch', 'POST /v3/tasks/batch']);
    expect(waits).toEqual([{ ms: 5_000, afterRequests: 2 }]);
    // Row 2 alone went again, under its first request_id: three tasks, none sent after its creation.
    expect(service.sent.map((items) => items.length)).toEqual([3, 1]);
    expect(service.sent[1]).toEqual([service.sent[0][1]]);
    expect([service.created.size, service.duplicates]).toEqual([3, 0]);
    // Lines are appended as tasks are created (sorted by row only after --wait): row 2 comes last.
    expect(createdRows(results)).toEqual([
      ['1', 'tsk_00000000000000000000000001', 'queued'],
      ['3', 'tsk_00000000000000000000000002', 'queued'],
      ['2', 'tsk_00000000000000000000000003', 'queued'],
    ]);
  });
});

describe('render-cli batch --wait', () => {
  /** A service whose tasks answer their scripted statuses in turn, the last one for good; every read is logged. */
  function scriptedApi(statuses: Record<string, string[]>): { api: BatchApi; reads: string[] } {
    const reads: string[] = [];
    const api = {
      getTask: async (taskId: string) => {
        reads.push(taskId);
        const script = statuses[taskId];
        const status = script.length > 1 ? (script.shift() as string) : script[0];
        return { task_id: taskId, status, output: status === 'completed' ? { video_url: `https://files.test/${taskId}.mp4` } : null } as unknown as TaskRecord;
      },
    } as unknown as BatchApi;
    return { api, reads };
  }
  const row = (n: number, taskId: string, status = 'queued'): RowResult => ({ row: n, taskId, status, videoUrl: '' });

  it('asks again only for the task it awaits, reading each later one once it has ended, and reports each as it ends', async () => {
    // While the first task renders, the other two end: they are read once each, after it.
    const { api, reads } = scriptedApi({ a: ['queued', 'processing', 'completed'], b: ['failed'], c: ['processing', 'completed'] });
    const results = [row(1, 'a'), row(2, 'b'), row(3, 'c'), row(4, '', 'VALIDATION_ERROR'), row(5, 'd', 'completed')];
    const sleeps: number[] = [];
    const progress: string[] = [];
    await awaitResults(
      api,
      results,
      (finished, total) => progress.push(`${finished}/${total}`),
      async (ms) => void sleeps.push(ms),
    );
    expect(reads).toEqual(['a', 'a', 'a', 'b', 'c', 'c']);
    expect(sleeps).toEqual([2_000, 2_000, 2_000]);
    expect(progress).toEqual(['0/3', '1/3', '2/3', '3/3']);
    expect(results.map((r) => [r.status, r.videoUrl])).toEqual([
      ['completed', 'https://files.test/a.mp4'],
      ['failed', ''],
      ['completed', 'https://files.test/c.mp4'],
      ['VALIDATION_ERROR', ''],
      ['completed', ''],
    ]);
  });
});
