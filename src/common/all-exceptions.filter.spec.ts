import type { ArgumentsHost } from '@nestjs/common';
import pino from 'pino';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { ApiError } from './api-error';

function hostFor(sent: unknown[]): ArgumentsHost {
  const reply = {
    status: () => reply,
    headers: () => reply,
    send: (body: unknown) => sent.push(body),
  };
  const request = { id: 'req_1', method: 'POST', routeOptions: { url: '/v3/tasks' } };
  return { switchToHttp: () => ({ getRequest: () => request, getResponse: () => reply }) } as unknown as ArgumentsHost;
}

describe('AllExceptionsFilter', () => {
  it('logs a 5xx at error with its stack and request id, and a 4xx not at all', () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
    const filter = new AllExceptionsFilter(logger);
    const sent: unknown[] = [];
    filter.catch(new ApiError('VALIDATION_ERROR', 'bad'), hostFor(sent));
    expect(lines).toEqual([]);
    filter.catch(new TypeError('cannot read x of undefined'), hostFor(sent));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, request_id: 'req_1', route: '/v3/tasks', msg: 'request failed' });
    expect((lines[0].err as { stack: string }).stack).toMatch(/TypeError: cannot read x of undefined/);
    expect(sent[1]).toMatchObject({ error: { code: 'INTERNAL_ERROR', request_id: 'req_1' } });
    expect(JSON.stringify(sent[1])).not.toMatch(/cannot read/);
  });
});
