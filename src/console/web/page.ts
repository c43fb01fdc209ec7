import { ApiFailure, type ConsoleApi } from './api.js';
import { notice } from './dom.js';

/** One screen of the console; `dispose` stops its timers and streams when the user leaves it. */
export interface Page {
  title: string;
  node: HTMLElement;
  dispose(): void;
}

export interface PageContext {
  api: ConsoleApi;
  navigate(hash: string): void;
}

/** What a failed call tells the user: the service's code and message, or what went wrong on the way. */
export function failureNotice(error: unknown): HTMLElement {
  if (error instanceof ApiFailure) {
    const action = error.envelope?.error.suggested_action;
    return notice(`${error.message}${action ? ` (${action})` : ''}`, 'error');
  }
  return notice(error instanceof Error ? error.message : String(error), 'error');
}
