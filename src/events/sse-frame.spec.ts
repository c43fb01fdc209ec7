import { SSE_KEEP_ALIVE, SSE_RECONNECT, sseEvent } from './sse-frame';

describe('SSE framing', () => {
  it('writes id, event and data lines and a blank line', () => {
    expect(sseEvent('evt_1', 'task.queued', '{"event":"task.queued"}')).toBe('id: evt_1\nevent: task.queued\ndata: {"event":"task.queued"}\n\n');
    expect(SSE_KEEP_ALIVE).toBe(': keep-alive\n\n');
    expect(SSE_RECONNECT).toBe('retry: 1000\n\n');
  });

  it('splits data with line breaks into one data line per line, so no break can end the event early', () => {
    expect(sseEvent('evt_2', 'task.failed', 'a\nb\r\nc\rd')).toBe('id: evt_2\nevent: task.failed\ndata: a\ndata: b\ndata: c\ndata: d\n\n');
  });
});
