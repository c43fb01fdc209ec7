import { DEFAULT_MODEL_ID, findModel, listModels, MODELS } from './model-catalogue';

describe('model catalogue (spec "Model record")', () => {
  it('holds exactly the two models of the spec, in order', () => {
    expect(MODELS.map((model) => model.id)).toEqual(['standard', 'premium']);
    expect(DEFAULT_MODEL_ID).toBe('standard');
  });

  it('standard: every field', () => {
    const model = findModel('standard');
    expect(model?.id).toBe('standard');
    expect(model?.name).toBe('Standard');
    expect(model?.description).toMatch(/4096x2160/);
    expect(model?.max_resolution).toEqual({ width: 4096, height: 2160 });
    expect(model?.max_duration_seconds).toBe(3600);
    expect(model?.supported_formats).toEqual(['mp4', 'mov', 'webm']);
    expect(model?.pricing_tier).toBe('standard');
  });

  it('premium: every field', () => {
    const model = findModel('premium');
    expect(model?.id).toBe('premium');
    expect(model?.name).toBe('Premium');
    expect(model?.description).toMatch(/7680x4320/);
    expect(model?.max_resolution).toEqual({ width: 7680, height: 4320 });
    expect(model?.max_duration_seconds).toBe(7200);
    expect(model?.supported_formats).toEqual(['mp4', 'mov', 'webm', 'prores']);
    expect(model?.pricing_tier).toBe('premium');
  });

  it('records carry exactly the spec fields', () => {
    for (const model of listModels()) {
      expect(Object.keys(model).sort()).toEqual(['description', 'id', 'max_duration_seconds', 'max_resolution', 'name', 'pricing_tier', 'supported_formats']);
      expect(Number.isInteger(model.max_duration_seconds)).toBe(true);
    }
  });

  it('finds nothing for other ids', () => {
    expect(findModel('enterprise')).toBeUndefined();
    expect(findModel('toString')).toBeUndefined();
  });

  it('cannot be changed through a listing or a lookup', () => {
    const listed = listModels();
    listed[0].supported_formats.push('prores');
    listed[0].max_resolution.width = 1;
    expect(findModel('standard')?.supported_formats).toEqual(['mp4', 'mov', 'webm']);
    expect(findModel('standard')?.max_resolution.width).toBe(4096);
    const found = findModel('premium') as { max_resolution: { width: number } };
    expect(() => {
      found.max_resolution.width = 1;
    }).toThrow(TypeError);
  });
});
