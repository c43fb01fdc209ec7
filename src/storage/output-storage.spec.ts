import { parseRange } from './files.controller';
import { isValidObjectKey } from './output-storage';

describe('isValidObjectKey', () => {
  it.each(['tasks/t1/video.mp4', 'a', 'tasks/task_01-x/thumb.jpg'])('accepts %s', (key) => {
    expect(isValidObjectKey(key)).toBe(true);
  });
  it.each(['', '../x', 'a/../b', 'a/./b', '/abs', 'a//b', 'a/', '.env', 'a\\b', 'a%2fb', 'a b', 'a/\0', 'x'.repeat(513)])(
    'refuses %j',
    (key) => {
      expect(isValidObjectKey(key)).toBe(false);
    },
  );
});

describe('parseRange', () => {
  it.each([
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=5-', { start: 5, end: 99 }],
    ['bytes=-10', { start: 90, end: 99 }],
    ['bytes=-500', { start: 0, end: 99 }],
    ['bytes=50-1000', { start: 50, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=9-3', null],
    ['bytes=0-1,4-5', null],
    ['items=0-1', null],
    ['bytes=-', null],
    [undefined, null],
  ])('%s of 100 bytes -> %j', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});
