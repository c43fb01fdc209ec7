import { NotFoundException } from '@nestjs/common';
import { ApiError } from './api-error';
import { mapError } from './error-envelope';

describe('mapError', () => {
  it('renders an ApiError with its code, details and retry_after', () => {
    const mapped = mapError(new ApiError('RATE_LIMIT_EXCEEDED', 'slow down', { retryAfter: 12, headers: { 'Retry-After': '12' } }), 'req_1');
    expect(mapped.status).toBe(429);
    expect(mapped.headers['Retry-After']).toBe('12');
    expect(mapped.body.error).toMatchObject({ code: 'RATE_LIMIT_EXCEEDED', message: 'slow down', request_id: 'req_1', retry_after: 12 });
  });

  it('maps unknown routes to 404 NOT_FOUND', () => {
    const mapped = mapError(new NotFoundException('Cannot GET /x'), 'req_2');
    expect(mapped.status).toBe(404);
    expect(mapped.body.error.code).toBe('NOT_FOUND');
    expect(mapped.body.error.message).not.toContain('/x');
  });

  it('maps fastify body errors to 400, 413 and 415', () => {
    expect(mapError({ statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY', message: 'Unexpected token' }, 'r').body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining('not valid JSON'),
    });
    // JSON.parse's words quote the body (Node 22: `..."secret":"x",NaN}" is not valid JSON`): only a position is kept.
    const quoted = mapError(
      { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY', message: `Unexpected token 'N', ..."cret":"s3cr3t",NaN}" is not valid JSON` },
      'r',
    );
    expect(quoted.body.error.message).toBe('The request body is not valid JSON');
    const positioned = mapError({ statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY', message: 'Unexpected token } in JSON at position 42' }, 'r');
    expect(positioned.body.error.message).toBe('The request body is not valid JSON (at position 42)');
    expect(mapError({ statusCode: 413, code: 'FST_ERR_CTP_BODY_TOO_LARGE' }, 'r').status).toBe(413);
    expect(mapError({ statusCode: 415, code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE' }, 'r').body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('hides the internals of a crash', () => {
    const mapped = mapError(new TypeError('secret internals at /srv/app.js:12'), 'req_3');
    expect(mapped.status).toBe(500);
    expect(JSON.stringify(mapped.body)).not.toContain('secret');
    expect(mapped.body.error).toMatchObject({ code: 'INTERNAL_ERROR', request_id: 'req_3' });
  });

  it('answers database and Redis outages with 503 and Retry-After, not 500', () => {
    for (const outage of [
      { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' },
      { message: 'query failed', driverError: { code: '57P01', message: 'terminating connection due to administrator command' } },
      // The database dropped or renamed under a running service, too many connections, the role's password changed.
      { message: 'query failed', driverError: { code: '3D000', message: 'database "render" does not exist' } },
      { message: 'query failed', driverError: { code: '53300', message: 'sorry, too many clients already' } },
      { message: 'query failed', driverError: { code: '28P01', message: 'password authentication failed for user "render"' } },
      new Error('Connection terminated unexpectedly'),
    ]) {
      const mapped = mapError(outage, 'req_4');
      expect(mapped.status).toBe(503);
      expect(mapped.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(mapped.headers['Retry-After']).toBe('5');
    }
    expect(mapError(new Error('duplicate key value'), 'req_5').status).toBe(500);
  });
});
