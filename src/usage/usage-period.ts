import { utcMonthOf } from '../common/utc-month';
import type { UsagePeriod } from './usage-query.dto';

const DAY = 86_400_000;

/** [start, end) of a period in UTC; weeks are ISO weeks starting on Monday. */
export function periodBounds(period: UsagePeriod, now: number): { start: number; end: number } {
  const date = new Date(now);
  const today = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const monday = today - ((date.getUTCDay() + 6) % 7) * DAY;
  switch (period) {
    case 'current_month':
      return utcMonthOf(now);
    case 'last_month':
      return utcMonthOf(utcMonthOf(now).start - 1);
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
