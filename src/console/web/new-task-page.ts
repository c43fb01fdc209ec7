import type { CreatedTask } from '../../client/api-models.js';
import { ApiFailure } from './api.js';
import { sampleBodies, type SampleBody, type SampleTimeline, type ServedSample } from '../logic/sample-bodies.js';
import { el, notice, replaceChildren } from './dom.js';
import { markedEditor, problemsOf } from './json-editor.js';
import { failureNotice, type Page, type PageContext } from './page.js';

/** The Studio's sample timelines (built into samples.json) on this service's sample media URLs. */
async function loadSamples(context: PageContext): Promise<SampleBody[]> {
  const [timelines, served] = await Promise.all([
    fetch('/console/samples.json', { credentials: 'omit' }).then((r) => (r.ok ? (r.json() as Promise<SampleTimeline[]>) : [])),
    context.api.call<{ samples: ServedSample[] }>('GET', '/v3/samples'),
  ]);
  return sampleBodies(timelines, served.samples);
}

export function newTaskPage(context: PageContext): Page {
  const editor = markedEditor('task-json', 'editor-help');
  const sample = el('select', { id: 'sample' });
  const messages = el('div', { class: 'messages' });
  let samples: SampleBody[] = [];

  const useSample = (name: string) => {
    const chosen = samples.find((s) => s.name === name);
    if (!chosen) return;
    editor.textarea.value = JSON.stringify(chosen.body, null, 2);
    replaceChildren(messages);
    editor.clearMarks();
  };
  const submit = async () => {
    replaceChildren(messages);
    let body: unknown;
    try {
      body = JSON.parse(editor.textarea.value);
    } catch (error) {
      editor.clearMarks();
      replaceChildren(messages, notice(`Not JSON: ${(error as Error).message}`, 'error'));
      return;
    }
    try {
      const created = await context.api.call<CreatedTask>('POST', '/v3/tasks', body);
      context.navigate(`#/tasks/${created.task_id}`);
    } catch (error) {
      editor.showProblems(error instanceof ApiFailure ? problemsOf(error) : []);
      replaceChildren(messages, failureNotice(error));
    }
  };

  sample.addEventListener('change', () => useSample(sample.value));
  const form = el(
    'form',
    { class: 'new-task', 'aria-labelledby': 'new-title' },
    el('div', { class: 'control' }, el('label', { for: 'sample' }, 'Start from a sample'), sample),
    el('label', { for: 'task-json' }, 'Create-task body (JSON)'),
    el('p', { id: 'editor-help', class: 'help' }, 'The API checks the body; each problem it reports is shown beside its line.'),
    editor.view,
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, 'Submit task')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit();
  });
  loadSamples(context)
    .then((loaded) => {
      samples = loaded;
      replaceChildren(sample, ...samples.map((s) => el('option', { value: s.name }, s.name)));
      const first = samples.find((s) => s.name === 'solid-red') ?? samples[0];
      if (first) {
        sample.value = first.name;
        useSample(first.name);
      }
    })
    .catch((error: unknown) => replaceChildren(messages, failureNotice(error)));
  const node = el('section', { class: 'page' }, el('h1', { id: 'new-title' }, 'New task'), messages, form, el('h2', {}, 'Problems'), editor.problems);
  return { title: 'New task', node, dispose: () => undefined };
}
