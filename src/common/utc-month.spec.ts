import { utcMonthOf } from './utc-month';

describe('utcMonthOf', () => {
  const NOVEMBER = Date.UTC(2026, 10, 1);
  const DECEMBER = Date.UTC(2026, 11, 1);

  it('starts on the first millisecond of the UTC month and ends where the next one starts', () => {
    expect(utcMonthOf(Date.UTC(2026, 10, 30, 23, 59, 59, 999))).toEqual({ start: NOVEMBER, end: DECEMBER });
    expect(utcMonthOf(DECEMBER)).toEqual({ start: DECEMBER, end: Date.UTC(2027, 0, 1) });
  });
});
