import { thrownField } from './thrown-field';

describe('thrownField', () => {
  it('reads string and number properties of a thrown object', () => {
    expect(thrownField(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }), 'code')).toBe('ECONNREFUSED');
    expect(thrownField(new Error('refused'), 'message')).toBe('refused');
    expect(thrownField({ code: 57 }, 'code')).toBe('57');
  });

  it('gives an empty string for anything else', () => {
    expect(thrownField({ code: { nested: true } }, 'code')).toBe('');
    expect(thrownField({}, 'code')).toBe('');
    expect(thrownField('a string', 'length')).toBe('');
    expect(thrownField(null, 'code')).toBe('');
    expect(thrownField(undefined, 'code')).toBe('');
  });
});
