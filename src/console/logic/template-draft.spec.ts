import { draftFields, templateBodyOf } from './template-draft';

describe('draftFields', () => {
  it('lists each placeholder once in document order, guessing url in a …url field', () => {
    const body = {
      input: {
        timeline: {
          tracks: [
            { clips: [{ media_url: '{{photo}}' }, { text: '{{title}} for {{price}}', properties: { font_size: '{{size}}' } }] },
            { clips: [{ text: 'again {{title}}', media_url: 'https://x.example/{{photo}}' }] },
          ],
        },
      },
      webhook: { url: 'https://hooks.example/{{hook}}' },
    };
    expect(draftFields(body)).toEqual([
      { name: 'photo', type: 'url' },
      { name: 'title', type: 'string' },
      { name: 'price', type: 'string' },
      { name: 'size', type: 'string' },
      { name: 'hook', type: 'url' },
    ]);
  });

  it('ignores keys, non-strings and braces that hold no field name', () => {
    expect(draftFields({ '{{key}}': 1, n: 2, list: [true, null], text: '{{ spaced }} {{1st}} {{}} {single}' })).toEqual([]);
  });
});

describe('templateBodyOf', () => {
  it('leaves out the request_id and keeps the rest', () => {
    const request = { request_id: 'r-1', input: { a: 1 }, webhook: { url: 'https://h.example' }, metadata: { tags: ['x'] } };
    expect(templateBodyOf(request)).toEqual({ input: { a: 1 }, webhook: { url: 'https://h.example' }, metadata: { tags: ['x'] } });
  });
});
