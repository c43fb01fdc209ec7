/**
 * A string or number property of anything thrown (Node's `code`, a driver's
 * `message`) as text, or '' when it is absent or of another kind: thrown values
 * are `unknown`, and an object stringified would read "[object Object]".
 */
export function thrownField(thrown: unknown, key: string): string {
  const value: unknown = typeof thrown === 'object' && thrown !== null ? (thrown as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
