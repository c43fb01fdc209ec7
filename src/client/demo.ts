import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { projectRoot } from '../common/project-root';
import { main } from './cli';
import { demoTaskBody } from './demo-timeline';
import { startStaticServer } from './static-server';

/**
 * `npm run demo`: with the service running (`npm start`), renders the demo
 * timeline through the CLI with its progress bar. The media are served from
 * composition/public/samples on 127.0.0.1, so the service must allow-list
 * that address (NETWORK_ALLOWLIST=127.0.0.1), as its SSRF guard refuses
 * loopback otherwise.
 */
async function demo(): Promise<number> {
  const root = projectRoot(__dirname);
  const dataDir = resolve(root, process.env.DATA_DIR ?? 'data');
  const url = process.env.RENDER_API_URL ?? 'https://localhost:8443/v3';
  const defaultCa = join(dataDir, 'tls', 'localhost.crt');
  const ca = process.env.RENDER_API_CA ?? (existsSync(defaultCa) ? defaultCa : undefined);
  const key = process.env.RENDER_API_KEY ?? issueDemoKey(root);
  if (!key) return 1;
  const media = await startStaticServer(join(root, 'composition', 'public', 'samples'));
  try {
    const bodyPath = join(mkdtempSync(join(tmpdir(), 'render-demo-')), 'timeline.json');
    writeFileSync(bodyPath, JSON.stringify(demoTaskBody(media.baseUrl), null, 2));
    const outDir = join(dataDir, 'demo-output');
    process.stdout.write(`demo: rendering ${bodyPath} (media from ${media.baseUrl}) on ${url}\n`);
    const code = await main(['render', bodyPath, '--wait', '--out', outDir, '--url', url, '--api-key', key, ...(ca ? ['--ca', ca] : [])]);
    if (code === 0) process.stdout.write(`demo: done; the files above are in ${outDir}\n`);
    else process.stderr.write('demo: if the error is MEDIA_DOWNLOAD_FAILED, start the service with NETWORK_ALLOWLIST=127.0.0.1 npm start\n');
    return code;
  } finally {
    await media.close();
  }
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
