import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { EventStreamSink } from './task-event-streams';

/**
 * Takes the response over from Fastify and starts a Server-Sent Events answer
 * on it. The headers the request gate already set (request id, rate limits,
 * version) are kept; X-Accel-Buffering stops nginx from holding events back.
 */
export function openSseResponse(reply: FastifyReply): EventStreamSink {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
  });
  // Sent now, not with the first event: the client learns at once that the stream was accepted.
  raw.flushHeaders();
  return {
    write: (text) => {
      if (!raw.writableEnded && !raw.destroyed) raw.write(text);
    },
    end: () => {
      if (!raw.writableEnded) raw.end();
    },
    onClose: (listener) => {
      if (raw.destroyed) listener();
      else raw.once('close', listener);
    },
  };
}
