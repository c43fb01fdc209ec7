import { SSE_KEEP_ALIVE, sseEvent } from '../events/sse-frame';
import { SseParser, taskEventOf, type SseMessage } from './event-stream';

const STREAM = 'id: evt_1\nevent: task.queued\ndata: {"a":1}\n\n: keep-alive\n\nid: evt_2\nevent: task.started\ndata: {"b":2}\n\n';

function parseAll(chunks: string[]): { messages: SseMessage[]; parser: SseParser } {
  const parser = new SseParser();
  const messages = chunks.flatMap((chunk) => parser.push(chunk));
  return { messages, parser };
}

describe('SseParser', () => {
  it('dispatches each event on its blank line with its id, type and data, and counts comments', () => {
    const { messages, parser } = parseAll([STREAM]);
    expect(messages).toEqual([
      { id: 'evt_1', event: 'task.queued', data: '{"a":1}' },
      { id: 'evt_2', event: 'task.started', data: '{"b":2}' },
    ]);
    expect(parser.comments).toBe(1);
  });

  it('gives the same events however the text is split into chunks', () => {
    const whole = parseAll([STREAM]).messages;
    for (let cut = 1; cut < STREAM.length; cut += 1) {
      expect(parseAll([STREAM.slice(0, cut), STREAM.slice(cut)]).messages).toEqual(whole);
    }
    expect(parseAll([...STREAM]).messages).toEqual(whole);
  });

  it('accepts CRLF and CR line ends, also when a CRLF is split between chunks', () => {
    const crlf = STREAM.replace(/\n/g, '\r\n');
    const expected = parseAll([STREAM]).messages;
    expect(parseAll([crlf]).messages).toEqual(expected);
    for (let cut = 1; cut < crlf.length; cut += 1) expect(parseAll([crlf.slice(0, cut), crlf.slice(cut)]).messages).toEqual(expected);
    // A CR that ends a chunk may be half of a CRLF: its line is read once the next chunk shows it is not.
    const cr = STREAM.replace(/\n/g, '\r');
    expect(parseAll([cr]).messages).toEqual(expected.slice(0, 1));
    expect(parseAll([cr, ': next']).messages).toEqual(expected);
  });

  it('holds back an event until its blank line arrives', () => {
    const parser = new SseParser();
    expect(parser.push('id: evt_1\nevent: task.queued\ndata: {}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ id: 'evt_1', event: 'task.queued', data: '{}' }]);
  });

  it('joins data lines with line feeds, strips one leading space only, and defaults the type to message', () => {
    expect(parseAll(['data:first\ndata:  second\ndata\n\n']).messages).toEqual([{ id: '', event: 'message', data: 'first\n second\n' }]);
  });

  it('keeps the last id for later events, ignores ids with NUL, unknown fields and events without data, and reads retry', () => {
    const { messages, parser } = parseAll(['id: evt_1\ndata: a\n\ndata: b\n\nid: x\0y\nfoo: bar\ndata: c\n\nevent: lonely\n\nretry: 2500\nretry: soon\n\n']);
    expect(messages).toEqual([
      { id: 'evt_1', event: 'message', data: 'a' },
      { id: 'evt_1', event: 'message', data: 'b' },
      { id: 'evt_1', event: 'message', data: 'c' },
    ]);
    expect(parser.retryMs).toBe(2500);
  });

  it('drops a byte-order mark at the start of the stream; later, it makes an unknown field', () => {
    expect(parseAll(['\uFEFFdata: a\n\n']).messages).toEqual([{ id: '', event: 'message', data: 'a' }]);
    expect(parseAll(['data: a\n\n', '\uFEFFdata: b\n\n']).messages).toHaveLength(1);
  });

  it("reads the service's own frames exactly as written, keep-alives left out", () => {
    const body = JSON.stringify({ event: 'task.progress', task_id: 'tsk_1', data: { note: 'two\nlines', emoji: '✓' } });
    const parser = new SseParser();
    const messages = parser.push(sseEvent('evt_1', 'task.queued', '{}') + SSE_KEEP_ALIVE + sseEvent('evt_2', 'task.progress', body));
    expect(messages).toEqual([
      { id: 'evt_1', event: 'task.queued', data: '{}' },
      { id: 'evt_2', event: 'task.progress', data: body },
    ]);
    expect(parser.comments).toBe(1);
  });
});

describe('taskEventOf', () => {
  it('is the envelope in the data plus the event id', () => {
    const envelope = { event: 'task.queued', timestamp: '2025-01-17T10:00:00.000Z', task_id: 'tsk_1', data: { queue_position: 1 } };
    expect(taskEventOf({ id: 'evt_1', event: 'task.queued', data: JSON.stringify(envelope) })).toEqual({ ...envelope, id: 'evt_1' });
  });

  it('refuses data that is not a task event, and an event without an id', () => {
    expect(() => taskEventOf({ id: 'evt_1', event: 'message', data: '<html>' })).toThrow('not a task event: <html>');
    expect(() => taskEventOf({ id: 'evt_1', event: 'message', data: '{"hello":1}' })).toThrow('not a task event');
    expect(() => taskEventOf({ id: '', event: 'task.queued', data: '{"event":"task.queued","task_id":"tsk_1"}' })).toThrow('not a task event');
  });
});
