import { evaluateExpression } from '../../../test/support/ffmpeg-expression';
import { frameCommands, frameSwitch, frameValues } from './frame-values';

const FPS = 30;
const at = (expression: string, frame: number, time = 't'): number => evaluateExpression(expression, { [time]: frame / FPS });

describe('frameValues', () => {
  it('gives each frame its own value, from half a frame before it to half a frame after', () => {
    const values = Array.from({ length: 50 }, (_, i) => Math.round(1000 * Math.sin(i / 7)) / 10);
    const expression = frameValues(values, FPS);
    values.forEach((value, frame) => {
      expect(at(expression, frame - 0.49)).toBe(value);
      expect(at(expression, frame)).toBe(value);
      expect(at(expression, frame + 0.49)).toBe(value);
    });
  });

  it('holds the first value before the first frame and the last one after the last', () => {
    const expression = frameValues([3, 4, 5], FPS, { firstFrame: 10 });
    expect([at(expression, 0), at(expression, 10), at(expression, 11), at(expression, 12), at(expression, 99)]).toEqual([3, 3, 4, 5, 5]);
  });

  it('is a plain number for a constant, one comparison for one change, and shallow for a long varying table', () => {
    expect(frameValues([7, 7, 7], FPS)).toBe('7');
    expect(frameValues([1, 1, 2.5, 2.5], FPS, { time: 'T' })).toBe('if(lt(T,0.05),1,2.5)');
    const long = frameValues(
      Array.from({ length: 1800 }, (_, i) => i),
      FPS,
    );
    let depth = 0;
    let deepest = 0;
    for (const char of long) {
      depth += char === '(' ? 1 : char === ')' ? -1 : 0;
      deepest = Math.max(deepest, depth);
    }
    // ffmpeg's parser refuses nesting deeper than 100.
    expect(deepest).toBeLessThan(40);
    expect(at(long, 1234)).toBe(1234);
  });

  it('switches on exactly the frames asked for', () => {
    const on = [false, true, true, false, true];
    const expression = frameSwitch(on, FPS);
    expect(on.map((_, frame) => at(expression, frame))).toEqual([0, 1, 1, 0, 1]);
  });
});

describe('frameCommands', () => {
  it('sends a value half a frame before the frame it changes on, and nothing for frame 0 or a value that holds', () => {
    expect(frameCommands('colorchannelmixer@a', 'aa', [0.2, 0.2, 0.5, 1, 1, 0.25], FPS)).toBe(
      '0.05 colorchannelmixer@a aa 0.5;0.083333 colorchannelmixer@a aa 1;0.15 colorchannelmixer@a aa 0.25',
    );
    expect(frameCommands('colorchannelmixer@a', 'aa', [0.3, 0.3], FPS)).toBe('');
  });
});
