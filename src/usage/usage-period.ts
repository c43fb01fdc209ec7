import type { UsagePeriod } from './usage-query.dto';

const DAY = 86_400_000;

/** [start, end) of a period in UTC; weeks are ISO weeks starting on Monday. */
export function periodBounds(period: UsagePeriod, now: number): { start: number; end: number } {
  const date = new Date(now);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const today = Date.UTC(year, month, date.getUTCDate());
  const monday = today - ((date.getUTCDay() + 6) % 7) * DAY;
  switch (period) {
    case 'current_month':
      return { start: Date.UTC(year, month, 1), end: Date.UTC(year, month + 1, 1) };
    case 'last_month':
      return { start: Date.UTC(year, month - 1, 1), end: Date.UTC(year, month, 1) };
    case 'current_week':
      return { start: monday, end: monday + 7 * DAY };
    case 'last_week':
      return { start: monday - 7 * DAY, end: monday };
    case 'today':
      return { start: today, end: today + DAY };
    case 'yesterday':
      return { start: today - DAY, end: today };
  }
}
