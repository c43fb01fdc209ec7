import type { ApiFailure } from './api.js';
import { locateField } from '../logic/json-locator.js';
import { el, replaceChildren } from './dom.js';

export interface Problem {
  field: string;
  issue: string;
}

/** The `{field, issue}` entries of a VALIDATION_ERROR or INVALID_FONT answer (docs/api-validation.md). */
export function problemsOf(error: ApiFailure): Problem[] {
  const details = error.envelope?.error.details;
  if (!Array.isArray(details)) return [];
  // A 422's details are exceeded limits, without `issue`.
  return details.flatMap((d) => ('issue' in d && typeof d.field === 'string' && typeof d.issue === 'string' ? [{ field: d.field, issue: d.issue }] : []));
}

/** Selects line `line` (1-based) of the textarea and puts the cursor there. */
function selectLine(editor: HTMLTextAreaElement, line: number): void {
  const lines = editor.value.split('\n');
  const start = lines.slice(0, line - 1).reduce((sum, text) => sum + text.length + 1, 0);
  editor.focus();
  editor.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
}

/** The JSON editor with line numbers, and each problem the API reported shown beside its line and listed below it. */
export interface MarkedEditor {
  textarea: HTMLTextAreaElement;
  /** The textarea between its line numbers and its notes. */
  view: HTMLElement;
  /** The list of problems, each with a link to its line. */
  problems: HTMLElement;
  clearMarks(): void;
  /** Each problem beside its line; `prefix` is the path of the edited JSON in the request (`body.` for a template's body). */
  showProblems(list: Problem[], prefix?: string): void;
}

export function markedEditor(id: string, helpId: string): MarkedEditor {
  const problemsId = `${id}-problems`;
  const editor = el('textarea', { id, spellcheck: 'false', wrap: 'off', autocomplete: 'off', 'aria-describedby': `${helpId} ${problemsId}` });
  const gutter = el('div', { class: 'gutter', 'aria-hidden': 'true' });
  const notes = el('div', { class: 'line-notes', 'aria-hidden': 'true' });
  const problems = el('ul', { id: problemsId, class: 'problems', 'aria-live': 'polite' });
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
  const showProblems = (list: Problem[], prefix = '') => {
    marked = new Map();
    const items = list.map((problem) => {
      const at = problem.field.startsWith(prefix) ? locateField(editor.value, problem.field.slice(prefix.length)) : null;
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
