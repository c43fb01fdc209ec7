import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/app-config';
import { createApiApp } from './api-app';
import { composeApi } from './compose-api';
import { buildServices, createRuntime } from './composition-root';
import { createLogger } from './logger';

/** GET <base>/openapi.json of a running service (`base` is its /v3 URL; `ca` a PEM to trust). */
export function fetchDocument(base: string, ca?: Buffer): Promise<object> {
  const url = new URL(`${base.replace(/\/+$/, '')}/openapi.json`);
  const send = url.protocol === 'http:' ? httpRequest : httpsRequest;
  return new Promise((resolve, reject) => {
    send(url, { ca }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode !== 200) reject(new Error(`${url.href} answered ${res.statusCode}: ${text.slice(0, 300)}`));
        else resolve(JSON.parse(text) as object);
      });
    })
      .on('error', reject)
      .end();
  });
}

/**
 * The document this build serves, read from itself: an API-role app (no
 * worker, no browser) with a throw-away data directory, on a free loopback
 * port for one request. Used by `npm run lint:openapi` and `npm run generate:client`.
 */
export async function servedDocument(env: NodeJS.ProcessEnv = process.env): Promise<object> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rs-openapi-'));
  const config = loadConfig({ ...env, ROLE: 'api', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' });
  const runtime = await createRuntime(config, createLogger(config));
  try {
    const services = buildServices(runtime);
    const api = await createApiApp(runtime, services, composeApi(runtime, services), []);
    try {
      await api.app.listen(0, '127.0.0.1');
      const { port } = api.app.getHttpServer().address() as AddressInfo;
      return await fetchDocument(`${api.tls ? 'https' : 'http'}://127.0.0.1:${port}/v3`, api.tls?.cert);
    } finally {
      await api.app.close();
    }
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
