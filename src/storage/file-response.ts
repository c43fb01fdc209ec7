import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ApiError } from '../common/api-error';

export type ByteRange = { start: number; end: number } | 'unsatisfiable' | null;

/**
 * One `bytes=` range of RFC 9110 against a file of `size` bytes. Multiple ranges
 * and malformed headers give null: serving the whole file is always allowed.
 */
export function parseRange(header: string | undefined, size: number): ByteRange {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** A refusal like any other, in the envelope; Content-Range gives the size, as RFC 9110 asks of a 416. */
function unsatisfiableRange(size: number): ApiError {
  return new ApiError('RANGE_NOT_SATISFIABLE', `The requested range is not within the file (${size} bytes)`, {
    headers: { 'Content-Range': `bytes */${size}` },
    suggestedAction: 'Ask for a range within the size in Content-Range, or for the whole file without a Range header',
  });
}

export interface FileResponseOptions {
  contentType: string;
  cacheControl: string;
  /** What the client is told when the file is not there. */
  missing: () => ApiError;
  /** Told the bytes actually read out to the client (once the stream closes). */
  onSent?: (bytes: number) => void;
}

/**
 * Answers a GET or HEAD (Fastify answers HEAD from the GET route) with a file on
 * disk: length, type, Last-Modified and ETag (size and modification time),
 * 304 for a matching If-None-Match, single byte ranges for video seeking. An
 * unsatisfiable range is thrown as 416 RANGE_NOT_SATISFIABLE, like `missing`.
 */
export async function sendFile(path: string, request: FastifyRequest, reply: FastifyReply, options: FileResponseOptions): Promise<void> {
  const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR') throw options.missing();
    throw error;
  });
  // Everything below reads through this one descriptor, so a file swapped meanwhile cannot mix in.
  const info = await handle.stat();
  if (!info.isFile()) {
    await handle.close();
    throw options.missing();
  }
  const size = info.size;
  const etag = `"${size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
  const fileHeaders = {
    'accept-ranges': 'bytes',
    'cache-control': options.cacheControl,
    'content-type': options.contentType,
    etag,
    'last-modified': info.mtime.toUTCString(),
    'x-content-type-options': 'nosniff',
  };
  // A matching If-None-Match wins over the range (RFC 9110, 13.2.2).
  if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
    await handle.close();
    return void reply.code(304).headers(fileHeaders).send();
  }
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    await handle.close();
    throw unsatisfiableRange(size);
  }
  reply.headers(fileHeaders);
  const { start, end } = range ?? { start: 0, end: size - 1 };
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
  reply.header('content-length', String(Math.max(0, end - start + 1)));
  if (request.method === 'HEAD' || size === 0) {
    await handle.close();
    // Fastify's HEAD handling drains a stream body and keeps our length; an empty body would reset it to 0.
    return void reply.send(Readable.from([]));
  }
  const stream = createReadStream('', { fd: handle, start, end });
  const onSent = options.onSent;
  if (onSent) {
    let sent = 0;
    stream.on('data', (chunk) => (sent += chunk.length));
    stream.on('close', () => onSent(sent));
  }
  return void reply.send(stream);
}
