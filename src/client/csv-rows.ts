import type { BatchResults, TemplateRecord } from './api-models';

/**
 * A CSV of merge values as `render-cli batch` and the console read it: the
 * header names template fields, each further record is one task's values.
 * No Node APIs here: the console's browser code imports this file too.
 */

type FieldTypes = Readonly<Record<string, { type: TemplateRecord['fields'][string]['type'] }>>;

const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

/** The header's columns that are no field of the template (empty when every column is one). */
export function unknownColumns(header: readonly string[], fields: FieldTypes): string[] {
  return header.filter((column) => !Object.hasOwn(fields, column));
}

/**
 * A record's merge values: empty cells left out (the field's default applies),
 * a number field's numeral as a number (anything else is sent as written, so
 * the service names the field that is not a number).
 */
export function mergeOfRow(fields: FieldTypes, header: readonly string[], record: readonly string[]): Record<string, string | number> {
  const merge: Record<string, string | number> = {};
  header.forEach((field, i) => {
    const cell = record[i] ?? '';
    if (cell === '') return;
    merge[field] = fields[field].type === 'number' && NUMBER.test(cell) ? Number(cell) : cell;
  });
  return merge;
}

/** What a refused batch item's row says: its code and first problem (`VALIDATION_ERROR merge.price: must be a finite number`). */
export function refusalText(error: BatchResults['results'][number]['error']): string {
  if (!error) return 'REFUSED';
  const first = Array.isArray(error.details) ? (error.details[0] as { field?: string; issue?: string } | undefined) : undefined;
  return first?.field ? `${error.code} ${first.field}: ${first.issue}` : `${error.code}: ${error.message}`;
}
