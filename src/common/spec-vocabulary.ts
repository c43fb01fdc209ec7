/**
 * Words of the API spec that every layer uses (configuration, the model
 * catalogue, prices, tasks): defined once here, at the bottom, so none of
 * those layers has to import another for a type.
 */
export type OutputFormat = 'mp4' | 'mov' | 'webm' | 'prores';
export type OutputQuality = 'draft' | 'standard' | 'high' | 'premium';
export type Priority = 'low' | 'standard' | 'high' | 'urgent';
export type ModelId = 'standard' | 'premium';
