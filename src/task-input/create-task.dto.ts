import { ApiProperty } from '@nestjs/swagger';
import {
  EnumField,
  isStringWithin,
  NestedField,
  OptionalField,
  OptionalNumber,
  OptionalString,
  PrimitiveArrayField,
  RecordField,
  stringSchema,
  UrlField,
  urlSchema,
} from '../common/validation/field-rules.decorator';
import type { ModelId, Priority } from '../common/spec-vocabulary';
import { API_VERSIONS, MODEL_IDS, PRIORITIES, WEBHOOK_EVENT_TYPES, type WebhookEventType } from './input-values';
import { OutputDto } from './output.dto';
import { TimelineDto } from './timeline.dto';

export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const MAX_WEBHOOK_HEADERS = 20;
export const MAX_HEADER_VALUE_LENGTH = 1024;

/** RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,64}$/;
/** Visible ASCII, space and tab: no CR/LF (header injection), no obs-text. */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;
/** Headers the service sets itself or that belong to the transport: a client value would forge or break them. */
const RESERVED_HEADERS: ReadonlySet<string> = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'proxy-connection',
]);
const RESERVED_PREFIXES = ['content-', 'x-service-', 'webhook-'];

export function webhookHeaderIssue(name: string, value: unknown, earlierNames: readonly string[]): string | null {
  if (!HEADER_NAME.test(name)) return "is not a valid header name (letters, digits and !#$%&'*+-.^_`|~, at most 64)";
  const lower = name.toLowerCase();
  if (RESERVED_HEADERS.has(lower) || RESERVED_PREFIXES.some((prefix) => lower.startsWith(prefix))) {
    return 'is a header the service sets itself and cannot be overridden';
  }
  if (earlierNames.some((earlier) => earlier.toLowerCase() === lower)) {
    return 'repeats another header name (names are case-insensitive)';
  }
  if (typeof value !== 'string' || value.length > MAX_HEADER_VALUE_LENGTH || !HEADER_VALUE.test(value)) {
    return `must be a string of at most ${MAX_HEADER_VALUE_LENGTH} printable ASCII characters`;
  }
  return null;
}

const WEBHOOK_SECRET_RULES = {
  maxLength: 256,
  // A `whsec_` secret is a base64 key (Standard Webhooks): an empty or malformed one would sign with a key nobody can share.
  pattern: /^(?!whsec_)[\s\S]+$|^whsec_(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{4})$/,
  describe: 'must be a string of 1 to 256 characters without control characters; after "whsec_", a non-empty base64 key',
};

export class WebhookDto {
  @ApiProperty({ description: 'HTTPS endpoint of the client', example: 'https://hooks.example.com/render', ...urlSchema(WEBHOOK_URL_MAX_LENGTH) })
  @UrlField(['https:'], WEBHOOK_URL_MAX_LENGTH)
  url!: string;

  @OptionalField({ enum: WEBHOOK_EVENT_TYPES, isArray: true, uniqueItems: true, description: 'Event types to receive; default all; [] receives none' })
  @PrimitiveArrayField(
    { maxSize: WEBHOOK_EVENT_TYPES.length, unique: true },
    {
      check: (value) => typeof value === 'string' && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value),
      describe: `must be one of: ${WEBHOOK_EVENT_TYPES.join(', ')}`,
      of: 'event types',
    },
  )
  events?: WebhookEventType[];

  @OptionalString(WEBHOOK_SECRET_RULES, { description: 'Key of the HMAC-SHA256 signature; recommended' })
  secret?: string;

  @OptionalField({
    type: 'object',
    additionalProperties: { type: 'string', maxLength: MAX_HEADER_VALUE_LENGTH, pattern: HEADER_VALUE.source },
    description: `Up to ${MAX_WEBHOOK_HEADERS} custom headers; Content-*, Host, hop-by-hop, X-Service-* and Webhook-* are reserved`,
    example: { 'X-Tenant': 'acme' },
  })
  @RecordField(MAX_WEBHOOK_HEADERS, webhookHeaderIssue)
  headers?: Record<string, string>;

  @OptionalNumber({ min: 1, max: 60 }, { default: 30, description: 'Seconds the receiver has to answer' })
  timeout_seconds?: number;

  @OptionalNumber({ min: 0, max: 5, integer: true }, { default: 3 })
  max_retries?: number;
}

const TAG_RULES = { maxLength: 64 };
const USER_REFERENCE_RULES = { minLength: 0, maxLength: 256 };

export class MetadataDto {
  @OptionalString(USER_REFERENCE_RULES, { description: "Client's own label", example: 'campaign-42' })
  user_reference?: string;

  @OptionalField({ type: 'array', items: stringSchema(TAG_RULES), maxItems: 50, description: 'Up to 50 tags of 1 to 64 characters', example: ['promo'] })
  @PrimitiveArrayField(
    { maxSize: 50 },
    { check: (value) => isStringWithin(value, TAG_RULES), describe: 'must be a string of 1 to 64 characters without control characters', of: 'tags' },
  )
  tags?: string[];

  @OptionalField({ enum: PRIORITIES, default: 'standard' })
  @EnumField(PRIORITIES)
  priority?: Priority;

  @OptionalNumber({ min: 1, max: 168, integer: true }, { default: 24, description: 'Hours the output video is kept' })
  retention_hours?: number;
}

export class TaskInputDto {
  @ApiProperty({ type: () => TimelineDto })
  @NestedField(() => TimelineDto)
  timeline!: TimelineDto;

  @ApiProperty({ type: () => OutputDto })
  @NestedField(() => OutputDto)
  output!: OutputDto;
}

/** Visible ASCII only: ids end up in logs, headers and database keys. */
export const REQUEST_ID_RULES = {
  maxLength: 128,
  pattern: /^[\x21-\x7e]+$/,
  describe: 'must be 1 to 128 visible ASCII characters (no spaces)',
};

export class CreateTaskDto {
  @OptionalField({ enum: API_VERSIONS, example: '3.0' })
  @EnumField(API_VERSIONS)
  version?: '3.0';

  @OptionalString(REQUEST_ID_RULES, { description: 'Unique per account; a repeat is answered 409 DUPLICATE_REQUEST_ID', example: 'req-2025-0001' })
  request_id?: string;

  @OptionalField({ enum: MODEL_IDS, default: 'standard', description: 'Rendering model (see GET /v3/models)' })
  @EnumField(MODEL_IDS)
  model?: ModelId;

  @ApiProperty({ type: () => TaskInputDto })
  @NestedField(() => TaskInputDto)
  input!: TaskInputDto;

  @ApiProperty({ type: () => WebhookDto })
  @NestedField(() => WebhookDto)
  webhook!: WebhookDto;

  @OptionalField({ type: () => MetadataDto })
  @NestedField(() => MetadataDto)
  metadata?: MetadataDto;
}
