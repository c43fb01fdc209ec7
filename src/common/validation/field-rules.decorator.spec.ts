import { NumberField, PlainOrObjectField, RefusedField } from './field-rules.decorator';
import { inspectDto } from './validate-body';

class RangeDto {
  @NumberField({ min: 0 })
  from!: number;

  @NumberField({ min: 0 })
  to!: number;
}

class SampleDto {
  @PlainOrObjectField(
    (value) => typeof value === 'number',
    () => RangeDto,
    (value) => (typeof value === 'string' ? 'must not be a string' : 'must be a number or a range'),
  )
  span!: number | RangeDto;

  @RefusedField('must not be given; use span')
  length?: never;
}

const problems = (raw: unknown) => inspectDto(SampleDto, raw).issues;

describe('PlainOrObjectField', () => {
  it('accepts the plain value and a valid object, the object as an instance of its class', () => {
    expect(problems({ span: 3 })).toEqual([]);
    const { value, issues } = inspectDto(SampleDto, { span: { from: 1, to: 2 } });
    expect(issues).toEqual([]);
    expect(value.span).toBeInstanceOf(RangeDto);
  });

  it("reports an object's problems at their own paths, one per field", () => {
    expect(problems({ span: { from: -1, extra: true } })).toEqual([
      { field: 'span.extra', issue: 'is not an accepted field', provided_value: true },
      { field: 'span.from', issue: 'must be a number of at least 0', provided_value: -1 },
      { field: 'span.to', issue: 'is required', provided_value: null },
    ]);
  });

  it('describes a value of neither kind with the sentence for that value, and an absent one as required', () => {
    expect(problems({ span: 'x' })).toEqual([{ field: 'span', issue: 'must not be a string', provided_value: 'x' }]);
    expect(problems({ span: [1] })).toEqual([{ field: 'span', issue: 'must be a number or a range', provided_value: [1] }]);
    expect(problems({})).toEqual([{ field: 'span', issue: 'is required', provided_value: null }]);
  });
});

describe('RefusedField', () => {
  it('refuses the key with its reason, whatever its value, and lets its absence pass', () => {
    expect(problems({ span: 1, length: 5 })).toEqual([{ field: 'length', issue: 'must not be given; use span', provided_value: 5 }]);
    expect(problems({ span: 1, length: null })).toEqual([{ field: 'length', issue: 'must not be given; use span', provided_value: null }]);
  });
});
