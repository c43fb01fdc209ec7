/**
 * Words of the API spec that every layer uses (configuration, the model
 * catalogue, prices, tasks, their OpenAPI schemas): defined once here, at the
 * bottom, so none of those layers has to import another for a type or its values.
 */
export const OUTPUT_FORMATS = ['mp4', 'mov', 'webm', 'prores'] as const;
export const OUTPUT_QUALITIES = ['draft', 'standard', 'high', 'premium'] as const;
export const PRIORITIES = ['low', 'standard', 'high', 'urgent'] as const;
export const MODEL_IDS = ['standard', 'premium'] as const;

export type OutputFormat = (typeof OUTPUT_FORMATS)[number];
export type OutputQuality = (typeof OUTPUT_QUALITIES)[number];
export type Priority = (typeof PRIORITIES)[number];
export type ModelId = (typeof MODEL_IDS)[number];
