import { isValidObjectKey } from './output-storage';

describe('isValidObjectKey', () => {
  it.each(['tasks/t1/video.mp4', 'a', 'tasks/task_01-x/thumb.jpg'])('accepts %s', (key) => {
    expect(isValidObjectKey(key)).toBe(true);
  });
  it.each(['', '../x', 'a/../b', 'a/./b', '/abs', 'a//b', 'a/', '.env', 'a\\b', 'a%2fb', 'a b', 'a/\0', 'x'.repeat(513)])('refuses %j', (key) => {
    expect(isValidObjectKey(key)).toBe(false);
  });
});
