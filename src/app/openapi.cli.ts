import SwaggerParser from '@apidevtools/swagger-parser';
import { readFileSync } from 'node:fs';
import { nullableShapeProblems } from '../openapi/nullable-schema';
import { fetchDocument, servedDocument } from './served-document';

const USAGE = 'usage: npm run lint:openapi [-- --url <base>/v3]   (RENDER_API_CA names a PEM to trust)';

/**
 * `npm run lint:openapi`: checks the OpenAPI document this build serves (or a
 * running service's, with --url) with swagger-parser, then with the rule for
 * nullable schemas that OpenAPI 3.0 validators need (src/openapi/nullable-schema.ts).
 */
async function main(args: string[]): Promise<number> {
  if (args.length !== 0 && (args.length !== 2 || args[0] !== '--url')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const document = args.length === 2 ? await fetchDocument(args[1], caFromEnv()) : await servedDocument();
  const problems: string[] = [];
  // swagger-parser dereferences in place: give it a copy, the nullable rule reads the original.
  await SwaggerParser.validate(structuredClone(document) as never).catch((error: unknown) => problems.push(`swagger-parser: ${(error as Error).message}`));
  problems.push(...nullableShapeProblems(document));
  for (const problem of problems) process.stderr.write(`lint:openapi: ${problem}\n`);
  process.stdout.write(problems.length === 0 ? 'lint:openapi: ok\n' : `lint:openapi: FAILED (${problems.length} problem${problems.length === 1 ? '' : 's'})\n`);
  return problems.length === 0 ? 0 : 1;
}

function caFromEnv(): Buffer | undefined {
  return process.env.RENDER_API_CA ? readFileSync(process.env.RENDER_API_CA) : undefined;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`lint:openapi: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
