import { classifyOutcome, parseRetryAfter, requestFailureLevel } from './webhook-delivery.processor';

describe('webhook delivery rules', () => {
  const outcome = (httpStatus: number | null) => ({ httpStatus, error: null, retryAfterMs: null });

  it.each([
    [200, 'delivered'],
    [204, 'delivered'],
    [299, 'delivered'],
    [400, 'permanent'],
    [401, 'permanent'],
    [404, 'permanent'],
    [410, 'permanent'],
    [408, 'permanent'],
    [429, 'permanent'],
    [500, 'retry'],
    [503, 'retry'],
    [null, 'retry'],
  ] as const)('HTTP %s is %s', (status, verdict) => {
    expect(classifyOutcome(outcome(status))).toBe(verdict);
  });

  it('reads Retry-After as seconds or as an HTTP date, and ignores junk', () => {
    const now = Date.parse('2025-01-17T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter(['7'], now)).toBe(7_000);
    expect(parseRetryAfter('Fri, 17 Jan 2025 00:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Thu, 16 Jan 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(undefined, now)).toBeNull();
  });

  it.each([
    ['https://webhook.invalid/unused', 'debug'],
    ['https://a.b.INVALID/x', 'debug'],
    ['https://invalid/x', 'debug'],
    ['https://invalid.example.com/hook', 'warn'],
    ['https://example.invalidated.com/hook', 'warn'],
    ['https://hooks.example.com/in', 'warn'],
  ] as const)('a failed request to %s is logged at %s', (url, level) => {
    expect(requestFailureLevel(url)).toBe(level);
  });
});
