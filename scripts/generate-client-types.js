#!/usr/bin/env node
'use strict';
/**
 * Regenerates src/client/api-types.ts from the service's OpenAPI document.
 *
 *   node scripts/generate-client-types.js            boot the API in-process (from dist/) and read its document
 *   node scripts/generate-client-types.js --url URL  read URL/openapi.json of a running service (URL = the /v3 base;
 *                                                    RENDER_API_CA names a PEM to trust)
 *   --check                                          write nothing; exit 1 when the committed file is stale
 *   --stdout                                         print the generated file instead of writing it
 * Run `npm run build` first: the generator and the in-process app come from dist/.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const TARGET = path.join(ROOT, 'src', 'client', 'api-types.ts');
const dist = (...parts) => require(path.join(ROOT, 'dist', 'src', ...parts));

function parseArgs(argv) {
  const options = { url: null, check: false, stdout: false };
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--url' && argv[i + 1]) options.url = argv[(i += 1)];
    else if (argv[i] === '--check') options.check = true;
    else if (argv[i] === '--stdout') options.stdout = true;
    else throw new Error(`unknown argument ${argv[i]}; usage: generate-client-types.js [--url <base>/v3] [--check | --stdout]`);
  }
  return options;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const { fetchDocument, servedDocument } = dist('app', 'served-document');
  const ca = process.env.RENDER_API_CA ? fs.readFileSync(process.env.RENDER_API_CA) : undefined;
  const document = options.url ? await fetchDocument(options.url, ca) : await servedDocument();
  const { generateClientTypes } = dist('client', 'client-types.generator');
  const generated = await generateClientTypes(document);
  if (options.stdout) {
    // Wait for the pipe to take it all: process.exit below would cut off a write still queued.
    await new Promise((resolve, reject) => process.stdout.write(generated, (error) => (error ? reject(error) : resolve())));
    return 0;
  }
  const current = fs.existsSync(TARGET) ? fs.readFileSync(TARGET, 'utf8') : '';
  if (options.check) {
    if (current !== generated) {
      process.stderr.write('generate:client: src/client/api-types.ts is stale; run npm run generate:client\n');
      return 1;
    }
    process.stdout.write('generate:client: src/client/api-types.ts is up to date\n');
    return 0;
  }
  fs.writeFileSync(TARGET, generated);
  process.stdout.write(`generate:client: wrote ${path.relative(ROOT, TARGET)} (${current === generated ? 'unchanged' : 'changed'})\n`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`generate:client: ${error && error.message ? error.message : error}\n`);
    process.exit(1);
  },
);
