import { ApiProperty } from '@nestjs/swagger';
import { MODEL_IDS, type ModelId, OUTPUT_FORMATS, type OutputFormat } from '../common/spec-vocabulary';

/** Width and height in pixels: a model's limit here, a task's output in `tasks/task.response.ts`. */
export class ResolutionResponse {
  @ApiProperty({ type: 'integer' })
  width!: number;

  @ApiProperty({ type: 'integer' })
  height!: number;
}

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
