/** One dispatched Server-Sent Event. */
export interface SseMessage {
  /** The last event id the stream set (it carries over to later events that set none). */
  id: string;
  event: string;
  data: string;
}

/** A task event as the stream carries it: the webhook envelope plus the event's id (the webhook-id). */
export interface StreamedTaskEvent {
  id: string;
  event: string;
  timestamp: string;
  task_id: string;
  data: Record<string, unknown>;
}

/**
 * Reads the event-stream format (WHATWG HTML, "Server-sent events") from text
 * chunks as they arrive: lines may end in CRLF, LF or CR and may be split
 * anywhere between chunks; comment lines (`: keep-alive`) are counted, not dispatched.
 */
export class SseParser {
  /** Comment lines seen so far (the service's keep-alives). */
  comments = 0;
  /** The reconnection delay the stream asked for with `retry:`, if it did. */
  retryMs: number | null = null;
  private pending = '';
  private started = false;
  private lastEventId = '';
  private eventType = '';
  private dataLines: string[] | null = null;

  push(chunk: string): SseMessage[] {
    let text = this.pending + chunk;
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.startsWith('\uFEFF')) text = text.slice(1);
    }
    const messages: SseMessage[] = [];
    const lineEnd = /\r\n|\n|\r/g;
    let start = 0;
    for (let match = lineEnd.exec(text); match; match = lineEnd.exec(text)) {
      // A CR at the very end may be the first half of a CRLF split between chunks.
      if (match[0] === '\r' && match.index === text.length - 1) break;
      const message = this.line(text.slice(start, match.index));
      if (message) messages.push(message);
      start = match.index + match[0].length;
    }
    this.pending = text.slice(start);
    return messages;
  }

  private line(line: string): SseMessage | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) {
      this.comments += 1;
      return null;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') (this.dataLines ??= []).push(value);
    else if (field === 'event') this.eventType = value;
    else if (field === 'id' && !value.includes('\0')) this.lastEventId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }

  private dispatch(): SseMessage | null {
    const data = this.dataLines;
    const event = this.eventType || 'message';
    this.dataLines = null;
    this.eventType = '';
    return data === null ? null : { id: this.lastEventId, event, data: data.join('\n') };
  }
}

/** The task event a message carries; a message that is not one (a proxy's page, a foreign stream) is an error. */
export function taskEventOf(message: SseMessage): StreamedTaskEvent {
  let envelope: Partial<StreamedTaskEvent> | null = null;
  try {
    envelope = JSON.parse(message.data) as Partial<StreamedTaskEvent>;
  } catch {
    // described below
  }
  if (!message.id || typeof envelope?.event !== 'string' || typeof envelope.task_id !== 'string') {
    throw new Error(`the event stream sent something that is not a task event: ${message.data.slice(0, 120)}`);
  }
  return { ...(envelope as Omit<StreamedTaskEvent, 'id'>), id: message.id };
}
