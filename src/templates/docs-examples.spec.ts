import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SsrfGuard } from '../network/ssrf-guard';
import { checkCreateBody } from '../tasks/create-pipeline';
import { inspectDto } from '../common/validation/validate-body';
import { checkRenderRequest, checkTemplate, renderBody } from './template-rules';
import { CreateTaskBatchDto } from './template.dto';

/** The template, the render and the batch of docs/extensions.md §6, each accepted as pasted by the embedded set-up. */
describe('docs/extensions.md §6', () => {
  const text = readFileSync(join(__dirname, '..', '..', 'docs', 'extensions.md'), 'utf8').split('\n## 6. Templates and batches')[1];
  const [template, render, batch] = [...text.matchAll(/```json\n([\s\S]*?)\n```/g)].map((match) => JSON.parse(match[1]) as Record<string, unknown>);
  // The bundled samples of the embedded set-up (GET /v3/samples), read from disk rather than fetched.
  const samples = { sampleFileFor: (url: string) => (url.startsWith('https://localhost:8443/samples/') ? url : null) };
  const check = (body: unknown) => void checkCreateBody(body, { maxTracks: 50, maxClipsPerTrack: 500, maxClips: 2000 }, { guard: new SsrfGuard([]), samples });

  it('has a template that is stored, a render of it and a batch whose items are each accepted', () => {
    const draft = checkTemplate(template, check);
    const merged = renderBody(draft, checkRenderRequest(render)) as { input: { timeline: { tracks: Array<{ clips: Array<Record<string, unknown>> }> } } };
    expect(() => check(merged)).not.toThrow();
    expect(merged.input.timeline.tracks[1].clips[0].text).toBe('Seaside flat\n250000 EUR');

    const { value, issues } = inspectDto(CreateTaskBatchDto, batch);
    expect(issues).toEqual([]);
    const [fromTemplate, plain] = value.tasks as Array<Record<string, unknown>>;
    const { template_id: templateId, ...request } = fromTemplate;
    expect(templateId).toMatch(/^tpl_[0-9a-z]{26}$/);
    expect(() => check(renderBody(draft, checkRenderRequest(request)))).not.toThrow();
    expect(() => check(plain)).not.toThrow();
  });
});
