import type { DeliveryList, Redelivery, SubmittedRequest, TaskRecord } from '../../client/api-models.js';
import { followTask, type FollowMode } from './api.js';
import { el, fields, notice, replaceChildren, when } from './dom.js';
import { failureNotice, type Page, type PageContext } from './page.js';
import { taskActions } from './task-actions.js';
import { timelineRuler } from './timeline-ruler.js';

function untilExpiry(iso: string): string {
  const hours = (new Date(iso).getTime() - Date.now()) / 3_600_000;
  if (hours <= 0) return 'expired';
  return hours >= 48 ? `in ${Math.round(hours / 24)} days` : hours >= 1 ? `in ${Math.round(hours)} h` : `in ${Math.max(1, Math.round(hours * 60))} min`;
}

function taskLink(id: string | null): Node | string {
  return id === null ? '—' : el('a', { href: `#/tasks/${id}` }, id);
}

function overview(task: TaskRecord): HTMLElement {
  const { phases } = task.progress;
  const phase = (name: keyof typeof phases) => `${phases[name].completed ? 'done' : 'not done'}, ${phases[name].duration_seconds} s`;
  const estimate = task.metadata.estimated_vs_actual;
  return fields([
    ['Status', el('span', { class: `status status-${task.status}` }, task.status)],
    ['Created', when(task.created_at)],
    ['Started', when(task.started_at)],
    ['Completed', when(task.completed_at)],
    ['Failed', when(task.failed_at)],
    ['Canceled', when(task.canceled_at)],
    ['Priority', task.priority],
    ['Model', task.model],
    ['Phase', task.progress.current_phase ?? '—'],
    ['Download', phase('download')],
    ['Render', phase('render')],
    ['Upload', phase('upload')],
    ['Estimated duration', `${task.estimated_duration_seconds} s`],
    ['Processing time', task.metadata.processing_time_seconds === null ? '—' : `${task.metadata.processing_time_seconds} s`],
    ['Estimate vs actual', estimate ? `${estimate.estimated} s vs ${estimate.actual} s (accuracy ${Math.round(estimate.accuracy * 100)} %)` : '—'],
    ['Reference', task.metadata.user_reference ?? '—'],
    ['Tags', task.metadata.tags.join(', ') || '—'],
    ['Retry of', taskLink(task.original_task_id)],
    ['Retried by', taskLink(task.retried_by)],
    ['Retry count', String(task.retry_count)],
  ]);
}

function outputSection(task: TaskRecord): HTMLElement | null {
  const output = task.output;
  if (output === null) return null;
  const media: Node[] = [];
  if (output.video_url) {
    media.push(
      el(
        'figure',
        {},
        el('video', { src: output.video_url, controls: true, preload: 'metadata', 'aria-label': 'Output video', class: 'output-video' }),
        el('figcaption', {}, 'Output video'),
      ),
    );
  }
  if (output.thumbnail_url)
    media.push(
      el('figure', {}, el('img', { src: output.thumbnail_url, alt: 'Thumbnail of the output', class: 'thumbnail' }), el('figcaption', {}, 'Thumbnail (JPEG)')),
    );
  if (output.preview_url)
    media.push(
      el('figure', {}, el('img', { src: output.preview_url, alt: 'Animated preview of the output', class: 'preview' }), el('figcaption', {}, 'Preview (GIF)')),
    );
  return el(
    'section',
    { 'aria-labelledby': 'output-title' },
    el('h2', { id: 'output-title' }, 'Output'),
    output.expired ? notice('The output has expired: its files are deleted and its links are no longer given out.') : el('div', { class: 'media' }, ...media),
    fields([
      ['Duration', `${output.duration_ms} ms`],
      ['Size', `${output.file_size_bytes} bytes`],
      ['Resolution', `${output.resolution.width}x${output.resolution.height}`],
      ['Format', output.format],
      ['Links expire', `${when(output.expires_at)} (${output.expired ? 'expired' : untilExpiry(output.expires_at)})`],
      ['Video link', output.video_url ? el('a', { href: output.video_url, rel: 'noreferrer' }, 'download') : '—'],
    ]),
  );
}

function errorSection(task: TaskRecord): HTMLElement | null {
  const error = task.error;
  if (error === null) return null;
  return el(
    'section',
    { 'aria-labelledby': 'error-title', class: 'task-error' },
    el('h2', { id: 'error-title' }, 'Error'),
    fields([
      ['Code', el('code', {}, error.code)],
      ['Message', error.message],
      ['Retry possible', error.retry_possible ? 'yes' : 'no'],
      ['Suggested action', error.suggested_action ?? '—'],
      ['Details', el('pre', {}, JSON.stringify(error.details, null, 2))],
    ]),
  );
}

function deliveriesTable(context: PageContext, taskId: string, list: DeliveryList, reload: () => void, messages: HTMLElement): HTMLElement {
  if (list.deliveries.length === 0) return notice('No events yet.');
  const redeliver = async (eventId: string) => {
    try {
      const answer = await context.api.call<Redelivery>('POST', `/v3/tasks/${taskId}/deliveries/${eventId}/redeliver`);
      replaceChildren(messages, notice(answer.message));
    } catch (error) {
      replaceChildren(messages, failureNotice(error));
    }
    reload();
  };
  const rows = list.deliveries.map((delivery) =>
    el(
      'tr',
      { 'data-event': delivery.event_id },
      el('td', {}, String(delivery.sequence)),
      el('td', {}, delivery.event),
      el('td', {}, el('span', { class: `status delivery-${delivery.status}` }, delivery.status)),
      el('td', {}, delivery.next_attempt_at ? `next ${when(delivery.next_attempt_at)}` : when(delivery.finished_at)),
      el(
        'td',
        {},
        delivery.attempts.length === 0
          ? '—'
          : el(
              'ul',
              { class: 'attempts' },
              ...delivery.attempts.map((a) =>
                el('li', {}, `#${a.attempt} ${when(a.started_at)}: ${a.http_status ?? 'no answer'} in ${a.duration_ms} ms${a.error ? ` (${a.error})` : ''}`),
              ),
            ),
      ),
      el(
        'td',
        {},
        delivery.status === 'failed'
          ? el(
              'button',
              { type: 'button', 'aria-label': `Redeliver ${delivery.event} (${delivery.event_id})`, onclick: () => void redeliver(delivery.event_id) },
              'Redeliver',
            )
          : '',
      ),
    ),
  );
  return el(
    'table',
    { class: 'deliveries' },
    el('caption', { class: 'visually-hidden' }, 'Webhook deliveries'),
    el('thead', {}, el('tr', {}, ...['#', 'Event', 'Status', 'Finished', 'Attempts', ''].map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, ...rows),
  );
}

/** The task's webhook deliveries, with a button to load them again; `load` fills the table. */
function deliveriesSection(context: PageContext, taskId: string, messages: HTMLElement): { node: HTMLElement; load(): Promise<void> } {
  const deliveries = el('div', { class: 'table-wrap' });
  const load = async () => {
    try {
      const list = await context.api.call<DeliveryList>('GET', `/v3/tasks/${taskId}/deliveries`);
      replaceChildren(
        deliveries,
        deliveriesTable(context, taskId, list, () => void load(), messages),
      );
    } catch (error) {
      replaceChildren(deliveries, failureNotice(error));
    }
  };
  const node = el(
    'section',
    { 'aria-labelledby': 'deliveries-title' },
    el('h2', { id: 'deliveries-title' }, 'Webhook deliveries'),
    el('button', { type: 'button', onclick: () => void load() }, 'Refresh deliveries'),
    deliveries,
  );
  return { node, load };
}

/** The progress bar with its label, and the line that says whether the page follows the task live. */
function progressView(): { label: HTMLElement; bar: HTMLElement; live: HTMLElement; show(task: TaskRecord, mode: FollowMode): void } {
  const bar = el('progress', { max: 100, value: 0, id: 'task-progress' });
  const label = el('label', { for: 'task-progress' }, 'Progress');
  const live = el('p', { class: 'live', role: 'status' });
  const show = (task: TaskRecord, mode: FollowMode) => {
    bar.value = task.progress.percentage;
    bar.textContent = `${task.progress.percentage} %`;
    label.textContent = `Progress: ${task.progress.percentage} %`;
    live.textContent =
      task.status === 'queued' || task.status === 'processing' ? `Following live (${mode === 'stream' ? 'event stream' : 'polling'})` : `Final: ${task.status}`;
  };
  return { label, bar, live, show };
}

export function taskPage(context: PageContext, taskId: string): Page {
  const heading = el('h1', { id: 'task-title' }, taskId);
  const progress = progressView();
  const actions = el('div', { class: 'actions' });
  const messages = el('div', { class: 'messages' });
  const record = el('div', { class: 'record' });
  const deliveries = deliveriesSection(context, taskId, messages);
  const timeline = el('div', {});
  const raw = el('pre', { class: 'raw' });
  const controller = new AbortController();
  let shownStatus = '';

  const show = (task: TaskRecord, mode: FollowMode) => {
    progress.show(task, mode);
    raw.textContent = JSON.stringify(task, null, 2);
    // The media elements are rebuilt only when the status changes, so a playing video is not reset by each refresh.
    if (task.status === shownStatus) {
      const first = record.firstElementChild;
      if (first) first.replaceWith(overview(task));
      return;
    }
    shownStatus = task.status;
    replaceChildren(actions, ...taskActions(context, taskId, task.status, () => undefined, messages));
    replaceChildren(record, overview(task), outputSection(task), errorSection(task));
    void deliveries.load();
  };

  followTask(context.api, taskId, show, controller.signal).catch((error: unknown) => replaceChildren(messages, failureNotice(error)));
  context.api
    .call<SubmittedRequest>('GET', `/v3/tasks/${taskId}/request`)
    .then((submitted) => replaceChildren(timeline, timelineRuler(submitted.request.input.timeline)))
    .catch((error: unknown) => replaceChildren(timeline, failureNotice(error)));

  const node = el(
    'section',
    { class: 'page', 'aria-labelledby': 'task-title' },
    el('p', {}, el('a', { href: '#/tasks' }, '← All tasks')),
    heading,
    el('div', { class: 'progress-row' }, progress.label, progress.bar, actions),
    progress.live,
    messages,
    record,
    el('section', { 'aria-labelledby': 'timeline-title' }, el('h2', { id: 'timeline-title' }, 'Timeline'), timeline),
    deliveries.node,
    el('details', {}, el('summary', {}, 'The whole record (JSON)'), raw),
  );
  return { title: taskId, node, dispose: () => controller.abort() };
}
