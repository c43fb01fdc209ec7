/**
 * Where a field named by the API (`input.timeline.tracks[0].clips[1].properties.opacity`,
 * `webhook.headers["bad name"]`, `""` for the root; docs/api-validation.md) sits
 * in the JSON text the user typed, so the console can put the error beside
 * that line. DOM-free: it runs in the browser and under jest.
 */

export type PathSegment = string | number;

/** A path as the API writes it, split into keys and indexes; null when it is not one. */
export function parseFieldPath(field: string): PathSegment[] | null {
  const segments: PathSegment[] = [];
  let rest = field;
  let first = true;
  while (rest !== '') {
    const match =
      /^\[(\d+)\]/.exec(rest) ?? /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest) ?? (first ? /^([A-Za-z_][A-Za-z0-9_-]*)/ : /^\.([A-Za-z_][A-Za-z0-9_-]*)/).exec(rest);
    if (!match) return null;
    const token = match[1];
    // Identifiers never start with a digit, so a token of digits is an index.
    if (/^\d+$/.test(token)) segments.push(Number(token));
    else if (token.startsWith('"')) segments.push(JSON.parse(token) as string);
    else segments.push(token);
    rest = rest.slice(match[0].length);
    first = false;
  }
  return segments;
}

type JsonNode =
  | { kind: 'object'; offset: number; members: Map<string, { keyOffset: number; value: JsonNode }> }
  | { kind: 'array'; offset: number; items: JsonNode[] }
  | { kind: 'scalar'; offset: number };

class SyntaxProblem extends Error {}

/** A small JSON reader that keeps where each value and key starts (JSON.parse keeps no positions). */
class PositionedReader {
  private at = 0;

  constructor(private readonly text: string) {}

  document(): JsonNode {
    const node = this.value();
    this.space();
    if (this.at !== this.text.length) throw new SyntaxProblem('text after the JSON value');
    return node;
  }

  private space(): void {
    while (this.at < this.text.length && ' \t\r\n'.includes(this.text[this.at])) this.at += 1;
  }

  private value(): JsonNode {
    this.space();
    const offset = this.at;
    const char = this.text[this.at];
    if (char === '{') return this.object(offset);
    if (char === '[') return this.array(offset);
    if (char === '"') {
      this.string();
      return { kind: 'scalar', offset };
    }
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(this.text.slice(this.at, this.at + 400));
    if (!literal) throw new SyntaxProblem(`unexpected character at ${this.at}`);
    this.at += literal[0].length;
    return { kind: 'scalar', offset };
  }

  private string(): string {
    const match = /^"(?:[^"\\]|\\.)*"/.exec(this.text.slice(this.at));
    if (!match) throw new SyntaxProblem(`unterminated string at ${this.at}`);
    this.at += match[0].length;
    try {
      // JSON.parse refuses what JSON strings may not hold (raw control characters, bad escapes).
      return JSON.parse(match[0]) as string;
    } catch {
      throw new SyntaxProblem(`bad string at ${this.at}`);
    }
  }

  private expect(char: string): void {
    this.space();
    if (this.text[this.at] !== char) throw new SyntaxProblem(`expected ${char} at ${this.at}`);
    this.at += 1;
  }

  /** The comma-separated entries of an object or array, from its opening bracket through `close`; `entry` reads one. */
  private entries(close: '}' | ']', entry: () => void): void {
    this.at += 1;
    this.space();
    if (this.text[this.at] === close) {
      this.at += 1;
      return;
    }
    for (;;) {
      entry();
      this.space();
      if (this.text[this.at] !== ',') break;
      this.at += 1;
    }
    this.expect(close);
  }

  private object(offset: number): JsonNode {
    const members = new Map<string, { keyOffset: number; value: JsonNode }>();
    this.entries('}', () => {
      this.space();
      const keyOffset = this.at;
      const key = this.string();
      this.expect(':');
      // The last duplicate wins, as in JSON.parse and so in what the API received.
      members.set(key, { keyOffset, value: this.value() });
    });
    return { kind: 'object', offset, members };
  }

  private array(offset: number): JsonNode {
    const items: JsonNode[] = [];
    this.entries(']', () => items.push(this.value()));
    return { kind: 'array', offset, items };
  }
}

export interface FieldLocation {
  /** 1-based line of the field's key (or of the array element). */
  line: number;
  /**
   * false when the field is not in the text (e.g. "is required"): the line is
   * then that of the nearest enclosing value that is, where it would be added.
   */
  exact: boolean;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i += 1) if (text.charCodeAt(i) === 10) line += 1;
  return line;
}

/** The line of `field` in `text`; null when the text is not JSON or the path cannot be read. */
export function locateField(text: string, field: string): FieldLocation | null {
  const path = parseFieldPath(field);
  if (path === null) return null;
  let node: JsonNode;
  try {
    node = new PositionedReader(text).document();
  } catch (error) {
    if (error instanceof SyntaxProblem) return null;
    throw error;
  }
  let offset = node.offset;
  for (const segment of path) {
    const next =
      node.kind === 'object' && typeof segment === 'string'
        ? node.members.get(segment)
        : node.kind === 'array' && typeof segment === 'number' && node.items[segment]
          ? { keyOffset: node.items[segment].offset, value: node.items[segment] }
          : undefined;
    if (next === undefined) return { line: lineAt(text, offset), exact: false };
    offset = next.keyOffset;
    node = next.value;
  }
  return { line: lineAt(text, offset), exact: true };
}
