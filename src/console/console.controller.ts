import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { join } from 'node:path';
import { ApiError } from '../common/api-error';
import { sendFile } from '../storage/file-response';
import { OUTPUT_STORAGE, type OutputStorage } from '../storage/output-storage';
import { CONSOLE_DIR, consoleFile, consolePolicy } from './console-site';

function notFound(): ApiError {
  return new ApiError('NOT_FOUND', 'There is no console file at this path', { suggestedAction: 'Open /console' });
}

/** A valid object key that is never stored: signing it shows which origin output links point to. */
const PROBE_KEY = 'console-probe/origin';

/**
 * The web console (docs/console.md): the static files `npm run build` puts in
 * dist/console, served without a key (the page asks for one and sends it only
 * in Authorization headers to /v3), under a strict Content-Security-Policy.
 * Not part of the API, so not in the OpenAPI document.
 */
@ApiExcludeController()
@Controller('console')
export class ConsoleController {
  private policy: Promise<string> | null = null;

  constructor(@Inject(OUTPUT_STORAGE) private readonly storage: OutputStorage) {}

  @Get()
  page(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    return this.serve(request, reply);
  }

  @Get('*')
  async serve(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // The raw path: a file name is never percent-encoded, so an encoded one is simply not found.
    const target = consoleFile(request.url.split('?')[0]);
    if (target === null) throw notFound();
    reply.headers({
      'content-security-policy': await this.contentSecurityPolicy(),
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    await sendFile(join(CONSOLE_DIR, target.file), request, reply, {
      contentType: target.contentType,
      // Revalidated on every load (ETag), so a rebuilt console is picked up at once.
      cacheControl: 'no-cache',
      missing: notFound,
    });
  }

  private contentSecurityPolicy(): Promise<string> {
    this.policy ??= this.storage
      .signedUrl(PROBE_KEY, new Date(Date.now() + 60_000))
      .then((url) => consolePolicy([new URL(url).origin]))
      .catch((error: unknown) => {
        this.policy = null;
        throw error;
      });
    return this.policy;
  }
}
