/**
 * The console's "New template" helpers (spec/extensions.md §6): which merge
 * fields a body's `{{field}}` placeholders ask for, and a task's submitted body
 * as a template body. They only fill the form: the service checks the template
 * (every placeholder declared, every field used, the merged body valid).
 */

export type DraftFieldType = 'string' | 'number' | 'url';

export interface DraftField {
  name: string;
  /** A first guess the user may change: `url` where the placeholder sits in a `…url` field, else `string`. */
  type: DraftFieldType;
}

const PLACEHOLDER = /\{\{([A-Za-z_][A-Za-z0-9_]{0,63})\}\}/g;

/** The fields a body's placeholders name, each once, in document order. */
export function draftFields(body: unknown): DraftField[] {
  const found = new Map<string, DraftFieldType>();
  const visit = (value: unknown, key: string) => {
    if (typeof value === 'string') {
      for (const match of value.matchAll(PLACEHOLDER)) {
        if (!found.has(match[1])) found.set(match[1], /url$/i.test(key) ? 'url' : 'string');
      }
    } else if (Array.isArray(value)) {
      for (const item of value) visit(item, key);
    } else if (typeof value === 'object' && value !== null) {
      for (const [name, item] of Object.entries(value)) visit(item, name);
    }
  };
  visit(body, '');
  return [...found].map(([name, type]) => ({ name, type }));
}

/**
 * A task's submitted body (GET /v3/tasks/{id}/request) as a template body:
 * without its request_id, which is unique per account and so would refuse
 * every render after the first (each render gives its own).
 */
export function templateBodyOf(request: Record<string, unknown>): Record<string, unknown> {
  const { request_id: _requestId, ...body } = request;
  return body;
}
