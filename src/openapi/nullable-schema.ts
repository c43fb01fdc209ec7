import type { Type } from '@nestjs/common';
import { getSchemaPath, type ApiPropertyOptions, type SchemaObject } from '@nestjs/swagger';

/*
 * The document is OpenAPI 3.0, where `nullable: true` only widens the `type`
 * written beside it (3.0.3 clarification). Beside an `allOf: [{ $ref }]` it
 * widens nothing: the referenced object schema still refuses null, and
 * validators (Prism, ajv) reject the null the service sends. Hence a nullable
 * object is "one of: the object, or null", and a nullable enum lists null.
 * docs/api.md ("The OpenAPI document") records the decision.
 */

/** Matches null and nothing else (3.0 has no `type: 'null'`). */
export const NULL_VALUE: SchemaObject = { type: 'string', nullable: true, enum: [null] };

/**
 * `@ApiProperty(nullableRef(Model))` for a property holding a Model or null.
 * The model is referenced, not explored: list it in the controller's
 * `@ApiExtraModels` (the OpenAPI lint fails on a dangling reference).
 */
export function nullableRef(model: Type<unknown>, options: Pick<ApiPropertyOptions, 'description'> = {}): ApiPropertyOptions {
  // `type: Object` keeps Nest from reflecting the property's class and adding an `allOf` beside the `oneOf`.
  return { ...options, type: Object, oneOf: [{ $ref: getSchemaPath(model) }, NULL_VALUE] };
}

/** `@ApiProperty(nullableEnum(VALUES))` for a string that is one of VALUES or null. */
export function nullableEnum(values: readonly string[], options: Pick<ApiPropertyOptions, 'description'> = {}): ApiPropertyOptions {
  return { ...options, type: 'string', nullable: true, enum: [...values, null] };
}

/**
 * Where a document breaks the rule above: `nullable` without a `type` beside
 * it, beside a `$ref` or a combinator (it widens nothing there), or beside an
 * enum that does not list null. Paths are JSON pointers into the document.
 */
export function nullableShapeProblems(document: object): string[] {
  const problems: string[] = [];
  const visit = (node: unknown, at: string): void => {
    if (node === null || typeof node !== 'object') return;
    const schema = node as Record<string, unknown>;
    if (schema.nullable === true) {
      if (typeof schema.type !== 'string') problems.push(`${at}: nullable without a type beside it`);
      const beside = ['$ref', 'allOf', 'oneOf', 'anyOf'].filter((key) => key in schema);
      if (beside.length > 0) problems.push(`${at}: nullable beside ${beside.join(', ')}, where it widens nothing (use nullableRef)`);
      if (Array.isArray(schema.enum) && !schema.enum.includes(null)) problems.push(`${at}: nullable enum that does not list null (use nullableEnum)`);
    }
    for (const [key, value] of Object.entries(schema)) visit(value, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  };
  visit(document, '#');
  return problems;
}
