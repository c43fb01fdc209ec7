/** [start, end) of the UTC calendar month holding `now`, in epoch milliseconds. */
export function utcMonthOf(now: number): { start: number; end: number } {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  return { start: Date.UTC(year, month, 1), end: Date.UTC(year, month + 1, 1) };
}
