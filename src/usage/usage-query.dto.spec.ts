import { Controller, Get, Query } from '@nestjs/common';
import { documentOf, parametersOf } from '../../test/support/dto-document';
import { ApiError } from '../common/api-error';
import { UsageQueryDto, validateUsageQuery } from './usage-query.dto';

describe('validateUsageQuery', () => {
  it('defaults to current_month and accepts every period', () => {
    expect(validateUsageQuery({})).toBe('current_month');
    for (const period of ['current_month', 'last_month', 'current_week', 'last_week', 'today', 'yesterday']) {
      expect(validateUsageQuery({ period })).toBe(period);
    }
  });

  it('refuses an unknown period, naming the field and the periods it takes', () => {
    let refusal: unknown;
    try {
      validateUsageQuery({ period: 'last_year' });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      code: 'VALIDATION_ERROR',
      options: { details: [expect.objectContaining({ field: 'period', issue: expect.stringContaining('current_week') })] },
    });
  });
});

@Controller('v3')
class DocumentedController {
  @Get('usage')
  usage(@Query() query: UsageQueryDto) {
    return query;
  }
}

describe('UsageQueryDto in OpenAPI', () => {
  it('documents the period parameter with its default', async () => {
    const usage = parametersOf(await documentOf(DocumentedController), '/v3/usage');
    expect(usage).toEqual([expect.objectContaining({ name: 'period', required: false, schema: expect.objectContaining({ default: 'current_month' }) })]);
  });
});
