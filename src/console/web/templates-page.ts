import type { CreatedTemplate, CreateTemplateBody, SubmittedRequest, TemplateList } from '../../client/api-models.js';
import { mergeOfRow } from '../../client/csv-rows.js';
import { draftFields, templateBodyOf, type DraftField, type DraftFieldType } from '../logic/template-draft.js';
import { ApiFailure } from './api.js';
import { el, notice, replaceChildren, when } from './dom.js';
import { markedEditor, problemsOf } from './json-editor.js';
import { failureNotice, type Page, type PageContext } from './page.js';

const FIELD_TYPES: DraftFieldType[] = ['string', 'number', 'url'];
const LIST_LIMIT = 100;

function templatesTable(list: TemplateList): HTMLElement {
  if (list.templates.length === 0) return notice('No templates yet: create one below.');
  const rows = list.templates.map((template) =>
    el(
      'tr',
      { 'data-template': template.template_id },
      el('td', {}, el('a', { href: `#/templates/${template.template_id}` }, template.name)),
      el('td', {}, template.template_id),
      el(
        'td',
        {},
        Object.entries(template.fields)
          .map(([name, field]) => `${name} (${field.type})`)
          .join(', ') || '—',
      ),
      el('td', {}, when(template.created_at)),
    ),
  );
  return el(
    'div',
    {},
    el(
      'table',
      { class: 'templates' },
      el('caption', { class: 'visually-hidden' }, 'Templates, newest first'),
      el('thead', {}, el('tr', {}, ...['Name', 'Template', 'Fields', 'Created'].map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, ...rows),
    ),
    list.pagination.has_more ? el('p', { class: 'help' }, `The newest ${LIST_LIMIT} of ${list.pagination.total}.`) : null,
  );
}

interface FieldRow {
  type: HTMLSelectElement;
  defaultValue: HTMLInputElement;
}

/**
 * One row per merge field the body's placeholders name, each with its type and
 * an optional default; rows are redrawn as the body changes, keeping what the
 * user chose for a field that is still there.
 */
function fieldRows(): { node: HTMLElement; show(fields: DraftField[]): void; declared(): CreateTemplateBody['fields'] } {
  const node = el('div', { class: 'table-wrap' });
  let rows = new Map<string, FieldRow>();
  const show = (fields: DraftField[]) => {
    const kept = new Map<string, FieldRow>();
    for (const field of fields) {
      const id = `field-${field.name}`;
      const type = rows.get(field.name)?.type ?? el('select', { id: `${id}-type` }, ...FIELD_TYPES.map((t) => el('option', { value: t }, t)));
      if (!rows.has(field.name)) type.value = field.type;
      const defaultValue = rows.get(field.name)?.defaultValue ?? el('input', { id: `${id}-default`, type: 'text', autocomplete: 'off', placeholder: 'none' });
      kept.set(field.name, { type, defaultValue });
    }
    rows = kept;
    if (rows.size === 0) {
      replaceChildren(node, notice('No {{field}} placeholders in the body yet.'));
      return;
    }
    replaceChildren(
      node,
      el(
        'table',
        { class: 'template-fields' },
        el('caption', { class: 'visually-hidden' }, 'Merge fields'),
        el('thead', {}, el('tr', {}, ...['Field', 'Type', 'Default'].map((h) => el('th', { scope: 'col' }, h)))),
        el(
          'tbody',
          {},
          ...[...rows].map(([name, row]) =>
            el(
              'tr',
              { 'data-field': name },
              el('th', { scope: 'row' }, name),
              el('td', {}, el('label', { for: row.type.id, class: 'visually-hidden' }, `Type of ${name}`), row.type),
              el('td', {}, el('label', { for: row.defaultValue.id, class: 'visually-hidden' }, `Default of ${name}`), row.defaultValue),
            ),
          ),
        ),
      ),
    );
  };
  const declared = () => {
    const types = Object.fromEntries([...rows].map(([name, row]) => [name, { type: row.type.value as DraftFieldType }]));
    const names = [...rows.keys()];
    const defaults = mergeOfRow(
      types,
      names,
      [...rows.values()].map((row) => row.defaultValue.value),
    );
    return Object.fromEntries(names.map((name) => [name, { ...types[name], ...(name in defaults ? { default: defaults[name] } : {}) }]));
  };
  return { node, show, declared };
}

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** A task id and a button that puts the task's submitted body in the editor (GET /v3/tasks/{id}/request). */
function taskBodyLoader(context: PageContext, useBody: (taskId: string, body: Record<string, unknown>) => void, messages: HTMLElement): HTMLElement {
  const taskId = el('input', { id: 'template-task', type: 'text', autocomplete: 'off', spellcheck: 'false', placeholder: 'tsk_…' });
  const load = async () => {
    replaceChildren(messages);
    try {
      const submitted = await context.api.call<SubmittedRequest>('GET', `/v3/tasks/${encodeURIComponent(taskId.value.trim())}/request`);
      useBody(submitted.task_id, templateBodyOf(submitted.request));
    } catch (error) {
      replaceChildren(messages, failureNotice(error));
    }
  };
  return el(
    'div',
    { class: 'actions' },
    el('div', { class: 'control' }, el('label', { for: 'template-task' }, 'Start from a task'), taskId),
    el('button', { type: 'button', class: 'align-end', onclick: () => void load() }, 'Use its body'),
  );
}

/** The form that stores a template: a name, a body (pasted, or a task's), and the fields its placeholders name. */
function newTemplateForm(context: PageContext): HTMLElement {
  const name = el('input', { id: 'template-name', type: 'text', required: true, autocomplete: 'off', maxlength: 200, placeholder: 'e.g. listing-teaser' });
  const editor = markedEditor('template-json', 'template-help');
  const fields = fieldRows();
  const messages = el('div', { class: 'messages' });
  const redrawFields = () => fields.show(draftFields(jsonOrNull(editor.textarea.value)));
  editor.textarea.addEventListener('input', redrawFields);
  const useBody = (taskId: string, body: Record<string, unknown>) => {
    editor.textarea.value = JSON.stringify(body, null, 2);
    editor.clearMarks();
    redrawFields();
    replaceChildren(messages, notice(`The body of ${taskId}: put {{field}} where each render differs.`));
  };
  const submit = async () => {
    replaceChildren(messages);
    const body = jsonOrNull(editor.textarea.value);
    if (body === null) {
      editor.clearMarks();
      replaceChildren(messages, notice('The body is not JSON', 'error'));
      return;
    }
    try {
      const payload = { name: name.value, body, fields: fields.declared() } as CreateTemplateBody;
      const created = await context.api.call<CreatedTemplate>('POST', '/v3/templates', payload);
      context.navigate(`#/templates/${created.template_id}`);
    } catch (error) {
      editor.showProblems(error instanceof ApiFailure ? problemsOf(error) : [], 'body.');
      replaceChildren(messages, failureNotice(error));
    }
  };
  const form = el(
    'form',
    { class: 'new-task', 'aria-labelledby': 'new-template-title' },
    el('div', { class: 'control' }, el('label', { for: 'template-name' }, 'Name'), name),
    taskBodyLoader(context, useBody, messages),
    el('label', { for: 'template-json' }, 'Template body (a create-task body, JSON)'),
    el(
      'p',
      { id: 'template-help', class: 'help' },
      'Write {{field}} in any string value: a whole-string {{field}} of a number field becomes a number. The API checks the body; each problem it reports is shown beside its line.',
    ),
    editor.view,
    el('h3', {}, 'Merge fields'),
    fields.node,
    el('div', { class: 'actions' }, el('button', { type: 'submit' }, 'Create template')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit();
  });
  redrawFields();
  return el('section', { 'aria-labelledby': 'new-template-title' }, el('h2', { id: 'new-template-title' }, 'New template'), messages, form, editor.problems);
}

export function templatesPage(context: PageContext): Page {
  const list = el('div', { class: 'table-wrap' });
  context.api
    .call<TemplateList>('GET', `/v3/templates?limit=${LIST_LIMIT}`)
    .then((templates) => replaceChildren(list, templatesTable(templates)))
    .catch((error: unknown) => replaceChildren(list, failureNotice(error)));
  const node = el(
    'section',
    { class: 'page', 'aria-labelledby': 'templates-title' },
    el('h1', { id: 'templates-title' }, 'Templates'),
    list,
    newTemplateForm(context),
  );
  return { title: 'Templates', node, dispose: () => undefined };
}
