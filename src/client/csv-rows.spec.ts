import { mergeOfRow, refusalText, unknownColumns } from './csv-rows';

const fields = { title: { type: 'string' }, price: { type: 'number' }, photo: { type: 'url' } } as const;

describe('CSV rows of merge values', () => {
  it('names the columns that are no field', () => {
    expect(unknownColumns(['title', 'colour', 'price', 'size'], fields)).toEqual(['colour', 'size']);
    expect(unknownColumns(['photo', 'title'], fields)).toEqual([]);
  });

  it("leaves empty cells out, turns a number field's numeral into a number and keeps anything else as written", () => {
    expect(mergeOfRow(fields, ['title', 'price', 'photo'], ['Flat 1', '-1.5e2', ''])).toEqual({ title: 'Flat 1', price: -150 });
    expect(mergeOfRow(fields, ['price', 'title'], ['two', '42'])).toEqual({ price: 'two', title: '42' });
    expect(mergeOfRow(fields, ['title', 'price'], ['Short row'])).toEqual({ title: 'Short row' });
  });

  it('describes a refused item by its code and first problem, or its message', () => {
    const validation = {
      code: 'VALIDATION_ERROR' as const,
      message: 'The merge object is invalid: 1 problem',
      request_id: 'req_1',
      details: [{ field: 'merge.price', issue: 'must be a finite number', provided_value: 'two' }],
    };
    expect(refusalText(validation)).toBe('VALIDATION_ERROR merge.price: must be a finite number');
    expect(refusalText({ code: 'QUOTA_EXCEEDED', message: 'Monthly renders used', request_id: 'req_2' })).toBe('QUOTA_EXCEEDED: Monthly renders used');
    expect(refusalText(undefined)).toBe('REFUSED');
  });
});
