import { hasFieldType, mergeBody, placeholdersOf } from './template-merge';

describe('placeholdersOf', () => {
  it('lists every placeholder with the path validation reports, whole or inside a string', () => {
    const body = {
      input: { timeline: { tracks: [{ clips: [{ text: 'Hi {{name}}, {{price}} EUR', media_url: '{{photo}}' }] }] } },
      'odd key': '{{x}}',
      n: 3,
    };
    expect(placeholdersOf(body)).toEqual([
      { path: 'input.timeline.tracks[0].clips[0].text', name: 'name', whole: false },
      { path: 'input.timeline.tracks[0].clips[0].text', name: 'price', whole: false },
      { path: 'input.timeline.tracks[0].clips[0].media_url', name: 'photo', whole: true },
      { path: '["odd key"]', name: 'x', whole: true },
    ]);
  });

  it('reports what is between the braces as written, so a malformed name can be refused', () => {
    expect(placeholdersOf({ a: '{{ name }}', b: '{{}}', c: '{ {x} }', d: '{{{y}}}' }).map((p) => p.name)).toEqual([' name ', '', 'y']);
  });
});

describe('mergeBody', () => {
  const values = { title: 'Seaside flat', price: 250000, scale: 0.5, photo: 'https://img.example.com/a.png' };

  it('replaces a whole-string placeholder by the value itself: a number becomes a number', () => {
    expect(mergeBody({ scale: '{{scale}}', url: '{{photo}}', title: '{{title}}' }, values)).toEqual({
      scale: 0.5,
      url: 'https://img.example.com/a.png',
      title: 'Seaside flat',
    });
  });

  it('inserts values into longer strings as text', () => {
    expect(mergeBody({ text: '{{title}}: {{price}} EUR, x{{scale}}' }, values)).toEqual({ text: 'Seaside flat: 250000 EUR, x0.5' });
  });

  it('copies the structure: keys, arrays, numbers, booleans and nulls, and never changes the input', () => {
    const body = { a: [1, true, null, { '{{title}}': '{{title}}' }], b: { c: 2 } };
    const before = JSON.stringify(body);
    expect(mergeBody(body, values)).toEqual({ a: [1, true, null, { '{{title}}': 'Seaside flat' }], b: { c: 2 } });
    expect(JSON.stringify(body)).toBe(before);
  });

  it('never evaluates or re-expands a value: text that looks like code or a placeholder stays text', () => {
    const hostile = { title: '{{price}}", "extra": "1', price: 1 };
    const merged = mergeBody({ text: 'T: {{title}}', whole: '{{title}}' }, hostile) as Record<string, unknown>;
    expect(merged).toEqual({ text: 'T: {{price}}", "extra": "1', whole: '{{price}}", "extra": "1' });
    expect(Object.keys(merged)).toEqual(['text', 'whole']);
    expect(mergeBody({ t: '${1+1} {{__proto__}}' }, {})).toEqual({ t: '${1+1} {{__proto__}}' });
  });

  it('leaves placeholders without a value as they are', () => {
    expect(mergeBody({ t: '{{missing}} and {{title}}', w: '{{missing}}' }, values)).toEqual({ t: '{{missing}} and Seaside flat', w: '{{missing}}' });
  });
});

describe('hasFieldType', () => {
  it.each([
    ['string', 'x', true],
    ['string', 'x'.repeat(2048), true],
    ['string', 'x'.repeat(2049), false],
    ['string', 3, false],
    ['number', 3.5, true],
    ['number', '3', false],
    ['number', Number.NaN, false],
    ['url', 'https://example.com/a.png', true],
    ['url', 'ftp://example.com/a.png', false],
    ['url', 'https://user:pw@example.com/', false],
    ['url', 'not a url', false],
  ] as const)('%s: %#', (type, value, accepted) => {
    expect(hasFieldType(type, value)).toBe(accepted);
  });
});
