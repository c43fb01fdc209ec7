import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { extname } from 'node:path';
import { ApiError } from '../common/api-error';
import { BandwidthUsageRepository } from './bandwidth-usage.repository';
import { sendFile } from './file-response';
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
 * Not in the OpenAPI document: clients follow the pre-signed URLs of a task's
 * output as given (an object store's own URLs under S3 storage), never build them.
 */
@ApiExcludeController()
@Controller('files')
export class FilesController {
  constructor(
    @Inject(OUTPUT_STORAGE) private readonly storage: OutputStorage,
    @Inject(URL_SIGNER) private readonly signer: UrlSigner,
    private readonly bandwidth: BandwidthUsageRepository,
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
    await sendFile(path, request, reply, {
      contentType: CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: 'private',
      missing: () => new ApiError('NOT_FOUND', 'The file no longer exists'),
      // Keys start with the owning account's id; what was actually read out is what is billed as bandwidth.
      onSent: (bytes) => void this.bandwidth.record(accountId, bytes).catch(() => undefined),
    });
  }
}
