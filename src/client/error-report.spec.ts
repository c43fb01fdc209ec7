import { failureReport } from './error-report';

describe('failureReport', () => {
  it('lists every validation problem with its path, issue and the value sent, then the request id and a hint', () => {
    const report = failureReport({
      code: 'VALIDATION_ERROR',
      message: 'The request body is invalid: 3 problems',
      details: [
        { field: 'input.timeline.tracks[0].clips[1].properties.opacity', issue: 'must not be greater than 1', provided_value: 1.5 },
        { field: 'input.output.format', issue: 'must be one of: mp4, mov, webm, prores', provided_value: 'avi' },
        { field: 'webhook.url', issue: 'is required', provided_value: null },
      ],
      requestId: 'req_01abc',
    });
    expect(report.split('\n')).toEqual([
      'error: VALIDATION_ERROR: The request body is invalid: 3 problems',
      '  input.timeline.tracks[0].clips[1].properties.opacity: must not be greater than 1 (sent: 1.5)',
      '  input.output.format: must be one of: mp4, mov, webm, prores (sent: "avi")',
      '  webhook.url: is required',
      'request id: req_01abc',
      expect.stringMatching(/^hint: fix the fields listed above; docs\/api-validation\.md/),
      '',
    ]);
  });

  it('shortens a long value sent and skips entries that are not problems', () => {
    const report = failureReport({
      code: 'VALIDATION_ERROR',
      message: 'invalid',
      details: [{ field: 'input.x', issue: 'too long', provided_value: 'y'.repeat(500) }, 'junk', { field: 1 }],
    });
    const lines = report.split('\n');
    expect(lines[1]).toMatch(/^ {2}input\.x: too long \(sent: "y{76}\.\.\.\)$/);
    expect(lines[2]).toMatch(/^hint:/);
  });

  it('puts an object of details on one line, with the wait a rate limit asks for', () => {
    expect(failureReport({ code: 'TASK_NOT_CANCELABLE', message: 'already completed', details: { task_id: 'tsk_1', status: 'completed' } })).toBe(
      'error: TASK_NOT_CANCELABLE: already completed\n  task_id: tsk_1, status: completed\n',
    );
    expect(failureReport({ code: 'RATE_LIMIT_EXCEEDED', message: 'slow down', retryAfterSeconds: 12, requestId: null })).toBe(
      'error: RATE_LIMIT_EXCEEDED: slow down\nretry after: 12 s\n',
    );
  });

  it('tells where to look when media could not be fetched or the service is not there', () => {
    expect(failureReport({ code: 'MEDIA_DOWNLOAD_FAILED', message: 'https://10.0.0.5/a.mp4: refused' })).toContain('NETWORK_ALLOWLIST');
    expect(failureReport({ code: 'NETWORK_ERROR', message: 'connect ECONNREFUSED' })).toContain('RENDER_API_URL');
  });
});
