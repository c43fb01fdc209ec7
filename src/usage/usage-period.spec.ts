import { periodBounds } from './usage-period';

const iso = (ms: number) => new Date(ms).toISOString();

describe('periodBounds', () => {
  // Wednesday 2025-01-15 12:00 UTC
  const now = Date.UTC(2025, 0, 15, 12);

  it.each([
    ['current_month', '2025-01-01T00:00:00.000Z', '2025-02-01T00:00:00.000Z'],
    ['last_month', '2024-12-01T00:00:00.000Z', '2025-01-01T00:00:00.000Z'],
    ['current_week', '2025-01-13T00:00:00.000Z', '2025-01-20T00:00:00.000Z'],
    ['last_week', '2025-01-06T00:00:00.000Z', '2025-01-13T00:00:00.000Z'],
    ['today', '2025-01-15T00:00:00.000Z', '2025-01-16T00:00:00.000Z'],
    ['yesterday', '2025-01-14T00:00:00.000Z', '2025-01-15T00:00:00.000Z'],
  ] as const)('%s', (period, start, end) => {
    const bounds = periodBounds(period, now);
    expect([iso(bounds.start), iso(bounds.end)]).toEqual([start, end]);
  });

  it('starts ISO weeks on Monday even on a Sunday', () => {
    const sunday = Date.UTC(2025, 0, 19, 23, 59, 59);
    expect(iso(periodBounds('current_week', sunday).start)).toBe('2025-01-13T00:00:00.000Z');
  });
});
