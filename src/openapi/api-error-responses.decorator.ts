import { applyDecorators } from '@nestjs/common';
import { ApiExtraModels, ApiResponse } from '@nestjs/swagger';
import { HTTP_ERROR_STATUS, type HttpErrorCode } from '../common/error-codes';
import { V3_ERROR_HEADERS } from './reply-headers';
import { ErrorEnvelopeResponse, ValidationIssueResponse } from './error.response';

/** What any authenticated /v3 request can be answered with, whatever the endpoint (RequestGate, error filter). */
const COMMON_CODES: readonly HttpErrorCode[] = [
  'UNSUPPORTED_API_VERSION',
  'MISSING_AUTHENTICATION',
  'INVALID_API_KEY',
  'INSUFFICIENT_PERMISSIONS',
  'FORBIDDEN',
  'RATE_LIMIT_EXCEEDED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
];

/**
 * Documents the error envelope for the common codes plus the endpoint's own,
 * one response per status, its description listing the codes. The status of
 * each code comes from HTTP_ERROR_STATUS, so the document cannot disagree with
 * what the service answers.
 */
export function ApiErrorResponses(...codes: HttpErrorCode[]): MethodDecorator {
  const byStatus = new Map<number, HttpErrorCode[]>();
  for (const code of [...COMMON_CODES, ...codes]) {
    const status = HTTP_ERROR_STATUS[code];
    const listed = byStatus.get(status) ?? [];
    if (!listed.includes(code)) listed.push(code);
    byStatus.set(status, listed);
  }
  const decorators = [...byStatus.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, listed]) =>
      ApiResponse({ status, type: ErrorEnvelopeResponse, headers: V3_ERROR_HEADERS, description: `Error envelope; error.code: ${listed.join(', ')}` }),
    );
  // The issue schema is referenced only from inside `details`, so it must be registered explicitly.
  return applyDecorators(ApiExtraModels(ValidationIssueResponse), ...decorators);
}
