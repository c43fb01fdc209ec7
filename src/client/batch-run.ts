import { createHash } from 'node:crypto';
import { appendFileSync, createReadStream, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { BatchResults, SubmittedRequest, TaskRecord, TemplateRecord, TemplateTaskItem } from './api-models';
import { CsvReader, csvLine, CsvSyntaxError } from './csv';
import { mergeOfRow, refusalText, unknownColumns } from './csv-rows';
import { barLine } from './progress-display';

/** What `render-cli batch` asks of the service (RenderClient, which waits out a 429 of the whole request itself). */
export interface BatchApi {
  getTemplate(templateId: string): Promise<TemplateRecord>;
  createBatch(tasks: TemplateTaskItem[]): Promise<BatchResults>;
  getTask(taskId: string): Promise<TaskRecord>;
  getTaskRequest(taskId: string): Promise<SubmittedRequest>;
}

/** One line of the results file. */
export interface RowResult {
  row: number;
  taskId: string;
  /** `queued` (created now), `existing` (created by an earlier run), a final status after waiting, or the refusal. */
  status: string;
  videoUrl: string;
}

export interface BatchRunOptions {
  templateId: string;
  /** The CSV's text as it is read (a file stream): the first record names the fields, each further one is a task. */
  csv: AsyncIterable<string>;
  /** Rows an earlier run created (from its results file): not sent again. */
  done: ReadonlyMap<number, RowResult>;
  /** Called with each row's result as soon as it is known (the results file grows as the run goes). */
  record: (result: RowResult) => void;
  onProgress?: (counts: BatchCounts) => void;
  sleep?: (ms: number) => Promise<void>;
}

export interface BatchCounts {
  rows: number;
  created: number;
  /** Sent again, answered 409 with the task an earlier run created. */
  recovered: number;
  refused: number;
  /** In the earlier run's results file: not sent. */
  skipped: number;
}

export const BATCH_SIZE = 100;
export const RESULTS_HEADER = ['row', 'task_id', 'status', 'video_url'];
const TASK_ID = /^tsk_[0-9a-z]{26}$/;
const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A CSV row that is not a field of the template, or a header missing: nothing was sent. */
export class BatchInputError extends Error {}

interface PendingRow {
  row: number;
  item: TemplateTaskItem;
}

/**
 * Creates one task per CSV row from a template, in batches of 100, reading
 * the file as a stream. Each row's request_id is derived from the template,
 * the row number and the row's values, so a rerun after an interruption that
 * sends a row again is answered 409 with the task it created: it is recorded,
 * never created twice. Items refused for the rate limit wait `retry_after`
 * and go again; other refusals are recorded with their code and message.
 */
export async function runBatch(api: BatchApi, options: BatchRunOptions): Promise<BatchCounts> {
  const sleep = options.sleep ?? defaultSleep;
  const template = await api.getTemplate(options.templateId);
  const counts: BatchCounts = { rows: 0, created: 0, recovered: 0, refused: 0, skipped: 0 };
  const reader = new CsvReader();
  let header: string[] | null = null;
  let pending: PendingRow[] = [];

  const send = async () => {
    let items = pending;
    pending = [];
    while (items.length > 0) {
      const { results } = await api.createBatch(items.map(({ item }) => item));
      const again: PendingRow[] = [];
      let waitSeconds = 0;
      for (const result of results) {
        const { row } = items[result.index];
        const error = result.error;
        if (result.status === 201 && result.task_id) {
          counts.created += 1;
          options.record({ row, taskId: result.task_id, status: 'queued', videoUrl: '' });
        } else if (error?.code === 'DUPLICATE_REQUEST_ID') {
          counts.recovered += 1;
          options.record({ row, taskId: String((error.details as { task_id?: unknown }).task_id), status: 'existing', videoUrl: '' });
        } else if (error?.code === 'RATE_LIMIT_EXCEEDED') {
          again.push(items[result.index]);
          waitSeconds = Math.max(waitSeconds, error.retry_after ?? 1);
        } else {
          counts.refused += 1;
          options.record({ row, taskId: '', status: refusalText(error), videoUrl: '' });
        }
      }
      options.onProgress?.(counts);
      items = again;
      if (items.length > 0) await sleep(waitSeconds * 1000);
    }
  };

  const take = async (record: string[]) => {
    if (header === null) {
      header = checkedHeader(record, template);
      return;
    }
    counts.rows += 1;
    const row = counts.rows;
    if (options.done.has(row)) {
      counts.skipped += 1;
      return;
    }
    pending.push({ row, item: itemOf(template, header, record, row) });
    if (pending.length === BATCH_SIZE) await send();
  };

  for await (const chunk of options.csv) for (const record of reader.push(chunk)) await take(record);
  for (const record of reader.end()) await take(record);
  if (header === null) throw new BatchInputError('the CSV is empty: its first line must name the template fields');
  await send();
  return counts;
}

function checkedHeader(record: string[], template: TemplateRecord): string[] {
  const unknown = unknownColumns(record, template.fields);
  if (unknown.length > 0) {
    throw new BatchInputError(
      `column ${unknown.map((c) => `"${c}"`).join(', ')} is not a field of ${template.template_id} (fields: ${Object.keys(template.fields).join(', ')})`,
    );
  }
  return record;
}

/** A row as a batch item, with a request_id that a rerun sends again. */
function itemOf(template: TemplateRecord, header: string[], record: string[], row: number): TemplateTaskItem {
  return { template_id: template.template_id, merge: mergeOfRow(template.fields, header, record), request_id: rowRequestId(template.template_id, row, record) };
}

/** Stable across runs for the same template, row number and values; different when a row's values change. */
export function rowRequestId(templateId: string, row: number, record: readonly string[]): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([templateId, record]))
    .digest('hex')
    .slice(0, 16);
  return `${rowRequestIdPrefix(templateId)}${row}-${digest}`;
}

function rowRequestIdPrefix(templateId: string): string {
  return `csv-${templateId.slice(-12)}-`;
}

/** The rows an earlier run created, from its results file (a partly written last line does not count). */
export function createdRows(resultsCsv: string): Map<number, RowResult> {
  const records = [...new CsvReader().push(resultsCsv)];
  const done = new Map<number, RowResult>();
  for (const [row, taskId, status, videoUrl] of records.slice(1)) {
    if (/^\d+$/.test(row) && TASK_ID.test(taskId ?? '')) done.set(Number(row), { row: Number(row), taskId, status: status ?? '', videoUrl: videoUrl ?? '' });
  }
  return done;
}

export function resultLine({ row, taskId, status, videoUrl }: RowResult): string {
  return csvLine([row, taskId, status, videoUrl]);
}

const FINAL = new Set(['completed', 'failed', 'canceled']);

/**
 * Waits for every created task to end; each result gets its final status and, when completed, its video URL.
 * Tasks are awaited one at a time, in the order they were created (the order the queue starts them): the one
 * awaited is asked again every 2 s while it runs, and each later one is read as its turn comes, once if it has
 * ended by then. A batch of N tasks thus costs about N reads plus one every 2 s, not N every 2 s, which would
 * use up the key's rate limit.
 */
export async function awaitResults(
  api: BatchApi,
  results: RowResult[],
  onProgress?: (finished: number, total: number) => void,
  sleep: (ms: number) => Promise<void> = defaultSleep,
): Promise<void> {
  const open = results.filter((result) => result.taskId !== '' && !FINAL.has(result.status));
  onProgress?.(0, open.length);
  for (const [finished, result] of open.entries()) {
    for (;;) {
      const task = await api.getTask(result.taskId);
      result.status = task.status;
      result.videoUrl = task.output?.video_url ?? '';
      if (FINAL.has(task.status)) break;
      await sleep(2_000);
    }
    onProgress?.(finished + 1, open.length);
  }
}

export interface BatchFileOptions {
  templateId: string;
  csvPath: string;
  /** Read first when it exists (the rows it lists with a task are not sent again), then written as the run goes. */
  resultsPath: string;
  /** Wait for every task to end and write its final status and video URL. */
  wait: boolean;
  status: (line: string) => void;
  /** Waits out the rate limit of single items (defaults to a timer). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * The data rows of a CSV file (its records after the header), read once before anything is sent: to size the
 * progress bar, and so that a file broken at its end is refused whole.
 */
async function countRows(csvPath: string): Promise<number> {
  const reader = new CsvReader();
  let records = 0;
  try {
    for await (const chunk of createReadStream(csvPath, { encoding: 'utf8' })) records += reader.push(chunk as string).length;
    return Math.max(0, records + reader.end().length - 1);
  } catch (error) {
    throw error instanceof CsvSyntaxError ? new BatchInputError(error.message) : error;
  }
}

/** An earlier run's results file is resumed only for the template that made it: its first task's request_id says which. */
async function checkResumedTemplate(api: BatchApi, done: ReadonlyMap<number, RowResult>, templateId: string, resultsPath: string): Promise<void> {
  const first = done.values().next();
  if (first.done) return;
  const requestId = (await api.getTaskRequest(first.value.taskId)).request.request_id;
  if (typeof requestId !== 'string' || !requestId.startsWith(rowRequestIdPrefix(templateId))) {
    throw new BatchInputError(`${resultsPath} holds the tasks of another template (${first.value.taskId}); name a new results file with --results`);
  }
}

/** `render-cli batch`: runBatch from a CSV file to a results file. */
export async function runBatchFile(api: BatchApi, options: BatchFileOptions): Promise<BatchCounts> {
  const { resultsPath, status } = options;
  const done = existsSync(resultsPath) ? createdRows(readFileSync(resultsPath, 'utf8')) : new Map<number, RowResult>();
  await checkResumedTemplate(api, done, options.templateId, resultsPath);
  const total = await countRows(options.csvPath);
  const results = [...done.values()];
  // Started afresh with what an earlier run created: its refused rows go again, a half-written last line goes.
  writeResults(resultsPath, results);
  const counts = await runBatch(api, {
    templateId: options.templateId,
    csv: createReadStream(options.csvPath, { encoding: 'utf8' }),
    done,
    record: (result) => {
      results.push(result);
      appendFileSync(resultsPath, resultLine(result));
    },
    onProgress: (c) =>
      status(
        barLine(
          (100 * c.rows) / Math.max(1, total),
          `${c.rows} of ${total} rows: created ${c.created}, refused ${c.refused}, already created ${c.recovered + c.skipped}`,
        ),
      ),
    sleep: options.sleep,
  });
  if (options.wait) {
    await awaitResults(api, results, (finished, open) => status(barLine((100 * finished) / Math.max(1, open), `${finished} of ${open} tasks finished`)));
    writeResults(resultsPath, results);
  }
  return counts;
}

/** The results file in row order, written beside and renamed: an interruption never leaves half of it. */
function writeResults(path: string, results: RowResult[]): void {
  results.sort((a, b) => a.row - b.row);
  writeFileSync(`${path}.tmp`, csvLine(RESULTS_HEADER) + results.map(resultLine).join(''));
  renameSync(`${path}.tmp`, path);
}
