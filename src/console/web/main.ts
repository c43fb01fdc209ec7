import { ApiFailure, ConsoleApi } from './api.js';
import { el, replaceChildren } from './dom.js';
import { newTaskPage } from './new-task-page.js';
import { failureNotice, type Page, type PageContext } from './page.js';
import { taskPage } from './task-page.js';
import { tasksPage } from './tasks-page.js';
import { templatePage } from './template-page.js';
import { templatesPage } from './templates-page.js';
import { usagePage } from './usage-page.js';

/**
 * The console's entry: the API key form, the navigation and a hash router
 * (#/tasks, #/tasks/<id>, #/new, #/templates, #/templates/<id>, #/usage). Routes live in the fragment, which
 * browsers never send, and never carry the key.
 */
const api = new ConsoleApi();
const main = document.getElementById('main') as HTMLElement;
const keyArea = document.getElementById('key-area') as HTMLElement;
const nav = document.getElementById('nav') as HTMLElement;
let current: Page | null = null;

const context: PageContext = {
  api,
  navigate: (hash) => {
    if (location.hash === hash) route();
    else location.hash = hash;
  },
};

/**
 * Keeps `key` if the service takes it: any answer but 401 (a key without `models:read` is answered 403, and is
 * still a key). A refused key is forgotten and said so in `refusal`.
 */
async function signIn(key: string, refusal: HTMLElement): Promise<boolean> {
  api.setKey(key);
  try {
    await api.call('GET', '/v3/models');
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) {
      api.forgetKey();
      replaceChildren(refusal, failureNotice(error));
      return false;
    }
  }
  replaceChildren(refusal);
  return true;
}

function keyForm(): HTMLElement {
  const refusal = el('div', { class: 'messages', role: 'status' });
  const input = el('input', { id: 'api-key', type: 'password', autocomplete: 'off', spellcheck: 'false', required: true, placeholder: 'rsk_…' });
  const form = el(
    'form',
    { class: 'key-form', 'aria-labelledby': 'key-title' },
    el('h1', { id: 'key-title' }, 'Sign in with an API key'),
    el(
      'p',
      {},
      'The key stays in this tab (sessionStorage) and is sent only in the Authorization header of calls to this service. You see the tasks, templates and usage of the key’s account.',
    ),
    el('label', { for: 'api-key' }, 'API key'),
    input,
    el('button', { type: 'submit' }, 'Use this key'),
    refusal,
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (input.value.trim() === '') return;
    void signIn(input.value, refusal).then((accepted) => {
      if (!accepted) return;
      input.value = '';
      showKeyState();
      context.navigate(location.hash && location.hash !== '#/' ? location.hash : '#/tasks');
    });
  });
  return form;
}

function showKeyState(): void {
  const key = api.key;
  nav.hidden = key === null;
  replaceChildren(
    keyArea,
    key === null
      ? null
      : el(
          'button',
          {
            type: 'button',
            id: 'forget-key',
            onclick: () => {
              api.forgetKey();
              showKeyState();
              route();
            },
          },
          'Forget key',
        ),
  );
}

function pageFor(hash: string): Page {
  const task = /^#\/tasks\/(tsk_[A-Za-z0-9]+)$/.exec(hash);
  if (task) return taskPage(context, task[1]);
  if (hash === '#/new') return newTaskPage(context);
  const template = /^#\/templates\/(tpl_[A-Za-z0-9]+)$/.exec(hash);
  if (template) return templatePage(context, template[1]);
  if (hash === '#/templates') return templatesPage(context);
  if (hash === '#/usage') return usagePage(context);
  return tasksPage(context);
}

function route(): void {
  current?.dispose();
  current = null;
  if (api.key === null) {
    replaceChildren(main, keyForm());
    document.title = 'Render console';
    (document.getElementById('api-key') as HTMLInputElement).focus();
    return;
  }
  current = pageFor(location.hash);
  replaceChildren(main, current.node);
  document.title = `${current.title} · Render console`;
  for (const link of nav.querySelectorAll('a')) {
    const active = location.hash.startsWith(link.getAttribute('href') ?? '-');
    if (active) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

// Only #/ fragments are routes: the skip link's #main just moves the focus.
window.addEventListener('hashchange', () => {
  if (location.hash === '' || location.hash.startsWith('#/')) route();
});
showKeyState();
route();
