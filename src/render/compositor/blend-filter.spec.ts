import { BLEND_MODES } from '../../task-input/input-values';
import { CSS_BLEND_MODES } from './blend-filter';

describe('blend modes', () => {
  it('the compositor draws every mode the API accepts, so no plan falls back to Remotion for its blend mode', () => {
    expect(BLEND_MODES.filter((mode) => !CSS_BLEND_MODES.includes(mode))).toEqual([]);
  });
});
