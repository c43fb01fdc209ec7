import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CsvReader } from '../../../src/client/csv';
import { listingTemplate } from '../../fixtures/task-bodies';
import type { HttpClient } from '../../support/http-client';
import { startMediaFixtures, type MediaFixtures } from '../../support/media-fixtures';
import { startTestApp, type TestApp } from '../../support/test-app';
import { runCli, spawnCli } from './cli-process';

jest.setTimeout(300_000);

const WEBHOOK = 'https://127.0.0.1:9/hook';

function csvRecords(path: string): string[][] {
  const reader = new CsvReader();
  return [...reader.push(readFileSync(path, 'utf8')), ...reader.end()];
}

function readResultLines(path: string): number {
  try {
    return readFileSync(path, 'utf8').split('\n').length - 1;
  } catch {
    return 0;
  }
}

async function setUp(app: TestApp): Promise<{ client: HttpClient; env: Record<string, string>; templateId: string }> {
  const client = await app.client();
  const created = await client.post('/v3/templates', listingTemplate({ webhookUrl: WEBHOOK }));
  expect(created.status).toBe(201);
  return {
    client,
    env: { RENDER_API_URL: `${app.baseUrl}/v3`, RENDER_API_KEY: client.key, RENDER_API_CA: app.certPath },
    templateId: created.body.template_id,
  };
}

describe('render-cli batch over a 500-row CSV (no worker)', () => {
  let app: TestApp;
  const work = mkdtempSync(join(tmpdir(), 'rs-cli-batch-'));

  beforeAll(async () => {
    app = await startTestApp({ role: 'api' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('creates one task per row in batches, and a rerun after an interruption creates nothing twice', async () => {
    const { client, env, templateId } = await setUp(app);
    const rows = Array.from({ length: 500 }, (_, i) => `"Flat ${i + 1}, seaside",${100_000 + i},,http://127.0.0.1:9/photo-${i + 1}.png`);
    const csv = join(work, 'rows.csv');
    writeFileSync(csv, `title,price,size,photo\n${rows.join('\n')}\n`);
    const results = join(work, 'results.csv');

    // Killed once it has written a batch's results, then run again to the end.
    const killed = spawnCli(['batch', '--template', templateId, csv, '--results', results], env);
    while (readResultLines(results) < 101) await new Promise((resolve) => setTimeout(resolve, 20));
    killed.child.kill('SIGKILL');
    await new Promise((resolve) => killed.child.once('exit', resolve));
    expect((await client.get('/v3/tasks?limit=1')).body.pagination.total).toBeLessThan(500);
    const first = await runCli(['batch', '--template', templateId, csv, '--results', results], env);
    expect(first.stderr).not.toContain('error:');
    expect(first.code).toBe(0);
    // The batch in flight at the kill may still have been created by the service: its rows count as created earlier.
    const [, createdNow, earlier] = (/(\d+) created, 0 refused, (\d+) created by an earlier run/.exec(first.stdout) ?? []).map(Number);
    expect(earlier).toBeGreaterThanOrEqual(100);
    expect(createdNow + earlier).toBe(500);
    const created = csvRecords(results);
    expect(created[0]).toEqual(['row', 'task_id', 'status', 'video_url']);
    expect(created.slice(1).map(([row]) => Number(row))).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    const taskIds = created.slice(1).map(([, taskId]) => taskId);
    expect(new Set(taskIds).size).toBe(500);
    expect((await client.get('/v3/tasks?limit=1')).body.pagination.total).toBe(500);
    const request = (await client.get(`/v3/tasks/${taskIds[41]}/request`)).body.request;
    expect(request.input.timeline.tracks[1].clips[0].text).toBe('Flat 42, seaside 100041');
    expect(request.input.timeline.tracks[0].clips[0].media_url).toBe('http://127.0.0.1:9/photo-42.png');

    // As if interrupted while writing row 251: rows 251 to 500 were created, their results not (all) written.
    const lines = readFileSync(results, 'utf8').split('\n');
    writeFileSync(results, `${lines.slice(0, 251).join('\n')}\n${lines[251].slice(0, 20)}`);
    const rerun = await runCli(['batch', '--template', templateId, csv, '--results', results], env);
    expect(rerun.code).toBe(0);
    expect(rerun.stdout).toContain('0 created, 0 refused, 500 created by an earlier run');
    // Progress is a bar (a plain line each without a terminal).
    expect(rerun.stderr).toContain(`[${'#'.repeat(30)}] 100% 500 of 500 rows`);
    expect((await client.get('/v3/tasks?limit=1')).body.pagination.total).toBe(500);
    const resumed = new Map(
      csvRecords(results)
        .slice(1)
        .filter(([, taskId]) => /^tsk_[0-9a-z]{26}$/.test(taskId))
        .map(([row, taskId]) => [Number(row), taskId]),
    );
    expect([...resumed.keys()].sort((a, b) => a - b)).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect([...resumed.entries()].every(([row, taskId]) => taskIds[row - 1] === taskId)).toBe(true);

    // The same results file with another template is not taken for its rows' results.
    const other = await client.post('/v3/templates', listingTemplate({ webhookUrl: WEBHOOK }));
    const mixed = await runCli(['batch', '--template', other.body.template_id, csv, '--results', results], env);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain('holds the tasks of another template');
    expect((await client.get('/v3/tasks?limit=1')).body.pagination.total).toBe(500);
  });

  it('refuses a column that is no field, or a file broken at its end, before sending anything, and reads past a BOM', async () => {
    const { client, env, templateId } = await setUp(app);
    const csv = join(work, 'bad.csv');
    writeFileSync(csv, 'title,colour\nA,red\n');
    const run = await runCli(['batch', '--template', templateId, csv], env);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('column "colour" is not a field');
    // A file broken at its end (a quote never closed) is refused whole, naming the line.
    const broken = join(work, 'broken.csv');
    writeFileSync(broken, 'title,price\nA,1\n"B,2\n');
    const brokenRun = await runCli(['batch', '--template', templateId, broken], env);
    expect([brokenRun.code, brokenRun.stderr]).toEqual([2, expect.stringContaining('the file ends inside the quoted field opened on line 3')]);
    expect((await client.get('/v3/tasks')).body.pagination.total).toBe(0);
    // A spreadsheet's byte order mark is not part of the first column's name.
    const bom = join(work, 'bom.csv');
    writeFileSync(bom, '\ufefftitle,price,photo\nA,1,http://127.0.0.1:9/photo.png\n');
    const bomRun = await runCli(['batch', '--template', templateId, bom], env);
    expect([bomRun.code, bomRun.stdout]).toEqual([0, expect.stringContaining('1 created, 0 refused')]);
  });
});

describe('render-cli batch --wait (rendering)', () => {
  let app: TestApp;
  let media: MediaFixtures;
  const work = mkdtempSync(join(tmpdir(), 'rs-cli-batch-wait-'));

  beforeAll(async () => {
    media = await startMediaFixtures();
    app = await startTestApp({ role: 'all' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await media?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('waits for the tasks and writes every video URL, and the refused row with its reason', async () => {
    const { env, templateId } = await setUp(app);
    const csv = join(work, 'rows.csv');
    const photo = `${media.baseUrl}/red-320x180.png`;
    writeFileSync(csv, `title,price,photo\nOne,1,${photo}\nTwo,two,${photo}\nThree,3,${photo}\n`);
    const results = join(work, 'results.csv');
    const run = await runCli(['batch', '--template', templateId, csv, '--results', results, '--wait'], env);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('2 created, 1 refused');
    const [header, ...rows] = csvRecords(results);
    expect(header).toEqual(['row', 'task_id', 'status', 'video_url']);
    expect(rows.map(([row, , status]) => [row, status])).toEqual([
      ['1', 'completed'],
      ['2', 'VALIDATION_ERROR merge.price: must be a finite number'],
      ['3', 'completed'],
    ]);
    for (const [, , , videoUrl] of [rows[0], rows[2]]) {
      const url = new URL(videoUrl);
      const video = await app.anonymous().get(url.pathname + url.search);
      expect(video.status).toBe(200);
      expect(video.raw.length).toBeGreaterThan(1000);
    }
  });
});
