import { submittedInput, submittedRequestView } from './submitted-request';
import { TaskEntity } from './task.entity';
import type { TimelineInput } from '../task-input/task-input.types';

const TIMELINE: TimelineInput = {
  duration_ms: 1000,
  tracks: [{ id: 'v', type: 'video', clips: [{ id: 'c', media_url: 'https://media.example.com/a.mp4', start_time_ms: 0, end_time_ms: 1000 }] }],
};

function task(fields: Partial<TaskEntity>): TaskEntity {
  return Object.assign(new TaskEntity(), {
    id: 'tsk_01m82ey3w9y7j458wxb9m2y1j4',
    requestId: null,
    model: 'standard',
    timeline: TIMELINE,
    outputRequest: { resolution: { width: 320, height: 180 } },
    webhook: { url: 'https://hooks.example.com/r' },
    priority: 'normal',
    retentionHours: 24,
    tags: [],
    userReference: null,
    retryOf: null,
    ...fields,
  });
}

describe('submittedInput', () => {
  it('rebuilds the configuration without a request_id, so a retry is not refused as a duplicate', () => {
    const webhook = { url: 'https://hooks.example.com/r', secret: 's3cret' };
    const input = submittedInput(task({ requestId: 'req-1', tags: ['a'], userReference: 'ref', priority: 'high', retentionHours: 48 }), webhook);
    expect(input).toEqual({
      model: 'standard',
      input: { timeline: TIMELINE, output: { resolution: { width: 320, height: 180 } } },
      webhook,
      metadata: { priority: 'high', retention_hours: 48, tags: ['a'], user_reference: 'ref' },
    });
  });

  it('leaves user_reference out when the client sent none', () => {
    expect(submittedInput(task({}), { url: 'https://hooks.example.com/r' }).metadata).toEqual({ priority: 'normal', retention_hours: 24, tags: [] });
  });
});

describe('submittedRequestView', () => {
  it('gives back the request_id and lists each credential it leaves out', () => {
    const view = submittedRequestView(task({ requestId: 'req-1' }), {
      url: 'https://hooks.example.com/r',
      secret: 's3cret',
      headers: { Authorization: 'Bearer t', 'X-Tenant': 'acme' },
      max_retries: 2,
    });
    expect(view.request.request_id).toBe('req-1');
    expect(view.request.version).toBe('3.0');
    expect(view.request.webhook).toEqual({ url: 'https://hooks.example.com/r', max_retries: 2 });
    expect(view.redacted_fields).toEqual(['webhook.secret', 'webhook.headers.Authorization', 'webhook.headers.X-Tenant']);
    expect(JSON.stringify(view)).not.toMatch(/s3cret|Bearer t|acme/);
  });

  it('names the original of a retry and has no request_id for it', () => {
    const retry = task({ retryOf: 'tsk_01m82ey3w9y7j458wxb9m2y1j3' });
    const view = submittedRequestView(retry, retry.webhook);
    expect(view.retry_of).toBe('tsk_01m82ey3w9y7j458wxb9m2y1j3');
    expect('request_id' in view.request).toBe(false);
    expect(view.redacted_fields).toEqual([]);
  });
});
