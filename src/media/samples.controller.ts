import { Controller, Get, Param, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PermissionGuard, RequirePermission } from '../auth/permission.guard';
import { ApiError } from '../common/api-error';
import { ApiErrorResponses } from '../openapi/api-error-responses.decorator';
import { PLAIN_HEADERS, V3_SUCCESS_HEADERS } from '../openapi/reply-headers';
import { ErrorEnvelopeResponse } from '../openapi/error.response';
import { SampleListResponse } from './sample.response';
import { sendFile } from '../storage/file-response';
import { SAMPLE_FILES, SampleMedia } from './sample-media';

const FILE_TYPES = [...new Set(SAMPLE_FILES.map((file) => file.contentType.split(';')[0]))];
const BYTES = { type: 'string', format: 'binary' };
/** A whole file: bytes, except a JSON transcript, which is a JSON document (segments with timed words). */
const WHOLE_FILE = Object.fromEntries(
  FILE_TYPES.map((type) => [
    type,
    { schema: type === 'application/json' ? { type: 'object', additionalProperties: true, description: 'A JSON transcript' } : BYTES },
  ]),
);
/** A byte range of any file. */
const FILE_RANGE = Object.fromEntries(FILE_TYPES.map((type) => [type, { schema: BYTES }]));

function unknownSample(): ApiError {
  return new ApiError('NOT_FOUND', 'There is no sample media of that name', {
    suggestedAction: 'GET /v3/samples lists the sample files and their URLs',
  });
}

/**
 * The bundled sample media: listed under /v3 with an API key, served read-only
 * under /samples/<name> without one (they are public files, like a CDN's).
 */
@ApiTags('samples')
@Controller()
export class SamplesController {
  constructor(private readonly samples: SampleMedia) {}

  @Get('v3/samples')
  @ApiBearerAuth()
  @UseGuards(PermissionGuard)
  @RequirePermission('models:read')
  @ApiOperation({ summary: 'List the sample media files, with URLs a task may use as media_url' })
  @ApiOkResponse({ type: SampleListResponse, headers: V3_SUCCESS_HEADERS })
  @ApiErrorResponses()
  async list(): Promise<SampleListResponse> {
    return { samples: await this.samples.list() };
  }

  @Get('samples/:name')
  @ApiOperation({ summary: 'A sample media file (no API key; GET and HEAD, single byte ranges, ETag)' })
  @ApiParam({ name: 'name', description: 'A name listed by GET /v3/samples', schema: { type: 'string' } })
  @ApiResponse({ status: 200, description: 'The file', content: WHOLE_FILE, headers: PLAIN_HEADERS })
  @ApiResponse({ status: 206, description: 'The requested byte range', content: FILE_RANGE, headers: PLAIN_HEADERS })
  @ApiResponse({ status: 304, description: 'Not modified (If-None-Match matched the ETag)', headers: PLAIN_HEADERS })
  @ApiResponse({ status: 404, description: 'Error envelope; error.code: NOT_FOUND', type: ErrorEnvelopeResponse, headers: PLAIN_HEADERS })
  @ApiResponse({ status: 416, description: 'Error envelope; error.code: RANGE_NOT_SATISFIABLE', type: ErrorEnvelopeResponse, headers: PLAIN_HEADERS })
  async serve(@Param('name') name: string, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    // A lookup in the catalogue, never a path made from the request: nothing else on disk is reachable.
    const sample = this.samples.find(name);
    if (!sample) throw unknownSample();
    await sendFile(sample.path, request, reply, {
      contentType: sample.file.contentType,
      cacheControl: 'public, max-age=3600',
      missing: unknownSample,
    });
  }
}
