import { listingTemplate } from '../../test/fixtures/task-bodies';
import { failure as refusal } from '../../test/support/body-checks';
import type { ApiError, ValidationIssue } from '../common/api-error';
import { SsrfGuard } from '../network/ssrf-guard';
import { checkCreateBody } from '../tasks/create-pipeline';
import { checkRenderRequest, checkTemplate, mergeValues, renderBody } from './template-rules';
import type { TemplateFields } from './template-merge';

const LIMITS = { maxTracks: 10, maxClipsPerTrack: 10, maxClips: 20 };
const check = (body: unknown) => void checkCreateBody(body, LIMITS, { guard: new SsrfGuard([]), samples: { sampleFileFor: () => null } });
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test bodies are edited freely

const issuesOf = (error: ApiError) => error.options.details as ValidationIssue[];
const fieldsOf = (error: ApiError) => (error.options.details as Array<{ field: string }>).map((detail) => detail.field).sort();

describe('checkTemplate', () => {
  it('accepts a template whose body, merged with defaults and samples, is a create body', () => {
    const draft = checkTemplate(listingTemplate(), check);
    expect(draft.name).toBe('listing');
    expect(draft.fields.photo).toEqual({ type: 'url' });
    expect((draft.body as Json).input.timeline.tracks[1].clips[0].properties.font_size).toBe('{{size}}');
  });

  it('refuses a placeholder without a field, a malformed placeholder and a field never used, at their paths', () => {
    const template: Json = listingTemplate();
    template.body.input.timeline.tracks[1].clips[0].text = '{{title}} {{ price }} {{colour}}';
    template.fields.unused = { type: 'string', default: 'x' };
    const error = refusal(() => checkTemplate(template, check));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(issuesOf(error)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'body.input.timeline.tracks[1].clips[0].text', provided_value: '{{ price }}' }),
        expect.objectContaining({ field: 'body.input.timeline.tracks[1].clips[0].text', issue: 'holds {{colour}}, which is not a declared field' }),
        expect.objectContaining({ field: 'fields.price', issue: 'is not used: no {{price}} placeholder in body' }),
        expect.objectContaining({ field: 'fields.unused' }),
      ]),
    );
    expect(fieldsOf(error)).toHaveLength(4);
  });

  it('refuses fields of unknown type or with a default of another type', () => {
    const template: Json = listingTemplate();
    template.fields.size = { type: 'number', default: '40' };
    template.fields.title = { type: 'text' };
    expect(fieldsOf(refusal(() => checkTemplate(template, check)))).toEqual(['fields.size', 'fields.title']);
  });

  it('refuses a body that can never be valid, at body.<path>: a number field where the body takes a string', () => {
    const template: Json = listingTemplate();
    template.body.input.timeline.tracks[1].clips[0].properties.color = '{{size}}';
    template.body.input.timeline.tracks[1].clips[0].properties.font_size = 40;
    const error = refusal(() => checkTemplate(template, check));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(fieldsOf(error)).toEqual(['body.input.timeline.tracks[1].clips[0].properties.color']);
  });

  it('refuses a body missing what every create needs', () => {
    const template: Json = listingTemplate();
    delete template.body.webhook;
    expect(fieldsOf(refusal(() => checkTemplate(template, check)))).toEqual(['body.webhook']);
  });

  it("answers a body over the model's limits with the create's 422, its limits as they are", () => {
    const template: Json = listingTemplate();
    template.body.input.output.resolution = { width: 7680, height: 4320 };
    const error = refusal(() => checkTemplate(template, check));
    expect(error.code).toBe('MODEL_LIMIT_EXCEEDED');
    expect(error.options.details).toEqual([
      { limit: 'max_resolution', model: 'standard', allowed: expect.any(Object), provided: { width: 7680, height: 4320 } },
    ]);
  });

  it('leaves the places of a field without a default to the merge', () => {
    const template: Json = listingTemplate();
    template.fields.size = { type: 'number' };
    // The sample 1 is no font size, but a merge may give one.
    expect(() => checkTemplate(template, check)).not.toThrow();
  });

  it('never stores webhook credentials', () => {
    const template: Json = listingTemplate();
    template.body.webhook.secret = 'whsec_c2VjcmV0';
    template.body.webhook.headers = { 'X-Token': 'abc' };
    const error = refusal(() => checkTemplate(template, check));
    expect(issuesOf(error)).toEqual([
      expect.objectContaining({ field: 'body.webhook.secret', provided_value: '[redacted]' }),
      expect.objectContaining({ field: 'body.webhook.headers', provided_value: '[redacted]' }),
    ]);
  });
});

describe('merging a render request', () => {
  const fields: TemplateFields = { title: { type: 'string', default: 'Flat' }, size: { type: 'number' }, photo: { type: 'url' } };

  it('takes defaults for fields left out and reports each missing or mistyped value at merge.<field>', () => {
    expect(mergeValues(fields, { size: 3, photo: 'https://a.example/p.png' })).toEqual({ title: 'Flat', size: 3, photo: 'https://a.example/p.png' });
    const error = refusal(() => mergeValues(fields, { size: '3', title: 4, extra: 1 }));
    expect(error.message).toMatch(/^The merge object is invalid: 4 problems/);
    expect(issuesOf(error)).toEqual([
      { field: 'merge.extra', issue: 'is not a field of this template', provided_value: 1 },
      { field: 'merge.title', issue: 'must be a string of at most 2048 characters', provided_value: 4 },
      { field: 'merge.size', issue: 'must be a finite number', provided_value: '3' },
      { field: 'merge.photo', issue: 'is required: the url field has no default', provided_value: null },
    ]);
  });

  it("puts the request's request_id, webhook and metadata in place of the template's", () => {
    const template = checkTemplate(listingTemplate(), check);
    const request = checkRenderRequest({
      merge: { photo: 'https://a.example/p.png', size: 30 },
      request_id: 'r-1',
      webhook: { url: 'https://other.example/hook' },
      metadata: { tags: ['x'] },
    });
    const body = renderBody(template, request) as Json;
    expect(body.request_id).toBe('r-1');
    expect(body.webhook).toEqual({ url: 'https://other.example/hook' });
    expect(body.metadata).toEqual({ tags: ['x'] });
    expect(body.input.timeline.tracks[1].clips[0]).toMatchObject({ text: 'Flat 100', properties: { font_size: 30 } });
    expect(body.input.timeline.tracks[0].clips[0].media_url).toBe('https://a.example/p.png');
    expect(() => check(body)).not.toThrow();
  });

  it('refuses unknown keys and a merge that is not an object', () => {
    expect(fieldsOf(refusal(() => checkRenderRequest({ merge: [], input: {} })))).toEqual(['input', 'merge']);
  });
});
