import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../../support/test-app';

const ROOT = join(__dirname, '..', '..', '..');

/**
 * openapi-typescript loads ES modules that jest's CommonJS runtime cannot, so
 * the generator runs as the script a developer runs (from dist/: npm run build first).
 */
function generateFrom(baseUrl: string, caPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [join(ROOT, 'scripts', 'generate-client-types.js'), '--url', baseUrl, '--stdout'],
      { env: { PATH: process.env.PATH ?? '', RENDER_API_CA: caPath }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => (error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout)),
    );
  });
}

describe('generated client types', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  }, 60_000);
  afterAll(() => app?.close());

  it('match the OpenAPI document the service serves (regenerate with npm run generate:client)', async () => {
    const generated = await generateFrom(`${app.baseUrl}/v3`, app.certPath);
    expect(generated).toContain('"/v3/tasks/{task_id}/deliveries/{event_id}/redeliver"');
    expect(generated).toBe(readFileSync(join(ROOT, 'src', 'client', 'api-types.ts'), 'utf8'));
  });
});
