import type { CreatedTask, TemplateRecord } from '../../client/api-models.js';
import { mergeOfRow } from '../../client/csv-rows.js';
import { ApiFailure } from './api.js';
import { batchSection } from './batch-section.js';
import { el, fields, replaceChildren, when } from './dom.js';
import { problemsOf } from './json-editor.js';
import { failureNotice, type Page, type PageContext } from './page.js';

const INPUT_TYPES = { string: 'text', number: 'number', url: 'url' } as const;

function overview(template: TemplateRecord): HTMLElement {
  return fields([
    ['Template', template.template_id],
    ['Created', when(template.created_at)],
    [
      'Fields',
      Object.entries(template.fields)
        .map(([name, field]) => `${name} (${field.type}${field.default === undefined ? '' : `, default ${field.default}`})`)
        .join(', ') || '—',
    ],
  ]);
}

/** One input per field; a render sends the filled ones as `merge` (empty: the default) and opens the new task. */
function renderForm(context: PageContext, template: TemplateRecord): HTMLElement {
  const names = Object.keys(template.fields);
  const inputs = names.map((name) => {
    const field = template.fields[name];
    return el('input', {
      id: `merge-${name}`,
      type: INPUT_TYPES[field.type],
      step: field.type === 'number' ? 'any' : undefined,
      autocomplete: 'off',
      placeholder: field.default === undefined ? 'required' : `default: ${field.default}`,
    });
  });
  const messages = el('div', { class: 'messages' });
  const problems = el('ul', { class: 'problems', 'aria-live': 'polite' });
  const submit = async () => {
    replaceChildren(messages);
    replaceChildren(problems);
    const merge = mergeOfRow(
      template.fields,
      names,
      inputs.map((input) => input.value),
    );
    try {
      const created = await context.api.call<CreatedTask>('POST', `/v3/templates/${template.template_id}/tasks`, { merge });
      context.navigate(`#/tasks/${created.task_id}`);
    } catch (error) {
      replaceChildren(messages, failureNotice(error));
      replaceChildren(problems, ...(error instanceof ApiFailure ? problemsOf(error) : []).map((p) => el('li', {}, `${p.field} ${p.issue}`)));
    }
  };
  const form = el(
    'form',
    { class: 'filters', 'aria-labelledby': 'render-title' },
    ...names.map((name, i) => el('div', { class: 'control' }, el('label', { for: inputs[i].id }, name), inputs[i])),
    el('div', { class: 'control' }, el('button', { type: 'submit' }, 'Render')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void submit();
  });
  return el('section', { 'aria-labelledby': 'render-title' }, el('h2', { id: 'render-title' }, 'Render with values'), messages, form, problems);
}

/** Deletes the template after the browser's confirmation (tasks already rendered from it stay), then lists the rest. */
function deleteButton(context: PageContext, template: TemplateRecord, messages: HTMLElement): HTMLElement {
  const remove = async () => {
    if (!window.confirm(`Delete the template "${template.name}"? Tasks rendered from it stay.`)) return;
    try {
      await context.api.call('DELETE', `/v3/templates/${template.template_id}`);
      context.navigate('#/templates');
    } catch (error) {
      replaceChildren(messages, failureNotice(error));
    }
  };
  return el('p', {}, el('button', { type: 'button', class: 'danger', onclick: () => void remove() }, 'Delete template'));
}

export function templatePage(context: PageContext, templateId: string): Page {
  const heading = el('h1', { id: 'template-title' }, templateId);
  const content = el('div', {});
  const messages = el('div', { class: 'messages' });
  const controller = new AbortController();
  context.api
    .call<TemplateRecord>('GET', `/v3/templates/${templateId}`)
    .then((template) => {
      heading.textContent = template.name;
      replaceChildren(
        content,
        overview(template),
        renderForm(context, template),
        batchSection(context, template, controller.signal),
        el('details', {}, el('summary', {}, 'The template body (JSON)'), el('pre', { class: 'raw' }, JSON.stringify(template.body, null, 2))),
        deleteButton(context, template, messages),
      );
    })
    .catch((error: unknown) => replaceChildren(messages, failureNotice(error)));
  const node = el(
    'section',
    { class: 'page', 'aria-labelledby': 'template-title' },
    el('p', {}, el('a', { href: '#/templates' }, '← All templates')),
    heading,
    messages,
    content,
  );
  return { title: templateId, node, dispose: () => controller.abort() };
}
