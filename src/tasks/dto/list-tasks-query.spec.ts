import { ApiError, type ValidationIssue } from '../../common/api-error';
import { parseIsoTimestamp } from '../../common/validation/iso-timestamp';
import { validateListQuery } from './list-tasks-query.dto';

function queryIssues(run: () => unknown): ValidationIssue[] {
  try {
    run();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toMatch(/^The query is invalid: \d+ problems?$/);
    return error.options.details as ValidationIssue[];
  }
  throw new Error('the query was accepted');
}

describe('validateListQuery', () => {
  it('defaults limit 20 and offset 0 when absent', () => {
    expect(validateListQuery({})).toEqual({ limit: 20, offset: 0 });
    expect(validateListQuery(undefined)).toEqual({ limit: 20, offset: 0 });
  });

  it('converts decimal strings and timestamps (a null-prototype object, as Fastify parses)', () => {
    const query = Object.assign(Object.create(null) as Record<string, string>, {
      status: 'failed',
      limit: '100',
      offset: '40',
      created_after: '2025-01-17',
      created_before: '2025-01-18T10:00:00+02:00',
    });
    expect(validateListQuery(query)).toEqual({
      status: 'failed',
      limit: 100,
      offset: 40,
      createdAfter: Date.UTC(2025, 0, 17),
      createdBefore: Date.UTC(2025, 0, 18, 8),
    });
  });

  it.each([
    ['limit', '101'],
    ['limit', '0'],
    ['limit', 'ten'],
    ['limit', ''],
    ['limit', '1e2'],
    ['limit', ['10', '20']],
    ['offset', '-1'],
    ['offset', '2.5'],
    ['status', 'done'],
    ['created_after', '2025-02-30T00:00:00Z'],
    ['created_after', 'yesterday'],
    ['created_before', '2025-01-17T10:00:00'],
    ['created_before', '2025-01-17T24:00:00Z'],
    ['sort', 'asc'],
  ])('refuses %s=%p with its name as the field', (name, value) => {
    expect(queryIssues(() => validateListQuery({ [name]: value }))).toEqual([expect.objectContaining({ field: name })]);
  });

  it('explains the limit bound (the value as converted), above and below alike', () => {
    expect(queryIssues(() => validateListQuery({ limit: '101' }))).toEqual([
      { field: 'limit', issue: 'must be a whole number from 1 to 100', provided_value: 101 },
    ]);
    expect(queryIssues(() => validateListQuery({ limit: '-1' }))).toEqual([
      { field: 'limit', issue: 'must be a whole number from 1 to 100', provided_value: -1 },
    ]);
  });
});

describe('parseIsoTimestamp', () => {
  it.each([
    ['2025-01-17T09:30:00Z', Date.UTC(2025, 0, 17, 9, 30)],
    ['2025-01-17T09:30Z', Date.UTC(2025, 0, 17, 9, 30)],
    ['2025-01-17T09:30:00.123-05:00', Date.UTC(2025, 0, 17, 14, 30, 0, 123)],
    ['2024-02-29', Date.UTC(2024, 1, 29)],
  ])('%s', (text, epoch) => {
    expect(parseIsoTimestamp(text)?.getTime()).toBe(epoch);
  });

  it.each(['2025-02-29', '2025-1-17', '17/01/2025', '2025-01-17 09:30:00Z', '2025-01-17T09:60:00Z'])('refuses %s', (text) => {
    expect(parseIsoTimestamp(text)).toBeNull();
  });
});
