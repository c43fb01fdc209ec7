import type { CreatedTask } from '../../client/api-models.js';
import { ApiFailure } from './api.js';
import { locateField } from '../logic/json-locator.js';
import { sampleBodies, type SampleBody, type SampleTimeline, type ServedSample } from '../logic/sample-bodies.js';
import { el, notice, replaceChildren } from './dom.js';
import { failureNotice, type Page, type PageContext } from './page.js';

interface Problem {
  field: string;
  issue: string;
}

/** The `{field, issue}` entries of a VALIDATION_ERROR or INVALID_FONT answer (docs/api-validation.md). */
function problemsOf(error: ApiFailure): Problem[] {
  const details = error.envelope?.error.details;
  if (!Array.isArray(details)) return [];
  // A 422's details are exceeded limits, without `issue`.
  return details.flatMap((d) => ('issue' in d && typeof d.field === 'string' && typeof d.issue === 'string' ? [{ field: d.field, issue: d.issue }] : []));
}

/** The Studio's sample timelines (built into samples.json) on this service's sample media URLs. */
async function loadSamples(context: PageContext): Promise<SampleBody[]> {
  const [timelines, served] = await Promise.all([
    fetch('/console/samples.json', { credentials: 'omit' }).then((r) => (r.ok ? (r.json() as Promise<SampleTimeline[]>) : [])),
    context.api.call<{ samples: ServedSample[] }>('GET', '/v3/samples'),
  ]);
  return sampleBodies(timelines, served.samples);
}

/** Selects line `line` (1-based) of the textarea and puts the cursor there. */
function selectLine(editor: HTMLTextAreaElement, line: number): void {
  const lines = editor.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0);
  editor.focus();
  editor.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
}

/** The JSON editor with line numbers, and each problem the API reported shown beside its line and listed below it. */
interface MarkedEditor {
  textarea: HTMLTextAreaElement;
  /** The textarea between its line numbers and its notes. */
  view: HTMLElement;
  /** The list of problems, each with a link to its line. */
  problems: HTMLElement;
  clearMarks(): void;
  showProblems(list: Problem[]): void;
}

function markedEditor(): MarkedEditor {
  const editor = el('textarea', { id: 'task-json', spellcheck: 'false', wrap: 'off', autocomplete: 'off', 'aria-describedby': 'editor-help problems' });
  const gutter = el('div', { class: 'gutter', 'aria-hidden': 'true' });
  const notes = el('div', { class: 'line-notes', 'aria-hidden': 'true' });
  const problems = el('ul', { id: 'problems', class: 'problems', 'aria-live': 'polite' });
  let marked = new Map<number, string[]>();

  const syncScroll = () => {
    gutter.scrollTop = editor.scrollTop;
    notes.scrollTop = editor.scrollTop;
  };
  const drawLines = () => {
    const count = editor.value.split('\n').length;
    const numbers: HTMLElement[] = [];
    const texts: HTMLElement[] = [];
    for (let line = 1; line <= count; line += 1) {
      const issues = marked.get(line);
      numbers.push(el('div', { class: issues ? 'line bad' : 'line', 'data-line': line }, String(line)));
      texts.push(el('div', { class: issues ? 'note bad' : 'note', 'data-line': line }, issues ? issues.join('; ') : ''));
    }
    replaceChildren(gutter, ...numbers);
    replaceChildren(notes, ...texts);
    syncScroll();
  };
  const clearMarks = () => {
    marked = new Map();
    replaceChildren(problems);
    drawLines();
  };
  const showProblems = (list: Problem[]) => {
    marked = new Map();
    const items = list.map((problem) => {
      const at = locateField(editor.value, problem.field);
      const text = `${problem.field || '(body)'} ${problem.issue}`;
      if (!at) return el('li', { 'data-line': '' }, text);
      marked.set(at.line, [...(marked.get(at.line) ?? []), text]);
      return el(
        'li',
        { 'data-line': at.line },
        el('button', { type: 'button', class: 'link', onclick: () => selectLine(editor, at.line) }, `Line ${at.line}`),
        ': ',
        text,
      );
    });
    replaceChildren(problems, ...items);
    drawLines();
  };
  editor.addEventListener('input', () => {
    if (marked.size > 0) clearMarks();
    else drawLines();
  });
  editor.addEventListener('scroll', syncScroll);
  drawLines();
  return { textarea: editor, view: el('div', { class: 'editor' }, gutter, editor, notes), problems, clearMarks, showProblems };
}

export function newTaskPage(context: PageContext): Page {
  const editor = markedEditor();
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
