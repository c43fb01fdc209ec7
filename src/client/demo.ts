import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { projectRoot } from '../common/project-root';
import { main } from './cli';
import { demoTaskBody } from './demo-timeline';

/**
 * `npm run demo`: with the service running (`npm start`, no variables needed),
 * renders the demo timeline through the CLI with its progress bar. The media
 * are the service's own samples (`<service>/samples/<name>`, read from disk by
 * its workers), so nothing has to be served or allow-listed.
 */
async function demo(): Promise<number> {
  const root = projectRoot(__dirname);
  const dataDir = resolve(root, process.env.DATA_DIR ?? 'data');
  const url = process.env.RENDER_API_URL ?? 'https://localhost:8443/v3';
  const defaultCa = join(dataDir, 'tls', 'localhost.crt');
  const ca = process.env.RENDER_API_CA ?? (existsSync(defaultCa) ? defaultCa : undefined);
  const key = process.env.RENDER_API_KEY ?? issueDemoKey(root);
  if (!key) return 1;
  // The samples live under the service's public base URL, which is the API's without /v3.
  const serviceBase = url.replace(/\/v3\/?$/, '');
  const bodyPath = join(mkdtempSync(join(tmpdir(), 'render-demo-')), 'timeline.json');
  writeFileSync(bodyPath, JSON.stringify(demoTaskBody(serviceBase), null, 2));
  const outDir = join(dataDir, 'demo-output');
  process.stdout.write(`demo: rendering ${bodyPath} (the service's sample media) on ${url}\n`);
  const code = await main(['render', bodyPath, '--wait', '--out', outDir, '--url', url, '--api-key', key, ...(ca ? ['--ca', ca] : [])]);
  if (code === 0) process.stdout.write(`demo: done; the files above are in ${outDir}\n`);
  else
    process.stderr.write(
      `demo: if the sample URLs were refused (VALIDATION_ERROR on media_url), RENDER_API_URL must start with the service's PUBLIC_BASE_URL (GET ${url}/samples lists them)\n`,
    );
  return code;
}

/** A key of a "demo" account from the key CLI, against the same data dir as `npm start`. */
function issueDemoKey(root: string): string | null {
  const result = spawnSync(process.execPath, [join(root, 'dist', 'src', 'auth', 'keys.cli.js'), 'create', '--account', 'demo', '--tier', 'pro', '--json'], {
    cwd: root,
    encoding: 'utf8',
  });
  try {
    return (JSON.parse(result.stdout) as { key: string }).key;
  } catch {
    process.stderr.write(`demo: could not create an API key (set RENDER_API_KEY instead): ${(result.stderr || result.stdout).trim()}\n`);
    return null;
  }
}

demo().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`demo: error: ${(error as Error).message}\n`);
    process.exitCode = 1;
  },
);
