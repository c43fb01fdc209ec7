import type { CanceledTask, RetriedTask, TaskStatus } from '../../client/api-models.js';
import { el, notice, replaceChildren } from './dom.js';
import { failureNotice, type PageContext } from './page.js';

/**
 * Cancel (queued or processing) and Retry (failed) buttons, calling the same
 * endpoints as any client; the outcome goes to `messages`, then `done` reloads.
 */
export function taskActions(context: PageContext, taskId: string, status: TaskStatus, done: () => void, messages: HTMLElement): HTMLButtonElement[] {
  const cancel = async () => {
    try {
      const canceled = await context.api.call<CanceledTask>('DELETE', `/v3/tasks/${taskId}`);
      replaceChildren(messages, notice(`${canceled.task_id} canceled: ${canceled.message}`));
    } catch (error) {
      replaceChildren(messages, failureNotice(error));
    }
    done();
  };
  const retry = async () => {
    try {
      const retried = await context.api.call<RetriedTask>('POST', `/v3/tasks/${taskId}/retry`);
      context.navigate(`#/tasks/${retried.task_id}`);
    } catch (error) {
      replaceChildren(messages, failureNotice(error));
      done();
    }
  };
  const buttons: HTMLButtonElement[] = [];
  if (status === 'queued' || status === 'processing') {
    buttons.push(el('button', { type: 'button', class: 'danger', 'aria-label': `Cancel ${taskId}`, onclick: () => void cancel() }, 'Cancel'));
  }
  if (status === 'failed') {
    buttons.push(el('button', { type: 'button', 'aria-label': `Retry ${taskId}`, onclick: () => void retry() }, 'Retry'));
  }
  return buttons;
}
