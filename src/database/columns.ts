import type { ValueTransformer } from 'typeorm';

/**
 * Column helpers whose types mean the same on SQLite and PostgreSQL. Times are
 * epoch milliseconds in a bigint (PostgreSQL returns bigint as a string, hence
 * `asNumber`, also for PostgreSQL's numeric doubles); structured values are JSON text.
 */
export const asNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null || value === undefined ? null : Number(value)),
};

export function jsonText<T>(): ValueTransformer {
  return {
    to: (value: T | null | undefined) => (value === null || value === undefined ? null : JSON.stringify(value)),
    from: (value: string | null) => (value === null ? null : (JSON.parse(value) as T)),
  };
}
