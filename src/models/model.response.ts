import { ApiProperty } from '@nestjs/swagger';
import { MODEL_IDS, OUTPUT_FORMATS } from '../../tasks/dto/input-values';
import type { ModelId, OutputFormat } from '../../tasks/task-input.types';
import { ResolutionResponse } from './task.response';

/** A rendering model (spec "Model record", src/models/model-catalogue.ts). */
export class ModelRecordResponse {
  @ApiProperty({ enum: MODEL_IDS, enumName: 'ModelId' })
  id!: ModelId;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  description!: string;

  @ApiProperty({ type: ResolutionResponse })
  max_resolution!: ResolutionResponse;

  @ApiProperty({ type: 'integer' })
  max_duration_seconds!: number;

  @ApiProperty({ enum: OUTPUT_FORMATS, enumName: 'OutputFormat', isArray: true })
  supported_formats!: OutputFormat[];

  @ApiProperty({ enum: ['standard', 'premium'], enumName: 'PricingTier' })
  pricing_tier!: 'standard' | 'premium';
}

/** GET /v3/models → 200. */
export class ModelListResponse {
  @ApiProperty({ type: [ModelRecordResponse] })
  models!: ModelRecordResponse[];
}
