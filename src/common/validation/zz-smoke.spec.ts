import { validateCreateTaskBody } from './validate-body';
import { minimalTaskBody, fullTaskBody } from '../../../test/fixtures/task-bodies';
import { ApiError } from '../api-error';
function tryIt(b: unknown) { try { return validateCreateTaskBody(b); } catch (e) { if (e instanceof ApiError) return { code: e.code, msg: e.message, d: e.options.details }; throw e; } }
it('smoke', () => {
  console.log(JSON.stringify(tryIt(minimalTaskBody())));
  console.log(JSON.stringify(tryIt(fullTaskBody())).slice(0, 300));
  const b = fullTaskBody() as any;
  b.extra = 1; b.input.timeline.tracks[0].clips[0].properties.volume = 2; b.input.timeline.tracks[1].clips[0].properties.opacity = 3;
  b.input.timeline.tracks[2] = 'x'; b.webhook.headers = { Host: 'x', 'x-a': 'a\nb', 'X-A': 'c' }; b.metadata.tags = ['a', 5];
  b.input.output = { resolution: [1, 2] }; b.webhook.url = 'http://x.com'; b.request_id = undefined; b.model = null;
  b.input.timeline.tracks[3].clips[0].properties.text_wrapping = 'x';
  b.input.timeline.tracks[3].type = 'bogus';
  console.log(JSON.stringify(tryIt(b), null, 1));
  console.log(JSON.stringify(tryIt(JSON.parse('{"__proto__": {"x":1}, "input": {"constructor": 1}}')), null, 1));
  console.log(JSON.stringify(tryIt([1])), JSON.stringify(tryIt({})));
});
