/**
 * Evaluates the part of ffmpeg's expression language (libavutil/eval.c) the
 * compositor writes: numbers, named variables, + - * / with the usual
 * precedence, parentheses and the functions below, with ffmpeg's meanings
 * (`if` without an else is 0, comparisons give 1 or 0). For unit tests that
 * check what a filter will compute at a chosen frame without running ffmpeg.
 */
const FUNCTIONS: Readonly<Record<string, (...args: number[]) => number>> = {
  if: (c, a, b = 0) => (c !== 0 ? a : b),
  lt: (a, b) => (a < b ? 1 : 0),
  lte: (a, b) => (a <= b ? 1 : 0),
  gt: (a, b) => (a > b ? 1 : 0),
  gte: (a, b) => (a >= b ? 1 : 0),
  eq: (a, b) => (a === b ? 1 : 0),
  between: (x, lo, hi) => (x >= lo && x <= hi ? 1 : 0),
  min: Math.min,
  max: Math.max,
  floor: Math.floor,
  clip: (x, lo, hi) => Math.min(hi, Math.max(lo, x)),
};

export function evaluateExpression(expression: string, variables: Readonly<Record<string, number>>): number {
  let at = 0;
  const peek = (): string => expression[at] ?? '';
  const expect = (char: string): void => {
    if (expression[at] !== char) throw new Error(`expected '${char}' at ${at} in ${expression}`);
    at++;
  };
  const primary = (): number => {
    if (peek() === '(') {
      at++;
      const value = sum();
      expect(')');
      return value;
    }
    if (peek() === '-') {
      at++;
      return -primary();
    }
    const number = /^\d+(\.\d+)?(e-?\d+)?/.exec(expression.slice(at));
    if (number) {
      at += number[0].length;
      return Number(number[0]);
    }
    const name = /^[A-Za-z_]\w*/.exec(expression.slice(at));
    if (!name) throw new Error(`unexpected '${peek()}' at ${at} in ${expression}`);
    at += name[0].length;
    if (peek() !== '(') {
      if (!(name[0] in variables)) throw new Error(`unknown variable ${name[0]}`);
      return variables[name[0]];
    }
    const fn = FUNCTIONS[name[0]];
    if (fn === undefined) throw new Error(`unknown function ${name[0]}`);
    at++;
    const args = [sum()];
    while (peek() === ',') {
      at++;
      args.push(sum());
    }
    expect(')');
    return fn(...args);
  };
  const product = (): number => {
    let value = primary();
    while (peek() === '*' || peek() === '/') value = expression[at++] === '*' ? value * primary() : value / primary();
    return value;
  };
  const sum = (): number => {
    let value = product();
    while (peek() === '+' || peek() === '-') value = expression[at++] === '+' ? value + product() : value - product();
    return value;
  };
  const value = sum();
  if (at !== expression.length) throw new Error(`unexpected '${peek()}' at ${at} in ${expression}`);
  return value;
}
