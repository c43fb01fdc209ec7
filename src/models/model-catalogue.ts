import type { ModelId, OutputFormat } from '../common/spec-vocabulary';

/** A rendering model as GET /v3/models returns it (spec "Model record"). */
export interface ModelRecord {
  id: ModelId;
  name: string;
  description: string;
  max_resolution: { width: number; height: number };
  max_duration_seconds: number;
  supported_formats: OutputFormat[];
  pricing_tier: 'standard' | 'premium';
}

export const DEFAULT_MODEL_ID: ModelId = 'standard';

/** The spec's two models; the single source for the listing and for the limits checked on create. */
export const MODELS: readonly Readonly<ModelRecord>[] = Object.freeze([
  frozen({
    id: 'standard',
    name: 'Standard',
    description: 'Up to 4096x2160 (4K DCI) and one hour, in MP4, MOV or WebM.',
    max_resolution: { width: 4096, height: 2160 },
    max_duration_seconds: 3600,
    supported_formats: ['mp4', 'mov', 'webm'],
    pricing_tier: 'standard',
  }),
  frozen({
    id: 'premium',
    name: 'Premium',
    description: 'Up to 7680x4320 (8K) and two hours, in MP4, MOV, WebM or ProRes.',
    max_resolution: { width: 7680, height: 4320 },
    max_duration_seconds: 7200,
    supported_formats: ['mp4', 'mov', 'webm', 'prores'],
    pricing_tier: 'premium',
  }),
]);

function frozen(model: ModelRecord): Readonly<ModelRecord> {
  Object.freeze(model.max_resolution);
  Object.freeze(model.supported_formats);
  return Object.freeze(model);
}

export function findModel(id: string): Readonly<ModelRecord> | undefined {
  return MODELS.find((model) => model.id === id);
}

/** A deep copy for answers, so no caller can alter the catalogue through a response object. */
export function listModels(): ModelRecord[] {
  return MODELS.map((model) => ({
    ...model,
    max_resolution: { ...model.max_resolution },
    supported_formats: [...model.supported_formats],
  }));
}
