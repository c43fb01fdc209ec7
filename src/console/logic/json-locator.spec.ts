import { locateField, parseFieldPath } from './json-locator';

const BODY = `{
  "input": {
    "timeline": {
      "duration_ms": 1000,
      "tracks": [
        {
          "id": "main",
          "type": "video",
          "clips": [
            { "id": "a", "media_url": "https://x/a.png", "start_time_ms": 0, "end_time_ms": 500 },
            {
              "id": "b",
              "properties": { "opacity": 2 }
            }
          ]
        }
      ]
    },
    "output": { "resolution": { "width": 320, "height": 180 } }
  },
  "webhook": { "url": "http://hooks", "headers": { "bad name": "1", "bad name": "2" } }
}`;

describe('parseFieldPath', () => {
  it('splits dotted keys, indexes and quoted keys as the API writes them', () => {
    expect(parseFieldPath('input.timeline.tracks[0].clips[1].properties.opacity')).toEqual([
      'input',
      'timeline',
      'tracks',
      0,
      'clips',
      1,
      'properties',
      'opacity',
    ]);
    expect(parseFieldPath('webhook.headers["bad name"]')).toEqual(['webhook', 'headers', 'bad name']);
    expect(parseFieldPath('webhook.headers["a\\"b"]')).toEqual(['webhook', 'headers', 'a"b']);
    expect(parseFieldPath('')).toEqual([]);
  });

  it('refuses what is not such a path', () => {
    expect(parseFieldPath('input..timeline')).toBeNull();
    expect(parseFieldPath('input timeline')).toBeNull();
    expect(parseFieldPath('.input')).toBeNull();
    expect(parseFieldPath('tracks[x]')).toBeNull();
  });
});

describe('locateField', () => {
  it('finds the line of a nested key inside arrays', () => {
    expect(locateField(BODY, 'input.timeline.tracks[0].clips[1].properties.opacity')).toEqual({ line: 13, exact: true });
    expect(locateField(BODY, 'input.timeline.tracks[0].clips[0].end_time_ms')).toEqual({ line: 10, exact: true });
    expect(locateField(BODY, 'input.output.resolution.width')).toEqual({ line: 19, exact: true });
    expect(locateField(BODY, 'webhook.url')).toEqual({ line: 21, exact: true });
  });

  it('finds a field inside a keyframe track, as the API names the extension fields', () => {
    const body = `{
  "properties": {
    "position": {
      "keyframes": [
        { "time_ms": 0, "value": { "x": 0, "y": 0 } },
        { "time_ms": 0, "value": { "x": 10, "y": 0 } }
      ]
    }
  }
}`;
    expect(locateField(body, 'properties.position.keyframes[1].time_ms')).toEqual({ line: 6, exact: true });
    expect(locateField(body, 'properties.position.keyframes[1].easing')).toEqual({ line: 6, exact: false });
  });

  it('gives an array element the line where the element starts', () => {
    expect(locateField(BODY, 'input.timeline.tracks[0].clips[1]')).toEqual({ line: 11, exact: true });
  });

  it('puts a missing field on its nearest enclosing value', () => {
    expect(locateField(BODY, 'input.timeline.tracks[0].clips[1].media_url')).toEqual({ line: 11, exact: false });
    expect(locateField(BODY, 'input.timeline.tracks[0].clips[7]')).toEqual({ line: 9, exact: false });
    expect(locateField(BODY, 'metadata.tags')).toEqual({ line: 1, exact: false });
  });

  it('puts the root on line 1 and a quoted key on its line, the last duplicate winning', () => {
    expect(locateField(`\n\n  {"a": 1}`, '')).toEqual({ line: 3, exact: true });
    expect(locateField(BODY, 'webhook.headers["bad name"]')).toEqual({ line: 21, exact: true });
    const duplicated = '{\n"a": 1,\n"a": {\n"b": 2\n}\n}';
    expect(locateField(duplicated, 'a.b')).toEqual({ line: 4, exact: true });
  });

  it('does not index into a string or number, and does not take an index as a key', () => {
    expect(locateField('{\n"a": "text",\n"b": [1]\n}', 'a.length')).toEqual({ line: 2, exact: false });
    expect(locateField('{\n"0": 1\n}', '[0]')).toEqual({ line: 1, exact: false });
    expect(locateField('{\n"b": [\n1\n]\n}', 'b.x')).toEqual({ line: 2, exact: false });
  });

  it('answers null for text that is not JSON or a field that is not a path', () => {
    expect(locateField('{"a": 1,}', 'a')).toBeNull();
    expect(locateField('{"a": 1} x', 'a')).toBeNull();
    expect(locateField('{"a": tru}', 'a')).toBeNull();
    expect(locateField('{"a": 1}', 'a..b')).toBeNull();
  });
});
