'use strict';
/**
 * Bundles the Remotion composition once, at build time, into dist/remotion-bundle
 * (the `serveUrl` of every render). Never call this while serving requests:
 * webpack is slow and bundle() changes the process's working directory while
 * it runs.
 *
 *   node scripts/bundle-composition.js [outDir]
 */
const { promises: fs } = require('node:fs');
const path = require('node:path');
const { bundle } = require('@remotion/bundler');

const ROOT = path.resolve(__dirname, '..');
const DEFAULT_OUT_DIR = path.join(ROOT, 'dist', 'remotion-bundle');

/**
 * Builds into a sibling temp dir and renames it into place, so a reader never
 * sees a half-written bundle and two concurrent builds cannot interleave files.
 */
async function bundleComposition({ outDir = DEFAULT_OUT_DIR, onProgress } = {}) {
  const target = path.resolve(outDir);
  const staging = `${target}.tmp-${process.pid}-${Date.now()}`;
  await fs.mkdir(path.dirname(target), { recursive: true });
  try {
    await bundle({
      entryPoint: path.join(ROOT, 'composition', 'index.ts'),
      rootDir: ROOT,
      publicDir: path.join(ROOT, 'composition', 'public'),
      outDir: staging,
      enableCaching: true,
      gitSource: null,
      onProgress: onProgress ?? (() => undefined),
    });
    await fs.rm(target, { recursive: true, force: true });
    await fs.rename(staging, target);
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
  return target;
}

module.exports = { bundleComposition, DEFAULT_OUT_DIR };

if (require.main === module) {
  const started = Date.now();
  let lastShown = -10;
  bundleComposition({
    outDir: process.argv[2] ?? DEFAULT_OUT_DIR,
    onProgress: (p) => {
      if (p - lastShown >= 10 || p === 100) {
        lastShown = p;
        process.stdout.write(`bundling composition: ${Math.round(p)}%\n`);
      }
    },
  }).then(
    (dir) => process.stdout.write(`composition bundled into ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`),
    (err) => {
      process.stderr.write(`bundling the composition failed: ${err && err.stack ? err.stack : err}\n`);
      process.exit(1);
    },
  );
}
