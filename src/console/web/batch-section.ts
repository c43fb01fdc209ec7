import type { BatchResults, TaskList, TaskStatus, TemplateRecord, TemplateTaskItem } from '../../client/api-models.js';
import { CsvReader } from '../../client/csv.js';
import { mergeOfRow, refusalText, unknownColumns } from '../../client/csv-rows.js';
import { FINAL_STATUSES, type ConsoleApi } from './api.js';
import { el, notice, replaceChildren } from './dom.js';
import { failureNotice, type PageContext } from './page.js';
import { LIST_POLL_MS } from './tasks-page.js';

/** POST /v3/tasks/batch takes at most this many items; longer files are for `render-cli batch`. */
const MAX_ROWS = 100;
/** Pages of the task list read per refresh before giving up on finding every task of the batch. */
const MAX_PAGES = 5;

interface BatchRow {
  row: number;
  taskId: string | null;
  /** The task's status (a TaskStatus), or the refusal of its item. */
  status: string;
}

/** The pasted CSV as batch items, or what is wrong with it. */
function itemsOf(template: TemplateRecord, csv: string): TemplateTaskItem[] | string {
  const reader = new CsvReader();
  let records: string[][];
  try {
    records = [...reader.push(csv), ...reader.end()];
  } catch (error) {
    return `Not CSV: ${(error as Error).message}`;
  }
  const [header, ...rows] = records;
  if (header === undefined || rows.length === 0) return 'Paste a header line of field names and at least one row.';
  const unknown = unknownColumns(header, template.fields);
  if (unknown.length > 0) return `Not fields of this template: ${unknown.join(', ')} (fields: ${Object.keys(template.fields).join(', ')})`;
  if (rows.length > MAX_ROWS) return `${rows.length} rows: a batch takes at most ${MAX_ROWS} (render-cli batch takes any number).`;
  return rows.map((record) => ({ template_id: template.template_id, merge: mergeOfRow(template.fields, header, record) }));
}

/** A batch result as a row: its task (queued when created), or the refusal of its item with its first problem. */
function rowOf({ index, status, task_id: taskId, error }: BatchResults['results'][number]): BatchRow {
  return status === 201 && taskId ? { row: index + 1, taskId, status: 'queued' } : { row: index + 1, taskId: null, status: refusalText(error) };
}

/**
 * The statuses of the batch's tasks, as the Tasks page keeps its list live:
 * one list read (newest first, where a new batch is) per refresh rather than
 * a stream per task, which would meet the key's stream limit.
 */
async function readStatuses(api: ConsoleApi, taskIds: ReadonlySet<string>): Promise<Map<string, TaskStatus>> {
  const statuses = new Map<string, TaskStatus>();
  for (let page = 0; page < MAX_PAGES && statuses.size < taskIds.size; page += 1) {
    const list = await api.call<TaskList>('GET', `/v3/tasks?limit=100&offset=${page * 100}`);
    for (const task of list.tasks) if (taskIds.has(task.task_id)) statuses.set(task.task_id, task.status);
    if (!list.pagination.has_more) break;
  }
  return statuses;
}

/** The batch's progress bar and its table of rows; `show` redraws them and says whether every task is final. */
function progressView(): { node: HTMLElement; show(rows: BatchRow[]): boolean } {
  const bar = el('progress', { id: 'batch-progress', max: 1, value: 0 });
  const label = el('label', { for: 'batch-progress' }, 'Batch');
  const progress = el('div', { class: 'progress-row', hidden: true }, label, bar);
  const table = el('div', { class: 'table-wrap' });
  const show = (rows: BatchRow[]) => {
    const tasks = rows.filter((row) => row.taskId !== null);
    const finished = tasks.filter((row) => FINAL_STATUSES.has(row.status as TaskStatus)).length;
    bar.max = Math.max(tasks.length, 1);
    bar.value = finished;
    label.textContent = `Batch: ${finished} of ${tasks.length} tasks finished${rows.length > tasks.length ? `, ${rows.length - tasks.length} refused` : ''}`;
    progress.hidden = false;
    replaceChildren(table, rowsTable(rows));
    return finished === tasks.length;
  };
  return { node: el('div', {}, progress, table), show };
}

function rowsTable(rows: BatchRow[]): HTMLElement {
  return el(
    'table',
    { class: 'batch' },
    el('caption', { class: 'visually-hidden' }, 'Tasks of the batch, by CSV row'),
    el('thead', {}, el('tr', {}, ...['Row', 'Task', 'Status'].map((h) => el('th', { scope: 'col' }, h)))),
    el(
      'tbody',
      {},
      ...rows.map((row) =>
        el(
          'tr',
          { 'data-row': row.row },
          el('td', {}, String(row.row)),
          el('td', {}, row.taskId ? el('a', { href: `#/tasks/${row.taskId}` }, row.taskId) : '—'),
          el('td', {}, row.taskId ? el('span', { class: `status status-${row.status}` }, row.status) : el('span', { class: 'refused' }, row.status)),
        ),
      ),
    ),
  );
}

/** A batch from pasted CSV (header = field names), then its tasks followed until each is final. */
export function batchSection(context: PageContext, template: TemplateRecord, signal: AbortSignal): HTMLElement {
  const csv = el('textarea', { id: 'batch-csv', class: 'csv', spellcheck: 'false', wrap: 'off', autocomplete: 'off', 'aria-describedby': 'batch-help' });
  csv.value = `${Object.keys(template.fields).join(',')}\n`;
  const messages = el('div', { class: 'messages' });
  const view = progressView();
  const submit = el('button', { type: 'submit' }, 'Submit batch');
  let timer: number | undefined;
  /** The batch on screen: a refresh of an earlier one that comes back late is dropped. */
  let shown: BatchRow[] = [];
  signal.addEventListener('abort', () => window.clearTimeout(timer));
  const follow = async (rows: BatchRow[]) => {
    try {
      const statuses = await readStatuses(context.api, new Set(rows.flatMap((row) => (row.taskId ? [row.taskId] : []))));
      if (signal.aborted || rows !== shown) return;
      for (const row of rows) if (row.taskId) row.status = statuses.get(row.taskId) ?? row.status;
      if (view.show(rows)) return;
    } catch (error) {
      if (signal.aborted || rows !== shown) return;
      replaceChildren(messages, failureNotice(error));
    }
    timer = window.setTimeout(() => void follow(rows), LIST_POLL_MS);
  };
  const send = async () => {
    window.clearTimeout(timer);
    replaceChildren(messages);
    const items = itemsOf(template, csv.value);
    if (typeof items === 'string') {
      replaceChildren(messages, notice(items, 'error'));
      return;
    }
    submit.disabled = true;
    try {
      const { results } = await context.api.call<BatchResults>('POST', '/v3/tasks/batch', { tasks: items });
      shown = results.map(rowOf);
      if (!view.show(shown)) void follow(shown);
    } catch (error) {
      replaceChildren(messages, failureNotice(error));
    } finally {
      submit.disabled = false;
    }
  };
  const form = el(
    'form',
    { class: 'new-task', 'aria-labelledby': 'batch-title' },
    el('label', { for: 'batch-csv' }, 'Rows (CSV)'),
    el(
      'p',
      { id: 'batch-help', class: 'help' },
      `The first line names fields of this template; each further line is one task (an empty cell takes the field's default). At most ${MAX_ROWS} rows.`,
    ),
    csv,
    el('div', { class: 'actions' }, submit),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void send();
  });
  return el('section', { 'aria-labelledby': 'batch-title' }, el('h2', { id: 'batch-title' }, 'Batch from CSV'), form, messages, view.node);
}
