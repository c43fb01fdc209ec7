import { ApiError } from '../common/api-error';
import { MetricsAccess } from './metrics-access';

function refusal(access: MetricsAccess, header: string | undefined): { code: string; status: number; message: string } | null {
  try {
    access.check(header);
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const { code, status, message } = error as ApiError;
    return { code, status, message };
  }
}

describe('MetricsAccess', () => {
  const token = 'scrape-token-0123456789';
  const access = new MetricsAccess(token);

  it('lets the exact bearer token through, whatever the case of "Bearer"', () => {
    expect(refusal(access, `Bearer ${token}`)).toBeNull();
    expect(refusal(access, `bearer ${token}`)).toBeNull();
  });

  it('answers 401 MISSING_AUTHENTICATION without a header', () => {
    expect(refusal(access, undefined)).toMatchObject({ code: 'MISSING_AUTHENTICATION', status: 401 });
    expect(refusal(access, '  ')).toMatchObject({ code: 'MISSING_AUTHENTICATION', status: 401 });
  });

  it('answers 401 INVALID_API_KEY for a wrong, longer, shorter or unschemed token, never echoing what was sent', () => {
    for (const header of [`Bearer ${token.slice(0, -1)}x`, `Bearer ${token}0`, `Bearer ${token.slice(1)}`, token, `Basic ${token}`, `Bearer ${token} extra`]) {
      const refused = refusal(access, header);
      expect(refused).toMatchObject({ code: 'INVALID_API_KEY', status: 401 });
      expect(refused?.message).not.toContain(token.slice(0, 8));
    }
  });

  it('refuses everything with 403 naming METRICS_TOKEN when no token is configured', () => {
    const closed = new MetricsAccess(null);
    for (const header of [undefined, 'Bearer ', `Bearer ${token}`]) {
      const refused = refusal(closed, header);
      expect(refused).toMatchObject({ code: 'FORBIDDEN', status: 403 });
      expect(refused?.message).toMatch(/set METRICS_TOKEN/);
    }
  });
});
