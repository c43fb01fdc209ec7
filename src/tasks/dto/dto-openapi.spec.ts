import SwaggerParser from '@apidevtools/swagger-parser';
import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiBody, type OpenAPIObject } from '@nestjs/swagger';
import Ajv from 'ajv';
import { extendedTaskBody, fullTaskBody, type JsonBody, minimalTaskBody, soundTaskBody } from '../../../test/fixtures/task-bodies';
import { setAt } from '../../../test/support/body-checks';
import { documentOf, parametersOf } from '../../../test/support/dto-document';
import { asValidatorDialect } from '../../../test/support/reply-contract';
import { inspectDto } from '../../common/validation/validate-body';
import { CreateTaskDto } from '../../task-input/create-task.dto';
import { ListTasksQueryDto } from './list-tasks-query.dto';

@Controller('v3')
class DocumentedController {
  @Post('tasks')
  @ApiBody({ type: CreateTaskDto })
  create(@Body() body: unknown) {
    return body;
  }

  @Get('tasks')
  list(@Query() query: ListTasksQueryDto) {
    return query;
  }
}

type Schema = { properties?: Record<string, Record<string, unknown>>; required?: string[] };

const TEXT = 'input.timeline.tracks[2].clips[0]';

/** Sizes past every bound the API sets on a string (2,048) and an array (64), so that a bound the document leaves out shows. */
const FAR_LENGTH = 3000;
const FAR_SIZE = 100;
/** Fields whose form no schema keyword states (a BCP 47 tag): a longer value of theirs is no longer well formed. */
const FORM_BEYOND_LENGTH = /\.language$/;

/** Every number, string and array of a body, with its path in `setAt`'s form. */
function valuesOf(value: unknown, path = ''): Array<{ path: string; value: unknown }> {
  const here = path === '' ? [] : [{ path, value }];
  if (Array.isArray(value)) return [...here, ...value.flatMap((item, i) => valuesOf(item, `${path}[${i}]`))];
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, item]) => valuesOf(item, path ? `${path}.${key}` : key));
  return typeof value === 'number' || typeof value === 'string' ? here : [];
}

/** `count` characters (code points) from `text`'s first character on, its last character repeated. */
function resized(text: string, count: number): string {
  const characters = Array.from(text);
  return Array.from({ length: count }, (_, i) => characters[Math.min(i, characters.length - 1)] ?? 'a').join('');
}

describe('OpenAPI document generated from the DTOs', () => {
  let document: OpenAPIObject;

  beforeAll(async () => {
    document = await documentOf(DocumentedController);
  });

  const schema = (name: string): Schema => document.components?.schemas?.[name] as Schema;

  it('is a valid OpenAPI document', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('describes the body with its required fields', () => {
    expect(schema('CreateTaskDto').required).toEqual(['input', 'webhook']);
    expect(schema('TaskInputDto').required).toEqual(['timeline', 'output']);
    expect(schema('OutputDto').required).toEqual(['resolution']);
    expect(schema('WebhookDto').required).toEqual(['url']);
    expect(schema('SubtitleClipPropertiesDto').properties?.preset.enum).toContain('wechat-video');
  });

  it('documents a clip as a media clip or a text clip, media clip properties as any of the three property schemas', () => {
    expect(schema('TrackDto').properties?.clips).toMatchObject({
      type: 'array',
      items: { oneOf: [{ $ref: '#/components/schemas/MediaClipDto' }, { $ref: '#/components/schemas/TextClipDto' }] },
    });
    expect(schema('MediaClipDto').required).toEqual(['id', 'start_time_ms', 'end_time_ms', 'media_url']);
    expect(schema('TextClipDto').required).toEqual(['id', 'start_time_ms', 'end_time_ms', 'text']);
    expect(schema('TextClipDto').properties).not.toHaveProperty('media_url');
    const properties = schema('MediaClipDto').properties?.properties as { anyOf: Array<{ $ref: string }> };
    expect(properties.anyOf.map((ref) => ref.$ref)).toEqual([
      '#/components/schemas/VideoClipPropertiesDto',
      '#/components/schemas/AudioClipPropertiesDto',
      '#/components/schemas/SubtitleClipPropertiesDto',
    ]);
    expect(schema('TextClipDto').properties?.properties).toEqual({ $ref: '#/components/schemas/TextClipPropertiesDto' });
  });

  it('documents each animatable property as one of its constant and its keyframe track', () => {
    expect(schema('AudioClipPropertiesDto').properties?.volume.oneOf).toEqual([
      { type: 'number', minimum: 0, maximum: 10, example: 1 },
      { $ref: '#/components/schemas/VolumeKeyframesDto' },
    ]);
    expect(schema('VideoClipPropertiesDto').properties?.scale.oneOf).toEqual([
      { $ref: '#/components/schemas/ScaleDto' },
      { $ref: '#/components/schemas/ScaleKeyframesDto' },
    ]);
    expect(schema('TextClipPropertiesDto').properties?.position.oneOf).toEqual([
      { $ref: '#/components/schemas/PositionDto' },
      { $ref: '#/components/schemas/PositionKeyframesDto' },
    ]);
    expect(schema('OpacityKeyframesDto').properties?.keyframes).toMatchObject({ minItems: 1, maxItems: 64 });
    expect(schema('OpacityKeyframeDto').required).toEqual(['time_ms', 'value']);
    expect(schema('OpacityKeyframeDto').properties?.value).toMatchObject({ minimum: 0, maximum: 1 });
    expect(schema('OpacityKeyframeDto').properties?.easing.enum).toEqual(['linear', 'ease-in', 'ease-out', 'ease-in-out', 'hold']);
  });

  it('marks every extension schema and every extension field of a v3 schema with x-extension', () => {
    const marked = Object.entries(document.components?.schemas ?? {})
      .filter(([, value]) => (value as Record<string, unknown>)['x-extension'] === true)
      .map(([name]) => name);
    expect(marked.sort()).toEqual(
      [
        'DuckingDto',
        'LoudnessDto',
        'OutputAudioDto',
        'OpacityKeyframesDto',
        'PositionKeyframesDto',
        'RotationKeyframesDto',
        'ScaleKeyframesDto',
        'TextBackgroundDto',
        'TextClipDto',
        'TextClipPropertiesDto',
        'TransitionDto',
        'VolumeKeyframesDto',
        'WordCaptionsDto',
      ].sort(),
    );
    expect(schema('VideoClipPropertiesDto').properties?.transition['x-extension']).toBe(true);
    expect(schema('VideoClipPropertiesDto').properties?.ducking['x-extension']).toBe(true);
    expect(schema('AudioClipPropertiesDto').properties?.ducking['x-extension']).toBe(true);
    expect(schema('OutputDto').properties?.audio['x-extension']).toBe(true);
    expect(schema('SubtitleClipPropertiesDto').properties?.words['x-extension']).toBe(true);
    expect(schema('TrackDto').properties?.type.enum).toEqual(['video', 'audio', 'subtitle', 'text']);
  });

  describe('fits the bodies the API accepts, objects closed as the reply check reads them', () => {
    let fits: (body: unknown) => boolean;

    beforeAll(() => {
      const { components } = asValidatorDialect(document) as OpenAPIObject;
      fits = new Ajv({ strict: false }).compile({ $ref: '#/components/schemas/CreateTaskDto', components });
    });

    it.each([
      ['the minimal v3 body', minimalTaskBody()],
      ['the full v3 body', fullTaskBody()],
      ['the body with every extension field', extendedTaskBody()],
      ['the body with loudness and ducking', soundTaskBody()],
    ])('%s', (_label, body) => {
      expect(fits(body)).toBe(true);
    });

    it.each([
      ['a text clip with a media_url', `${TEXT}.media_url`, 'https://media.example.com/a.png'],
      ['a media clip with text', 'input.timeline.tracks[0].clips[0].text', 'hello'],
      ['65 keyframes', 'input.timeline.tracks[0].clips[0].properties.opacity.keyframes', Array.from({ length: 65 }, (_, i) => ({ time_ms: i, value: 1 }))],
      ['a keyframe value out of bounds', 'input.timeline.tracks[0].clips[0].properties.opacity.keyframes[0].value', 2],
      ['an unknown easing', 'input.timeline.tracks[0].clips[0].properties.opacity.keyframes[0].easing', 'bounce'],
      ['a transition on an audio clip', 'input.timeline.tracks[1].clips[0].properties.transition', { in: { type: 'fade', duration_ms: 1 } }],
      ['text of 501 characters', `${TEXT}.text`, 'x'.repeat(501)],
      ['a ducking amount out of bounds', 'input.timeline.tracks[1].clips[0].properties.ducking.amount_db', 41],
      ['ducking under no track', 'input.timeline.tracks[1].clips[0].properties.ducking.under', []],
      ['a loudness target out of bounds', 'input.output.audio.loudness.target_lufs', -7],
      ['ducking on a text clip', `${TEXT}.properties.ducking`, { under: ['voice'] }],
    ])('and not %s', (_label, path, value) => {
      expect(fits(setAt(soundTaskBody(), path, value))).toBe(false);
    });
  });

  /**
   * A client that checks its bodies against the document must get the answer the service gives. For each
   * number, string and array of the sample bodies, ajv names the bounds the document gives it (from a value far
   * out of range); the document and the DTOs must then accept and refuse the same bodies at each bound and
   * beside it, and at values no bound should stop. Cross-field rules (clip lengths, keyframe order) are in neither.
   */
  it('accepts and refuses exactly what the validator does at every bound it gives a field of the sample bodies', () => {
    const { components } = asValidatorDialect(document) as OpenAPIObject;
    const ajv = new Ajv({ strict: false, allErrors: true });
    const fits = ajv.compile({ $ref: '#/components/schemas/CreateTaskDto', components });
    const disagreements: string[] = [];
    let probed = 0;
    // The sound body is the body with every extension field, and more.
    for (const sample of [fullTaskBody, soundTaskBody]) {
      for (const { path, value } of valuesOf(sample())) {
        const at = `/${(path.match(/[^.[\]]+/g) ?? []).join('/')}`;
        const boundsFor = (...far: unknown[]) =>
          far.flatMap((probe) => {
            fits(setAt(sample(), path, probe));
            return (fits.errors ?? []).filter((e) => e.instancePath === at).flatMap((e) => (typeof e.params.limit === 'number' ? [e.params.limit] : []));
          });
        let probes: unknown[];
        if (typeof value === 'number') {
          probes = [...boundsFor(1e12, -1e12).flatMap((b) => [b - 1, b - 0.001, b, b + 0.001, b + 1]), value + 0.5, 1e12, -1e12];
        } else if (typeof value === 'string') {
          // Longer than the sample only: a URL or a colour cut short is refused for its form, which no length states.
          const lengths = boundsFor(resized(value, FAR_LENGTH), '')
            .flatMap((b) => [b - 1, b, b + 1])
            .filter((n) => n >= Array.from(value).length);
          // The emoji, two UTF-16 units and one character, tells which of the two a bound counts.
          probes = [
            ...(FORM_BEYOND_LENGTH.test(path) ? [] : lengths.flatMap((n) => [resized(value, n), resized(`${value}😀`, n)])),
            resized(value, FAR_LENGTH),
            '',
          ];
        } else {
          const items = value as unknown[];
          const sizes = boundsFor(
            [],
            Array.from({ length: FAR_SIZE }, () => items[0]),
          )
            .flatMap((b) => [b - 1, b, b + 1])
            .filter((n) => n >= 0);
          probes = [...sizes, FAR_SIZE].map((n) => Array.from({ length: n }, (_, i) => items[Math.min(i, items.length - 1)]));
        }
        for (const probe of probes) {
          const body: JsonBody = setAt(sample(), path, probe);
          const documentAccepts = fits(body);
          const validatorAccepts = inspectDto(CreateTaskDto, body).issues.length === 0;
          probed += 1;
          if (documentAccepts !== validatorAccepts) {
            disagreements.push(`${path} = ${JSON.stringify(probe).slice(0, 60)}: the document ${documentAccepts ? 'accepts' : 'refuses'} it`);
          }
        }
      }
    }
    expect(disagreements).toEqual([]);
    // The walk reached the bounded fields: not a test that passes by probing nothing.
    expect(probed).toBeGreaterThan(1000);
  });

  it('documents the list query parameters with their defaults', () => {
    const list = parametersOf(document, '/v3/tasks');
    expect(list.map((p) => p.name).sort()).toEqual(['created_after', 'created_before', 'limit', 'offset', 'status']);
    expect(list.find((p) => p.name === 'limit')?.schema).toMatchObject({ default: 20, maximum: 100 });
  });
});
