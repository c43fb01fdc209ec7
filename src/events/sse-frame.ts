/**
 * Server-Sent Events framing (the WHATWG event-stream format). A field value
 * cannot hold a line break, so multi-line data becomes one `data:` line per line
 * (the reader joins them back with "\n"); ids and types are ours and never hold one.
 */
export function sseEvent(id: string, type: string, data: string): string {
  const lines = data.split(/\r\n|\r|\n/).map((line) => `data: ${line}\n`);
  return `id: ${id}\nevent: ${type}\n${lines.join('')}\n`;
}

/** A comment line: ignored by every reader, but it keeps proxies and idle timers from closing a quiet stream. */
export const SSE_KEEP_ALIVE = ': keep-alive\n\n';

/**
 * The last frame of a stream the service ends on purpose (it reached its
 * lifetime): the reconnection delay, which tells the reader that the end is
 * planned; it reconnects with Last-Event-ID and loses nothing.
 */
export const SSE_RECONNECT = 'retry: 1000\n\n';
