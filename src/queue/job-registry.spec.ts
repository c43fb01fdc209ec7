import { handlerProblems, JOB_KINDS } from './job-registry';

const KINDS = Object.keys(JOB_KINDS);
const handler = { concurrency: 1, handle: async () => undefined };
const handlersFor = (kinds: string[]) => Object.fromEntries(kinds.map((kind) => [kind, handler]));
const allBut = (...left: string[]) => KINDS.filter((kind) => !left.includes(kind));

describe('handlerProblems', () => {
  it('finds nothing wrong with exactly one handler per declared kind', () => {
    expect(handlerProblems(handlersFor(KINDS))).toEqual([]);
  });

  it('names a declared kind that has no handler', () => {
    expect(handlerProblems(handlersFor(allBut('reaper')))).toEqual(['job kind "reaper" has no handler']);
  });

  it('names a handler that no declared kind has', () => {
    expect(handlerProblems(handlersFor([...KINDS, 'thumbnail']))).toEqual(['handler "thumbnail" names no declared job kind']);
  });

  it('lists every problem at once: missing kinds first, then unknown handlers', () => {
    expect(handlerProblems(handlersFor([...allBut('render', 'webhook'), 'renders']))).toEqual([
      'job kind "render" has no handler',
      'job kind "webhook" has no handler',
      'handler "renders" names no declared job kind',
    ]);
  });

  it('names all six kinds when no handler is given', () => {
    expect(handlerProblems({})).toEqual([
      'job kind "render" has no handler',
      'job kind "render-chunk" has no handler',
      'job kind "webhook" has no handler',
      'job kind "retention-sweep" has no handler',
      'job kind "reaper" has no handler',
      'job kind "input-cache-sweep" has no handler',
    ]);
  });
});
