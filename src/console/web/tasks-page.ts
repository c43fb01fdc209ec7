import type { TaskList, TaskStatus } from '../../client/api-models.js';
import { FINAL_STATUSES, ServiceUnreachable } from './api.js';
import { el, notice, replaceChildren, when } from './dom.js';
import { failureNotice, type Page, type PageContext } from './page.js';
import { taskActions } from './task-actions.js';

const STATUSES: TaskStatus[] = ['queued', 'processing', 'completed', 'failed', 'canceled'];
/** The list is re-read this often while a task on screen can still change (a stream per task would hit the key's stream limit). */
export const LIST_POLL_MS = 3000;

interface ListFilter {
  status: TaskStatus | '';
  tag: string;
  createdAfter: string;
  createdBefore: string;
  limit: number;
  offset: number;
}

/** Kept while the tab lives, so coming back from a task shows the same page of the list. */
const filter: ListFilter = { status: '', tag: '', createdAfter: '', createdBefore: '', limit: 20, offset: 0 };

/** `datetime-local` gives local wall time without a zone; the API wants an instant. */
function instant(local: string): string | null {
  return local === '' ? null : new Date(local).toISOString();
}

function query(): string {
  const params = new URLSearchParams({ limit: String(filter.limit), offset: String(filter.offset) });
  if (filter.status) params.set('status', filter.status);
  const after = instant(filter.createdAfter);
  const before = instant(filter.createdBefore);
  if (after) params.set('created_after', after);
  if (before) params.set('created_before', before);
  return params.toString();
}

function labelled(id: string, label: string, control: HTMLElement): HTMLElement {
  control.id = id;
  return el('div', { class: 'control' }, el('label', { for: id }, label), control);
}

/** The filter controls, showing `filter`; applying them stores them there and calls `apply`. */
function filterForm(apply: () => void): HTMLElement {
  const status = el('select', {}, el('option', { value: '' }, 'any'), ...STATUSES.map((s) => el('option', { value: s }, s)));
  status.value = filter.status;
  const tag = el('input', { type: 'text', value: filter.tag, placeholder: 'e.g. promo', autocomplete: 'off' });
  const after = el('input', { type: 'datetime-local', value: filter.createdAfter });
  const before = el('input', { type: 'datetime-local', value: filter.createdBefore });
  const limit = el('select', {}, ...[10, 20, 50, 100].map((n) => el('option', { value: n }, String(n))));
  limit.value = String(filter.limit);
  const form = el(
    'form',
    { class: 'filters', 'aria-label': 'Filter tasks' },
    labelled('filter-status', 'Status', status),
    labelled('filter-tag', 'Tag (this page)', tag),
    labelled('filter-after', 'Created from', after),
    labelled('filter-before', 'Created before', before),
    labelled('filter-limit', 'Per page', limit),
    el('div', { class: 'control' }, el('button', { type: 'submit' }, 'Apply')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    Object.assign(filter, {
      status: status.value,
      tag: tag.value,
      createdAfter: after.value,
      createdBefore: before.value,
      limit: Number(limit.value),
      offset: 0,
    });
    apply();
  });
  return form;
}

/** The page of tasks with the filter's tag, each with its actions; a notice where none is left. */
function tasksTable(context: PageContext, list: TaskList, reload: () => void, messages: HTMLElement): HTMLElement {
  const wanted = filter.tag.trim();
  const tasks = wanted === '' ? list.tasks : list.tasks.filter((task) => task.metadata.tags.includes(wanted));
  if (tasks.length === 0) return notice(list.pagination.total === 0 ? 'No tasks match these filters.' : 'No task on this page has that tag.');
  const rows = tasks.map((task) =>
    el(
      'tr',
      { 'data-task': task.task_id },
      el('td', {}, el('a', { href: `#/tasks/${task.task_id}` }, task.task_id)),
      el('td', {}, el('span', { class: `status status-${task.status}` }, task.status)),
      el('td', {}, when(task.created_at)),
      el('td', {}, when(task.completed_at)),
      el('td', {}, task.metadata.tags.join(', ') || '—'),
      el('td', {}, task.metadata.user_reference ?? '—'),
      el('td', { class: 'row-actions' }, ...taskActions(context, task.task_id, task.status, reload, messages)),
    ),
  );
  return el(
    'table',
    { class: 'tasks' },
    el('caption', { class: 'visually-hidden' }, 'Tasks, newest first'),
    el('thead', {}, el('tr', {}, ...['Task', 'Status', 'Created', 'Completed', 'Tags', 'Reference', 'Actions'].map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, ...rows),
  );
}

/** Previous and next page, and where this page lies in the whole list; a move sets the filter's offset and calls `load`. */
function pagerChildren(list: TaskList, load: () => void): HTMLElement[] {
  const { total, offset, limit: size, has_more } = list.pagination;
  const first = total === 0 ? 0 : offset + 1;
  return [
    el('button', { type: 'button', disabled: offset === 0, onclick: () => ((filter.offset = Math.max(0, offset - size)), load()) }, 'Previous page'),
    el('span', { role: 'status' }, `${first}–${offset + list.tasks.length} of ${total}`),
    el('button', { type: 'button', disabled: !has_more, onclick: () => ((filter.offset = offset + size), load()) }, 'Next page'),
  ];
}

export function tasksPage(context: PageContext): Page {
  const form = filterForm(() => void load());
  const messages = el('div', { class: 'messages' });
  const table = el('div', { class: 'table-wrap' });
  const pager = el('nav', { class: 'pager', 'aria-label': 'Pages of tasks' });
  const node = el('section', { class: 'page', 'aria-labelledby': 'tasks-title' }, el('h1', { id: 'tasks-title' }, 'Tasks'), form, messages, table, pager);
  let timer: number | undefined;
  let disposed = false;
  // A failed read's notice is cleared by the next good one; an action's outcome (Cancel, Retry) stays.
  let readFailed = false;

  const load = async () => {
    window.clearTimeout(timer);
    try {
      const list = await context.api.call<TaskList>('GET', `/v3/tasks?${query()}`);
      if (disposed) return;
      replaceChildren(
        table,
        tasksTable(context, list, () => void load(), messages),
      );
      replaceChildren(pager, ...pagerChildren(list, () => void load()));
      if (readFailed) replaceChildren(messages);
      readFailed = false;
      // Live status: re-read while a visible task is still queued or processing.
      if (list.tasks.some((task) => !FINAL_STATUSES.has(task.status))) timer = window.setTimeout(() => void load(), LIST_POLL_MS);
    } catch (error) {
      if (disposed) return;
      replaceChildren(messages, failureNotice(error));
      readFailed = true;
      // Unreachable (a restart, the network): read again until it answers; a refusal stays on screen.
      if (error instanceof ServiceUnreachable) timer = window.setTimeout(() => void load(), LIST_POLL_MS);
    }
  };

  void load();
  return {
    title: 'Tasks',
    node,
    dispose: () => {
      disposed = true;
      window.clearTimeout(timer);
    },
  };
}
