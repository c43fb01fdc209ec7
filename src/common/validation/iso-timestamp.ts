/**
 * ISO 8601 timestamps as accepted in queries: a date (`2025-01-17`, midnight
 * UTC) or a date and time with seconds optional, fractions optional and a zone
 * required (`Z` or `±HH:MM`). Calendar-impossible values (February 30th) are
 * refused, which `Date.parse` alone would silently roll over.
 */
const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2})))?$/;

export function parseIsoTimestamp(value: string): Date | null {
  const match = ISO_TIMESTAMP.exec(value);
  if (!match) return null;
  const [, year, month, day, hour = '0', minute = '0', second = '0', , offsetHours = '0', offsetMinutes = '0'] = match;
  const calendar = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (calendar.getUTCMonth() !== Number(month) - 1 || calendar.getUTCDate() !== Number(day)) return null;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return null;
  if (Number(offsetHours) > 23 || Number(offsetMinutes) > 59) return null;
  const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? null : new Date(time);
}

export function isIsoTimestamp(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 40 && parseIsoTimestamp(value) !== null;
}
