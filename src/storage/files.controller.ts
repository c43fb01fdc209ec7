import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { BANDWIDTH_METER, BandwidthMeter } from '../usage/bandwidth-meter';
import { ApiError } from '../common/api-error';
import { LocalStorage } from './local-storage';
import { isValidObjectKey, OUTPUT_STORAGE, OutputStorage, URL_SIGNER } from './output-storage';
import { UrlSigner } from './url-signer';

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.gif': 'image/gif',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.json': 'application/json',
};

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

function forbidden(): ApiError {
  // One message for every refusal: the answer must not tell which part of a forged link was wrong.
  return new ApiError('FORBIDDEN', 'This link is invalid or has expired', {
    suggestedAction: 'Fetch the task again for fresh output URLs',
  });
}

function queryValue(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/**
 * Serves local output files under `/files/<key>?expires=&signature=` (outside
 * /v3, no API key: the signature is the credential). GET and HEAD (Fastify
 * answers HEAD from the GET route), single byte ranges for video seeking.
 */
@Controller('files')
export class FilesController {
  constructor(
    @Inject(OUTPUT_STORAGE) private readonly storage: OutputStorage,
    @Inject(URL_SIGNER) private readonly signer: UrlSigner,
    @Inject(BANDWIDTH_METER) private readonly meter: BandwidthMeter,
  ) {}

  @Get('*')
  async serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // The raw path, not a decoded one: keys never contain `%`, so `%2e%2e` and friends are simply invalid.
    const rawPath = request.url.split('?')[0];
    const key = /^(?:\/[^/]+)*?\/files\/(.+)$/.exec(rawPath)?.[1] ?? '';
    const query = request.query as Record<string, unknown>;
    if (!isValidObjectKey(key)) throw forbidden();
    if (!this.signer.verify(key, queryValue(query.expires), queryValue(query.signature))) throw forbidden();
    if (!(this.storage instanceof LocalStorage)) throw new ApiError('NOT_FOUND', 'Files are served by the object store');
    await this.send(this.storage.pathOf(key), request, reply, key.split('/')[0]);
  }

  private async send(path: string, request: FastifyRequest, reply: FastifyReply, accountId: string): Promise<void> {
    const handle = await open(path, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EISDIR' || error.code === 'ENOTDIR') {
        throw new ApiError('NOT_FOUND', 'The file no longer exists');
      }
      throw error;
    });
    // Everything below reads through this one descriptor, so a file swapped meanwhile cannot mix in.
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      throw new ApiError('NOT_FOUND', 'The file no longer exists');
    }
    const size = info.size;
    const range = parseRange(request.headers.range, size);
    reply.headers({
      'accept-ranges': 'bytes',
      'cache-control': 'private',
      'content-type': CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      'last-modified': info.mtime.toUTCString(),
      'x-content-type-options': 'nosniff',
    });
    if (range === 'unsatisfiable') {
      await handle.close();
      return void reply.code(416).header('content-range', `bytes */${size}`).send();
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
    reply.header('content-length', String(Math.max(0, end - start + 1)));
    if (request.method === 'HEAD' || size === 0) {
      await handle.close();
      // Fastify's HEAD handling drains a stream body and keeps our length; an empty body would reset it to 0.
      return void reply.send(Readable.from([]));
    }
    const stream = createReadStream('', { fd: handle, start, end });
    // Keys start with the owning account's id; what was actually read out is what is billed as bandwidth.
    let sent = 0;
    stream.on('data', (chunk) => (sent += chunk.length));
    stream.on('close', () => void this.meter.record(accountId, sent).catch(() => undefined));
    return void reply.send(stream);
  }
}
