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
const os = require('node:os');
const path = require('node:path');
const https = require('node:https');

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

function fetchDocument(base) {
  const ca = process.env.RENDER_API_CA ? fs.readFileSync(process.env.RENDER_API_CA) : undefined;
  return getJson(new URL(`${base.replace(/\/+$/, '')}/openapi.json`), ca);
}

function getJson(url, ca) {
  return new Promise((resolve, reject) => {
    https
      .get(url, { ca }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) return reject(new Error(`${url} answered ${res.statusCode}: ${text.slice(0, 300)}`));
          resolve(JSON.parse(text));
        });
      })
      .on('error', reject);
  });
}

/** The document the API app builds, without starting a worker: it listens on a free loopback port for one request. */
async function inProcessDocument() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rs-openapi-'));
  const { loadConfig } = dist('config', 'app-config');
  const { createLogger } = dist('app', 'logger');
  const { createRuntime } = dist('app', 'runtime');
  const { buildServices } = dist('app', 'services');
  const { createApiApp } = dist('app', 'api-app');
  const config = loadConfig({ ...process.env, ROLE: 'api', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' });
  const runtime = await createRuntime(config, createLogger(config));
  try {
    const api = await createApiApp(runtime, buildServices(runtime), []);
    try {
      await api.app.listen(0, '127.0.0.1');
      const { port } = api.app.getHttpServer().address();
      return await getJson(new URL(`https://127.0.0.1:${port}/v3/openapi.json`), api.tls ? api.tls.cert : undefined);
    } finally {
      await api.app.close();
    }
  } finally {
    await runtime.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const document = options.url ? await fetchDocument(options.url) : await inProcessDocument();
  const { generateClientTypes } = dist('client', 'client-types.generator');
  const generated = await generateClientTypes(document);
  if (options.stdout) {
    process.stdout.write(generated);
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
