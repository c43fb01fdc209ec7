import openapiTS, { astToString } from 'openapi-typescript';

const HEADER = [
  '/**',
  " * Generated from the service's OpenAPI document (/v3/openapi.json) by",
  ' * `npm run generate:client` (scripts/generate-client-types.js). Do not edit:',
  ' * test/e2e/client/client-types.e2e-spec.ts fails when this file and the served document disagree.',
  ' */',
  '',
].join('\n');

/**
 * The client's types for an OpenAPI document. Defaults do not make a request
 * field required (the API fills them in), hence `defaultNonNullable: false`.
 */
export async function generateClientTypes(document: object): Promise<string> {
  const ast = await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0], { defaultNonNullable: false });
  return `${HEADER}${astToString(ast)}`;
}
