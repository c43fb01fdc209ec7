/** Tiny DOM helpers: the console has no framework, and builds every node with these (never innerHTML). */

type Child = Node | string | null | undefined | false;
type Props = Record<string, string | number | boolean | null | undefined | ((event: Event) => void)>;

/** `el('button', { type: 'button', onclick: f }, 'Cancel')`: `on*` are listeners, other props attributes (false/null/undefined: absent). */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (typeof value === 'function') node.addEventListener(name.slice(2), value);
    else if (value === true) node.setAttribute(name, '');
    else if (value !== false && value !== null && value !== undefined) node.setAttribute(name, String(value));
  }
  append(node, ...children);
  return node;
}

export function append(parent: Node, ...children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
  }
}

export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, ...children);
}

const SVG = 'http://www.w3.org/2000/svg';

export function svg(tag: string, attributes: Record<string, string | number> = {}, ...children: Child[]): SVGElement {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  append(node, ...children);
  return node;
}

/** A definition list of label/value rows. */
export function fields(rows: Array<[string, Child]>): HTMLDListElement {
  return el('dl', { class: 'fields' }, ...rows.flatMap(([label, value]) => [el('dt', {}, label), el('dd', {}, value ?? '—')]));
}

/** An instant in the reader's time zone, or in UTC where the API's bounds are UTC (usage periods). */
export function when(iso: string | null | undefined, timeZone?: 'UTC'): string {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium', timeZone }) + (timeZone ? ' UTC' : '') : '—';
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(ms % 1000 === 0 ? 0 : 2)} s`;
}

/** A `status` region screen readers announce; pages put errors and confirmations in it. */
export function notice(text: string, kind: 'error' | 'info' = 'info'): HTMLElement {
  return el('p', { class: `notice ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
}
