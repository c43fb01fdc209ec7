#!/usr/bin/env node
'use strict';
/**
 * Builds what the service runs, skipping every step whose inputs did not change:
 *   fonts   node scripts/prepare-fonts.js (font files into composition/public/fonts)
 *   tsc     TypeScript of src/ (and bench/) into dist/
 *   bundle  the Remotion composition into dist/remotion-bundle
 *   console the web console's browser code and static files into dist/console
 * Each step has its own content hash in dist/.build-stamp, removed when the
 * step starts and written back only after it succeeded, so editing an API
 * file never re-runs webpack and a failed bundle does not redo tsc.
 *
 *   node scripts/build.js [--terse] [--force]
 *     --terse  print nothing when everything is up to date (used by setup.sh)
 *     --force  rebuild every step
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { hashInputs } = require('./lib/input-hash');
const { importClosure } = require('./lib/import-closure');
const { acquireBuildLock } = require('./lib/build-lock');

const ROOT = path.resolve(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const STAMP_FILE = path.join(DIST, '.build-stamp');
const BUNDLE_DIR = path.join(DIST, 'remotion-bundle');
const PREPARE_FONTS = path.join(ROOT, 'scripts', 'prepare-fonts.js');
const BUNDLE_SCRIPT = path.join(ROOT, 'scripts', 'bundle-composition.js');
const CONSOLE_DIR = path.join(DIST, 'console');
const CONSOLE_WEB = path.join(ROOT, 'src', 'console', 'web');
const STUDIO_SAMPLES = path.join(ROOT, 'composition', 'samples');
/** Bump when this file changes what a step produces, to force one rebuild. */
const STAMP_VERSION = 1;
/** Kept when tsc's output is cleaned: everything else in dist/ is tsc's. */
const NOT_TSC_OUTPUT = /^(?:\.build-stamp|\.build-lock|remotion-bundle(?:\.tmp-.*)?|console)$/;

function exists(file) {
  return fs.existsSync(file);
}

function tsconfigFiles() {
  return fs.readdirSync(ROOT).filter((name) => /^tsconfig.*\.json$/.test(name));
}

function fontsStep() {
  return {
    name: 'fonts',
    available: exists(PREPARE_FONTS),
    // Font sources come from fonts/ and from npm and Debian packages (the lock).
    inputs: () => hashInputs(ROOT, ['fonts', 'scripts/prepare-fonts.js', 'package-lock.json'], { extra: [`v${STAMP_VERSION}`] }),
    outputPresent: () => exists(path.join(ROOT, 'composition', 'public', 'fonts')),
    run: () => runNode([PREPARE_FONTS]),
  };
}

function tscStep() {
  return {
    name: 'tsc',
    available: true,
    // fonts/ is in because src imports fonts/catalogue.json; unit specs are
    // excluded from the build, so editing one must not trigger it.
    inputs: () =>
      // test/parity and the render fixtures are compiled too: bench:parity runs them.
      hashInputs(ROOT, ['src', 'bench', 'fonts', 'test/parity', 'test/integration/render', 'package-lock.json', ...tsconfigFiles()], {
        // The console's browser code is the console step's (tsconfig.build.json leaves it out).
        exclude: ['src/console/web', 'src/console/logic'],
        ignore: (file) => /\.(int-|parity-)?spec\.tsx?$/.test(file),
        extra: [`v${STAMP_VERSION}`],
      }),
    outputPresent: () => exists(path.join(DIST, 'src')),
    run: () => {
      cleanTscOutput();
      return runNode([require.resolve('typescript/bin/tsc', { paths: [ROOT] }), '-p', path.join(ROOT, 'tsconfig.build.json')]);
    },
  };
}

function bundleStep(fontsHash) {
  return {
    name: 'bundle',
    available: exists(BUNDLE_SCRIPT),
    // The composition imports code from src/ (plan builder, subtitles, fonts);
    // its public/fonts is derived from the fonts step, whose hash stands in
    // for those megabytes.
    inputs: () =>
      hashInputs(ROOT, ['composition', 'fonts', 'package-lock.json', 'scripts/bundle-composition.js', ...importClosure(ROOT, ['composition/index.ts'])], {
        exclude: ['composition/public/fonts'],
        extra: [`v${STAMP_VERSION}`, `fonts:${fontsHash()}`],
      }),
    outputPresent: () => exists(path.join(BUNDLE_DIR, 'index.html')),
    run: async () => {
      const { bundleComposition } = require(BUNDLE_SCRIPT);
      await bundleComposition({ outDir: BUNDLE_DIR });
      return { ok: true, output: '' };
    },
  };
}

function consoleStep() {
  const tsconfig = path.join(CONSOLE_WEB, 'tsconfig.json');
  return {
    name: 'console',
    available: exists(tsconfig),
    // Its own tsconfig (DOM, ES modules), the static files, the API types and
    // event-stream parser it imports from src/client, and the Studio samples it offers.
    inputs: () =>
      hashInputs(ROOT, ['src/console/web', 'composition/samples', 'package-lock.json', ...importClosure(ROOT, ['src/console/web/main.ts'])], {
        ignore: (file) => /\.spec\.ts$/.test(file),
        extra: [`v${STAMP_VERSION}`],
      }),
    outputPresent: () => exists(path.join(CONSOLE_DIR, 'index.html')),
    run: () => {
      fs.rmSync(CONSOLE_DIR, { recursive: true, force: true });
      const compiled = runNode([require.resolve('typescript/bin/tsc', { paths: [ROOT] }), '-p', tsconfig]);
      if (!compiled.ok) return compiled;
      fs.cpSync(path.join(CONSOLE_WEB, 'static'), CONSOLE_DIR, { recursive: true });
      fs.writeFileSync(path.join(CONSOLE_DIR, 'samples.json'), JSON.stringify(studioSamples()));
      return compiled;
    },
  };
}

/** The Studio's sample timelines (composition/samples/*.json), named by file, for the console's "New task". */
function studioSamples() {
  return fs
    .readdirSync(STUDIO_SAMPLES)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name: name.replace(/\.json$/, ''), ...JSON.parse(fs.readFileSync(path.join(STUDIO_SAMPLES, name), 'utf8')) }));
}

/** Stale .js files of deleted sources would still load (e.g. through globs). */
function cleanTscOutput() {
  if (!exists(DIST)) return;
  for (const name of fs.readdirSync(DIST)) {
    if (!NOT_TSC_OUTPUT.test(name)) fs.rmSync(path.join(DIST, name), { recursive: true, force: true });
  }
}

/** Runs a Node script with output captured: shown only when it fails. */
function runNode(args) {
  const result = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}`;
  return { ok: result.status === 0, output, status: result.status ?? 1 };
}

function readStamp() {
  try {
    const stamp = JSON.parse(fs.readFileSync(STAMP_FILE, 'utf8'));
    return stamp && typeof stamp.steps === 'object' ? stamp : { steps: {} };
  } catch {
    return { steps: {} };
  }
}

function writeStamp(stamp) {
  const temp = `${STAMP_FILE}.${process.pid}`;
  fs.writeFileSync(temp, `${JSON.stringify(stamp, null, 1)}\n`);
  fs.renameSync(temp, STAMP_FILE);
}

function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** Steps to run, each with its input hash and why it must run. */
function plan(force) {
  const stamp = readStamp();
  const fonts = fontsStep();
  let fontsHash;
  const fontsHashOnce = () => (fontsHash ??= fonts.available ? fonts.inputs() : 'none');
  const steps = [fonts, tscStep(), bundleStep(fontsHashOnce), consoleStep()];
  const todo = [];
  for (const step of steps) {
    if (!step.available) continue;
    const hash = step.name === 'fonts' ? fontsHashOnce() : step.inputs();
    const previous = stamp.steps[step.name];
    let reason;
    if (force) reason = 'forced';
    else if (previous === undefined) reason = step.outputPresent() ? 'last build did not finish' : 'first build';
    else if (previous !== hash) reason = 'inputs changed';
    else if (!step.outputPresent()) reason = 'output missing';
    if (reason) todo.push({ step, hash, reason });
  }
  return { stamp, todo, skipped: steps.filter((step) => !step.available) };
}

async function runSteps(todo, stamp) {
  for (const { step, hash, reason } of todo) {
    const started = Date.now();
    // Forget the old hash first: a failed or interrupted step can leave
    // half-written output that must not pass for up to date later.
    delete stamp.steps[step.name];
    writeStamp(stamp);
    process.stdout.write(`build: ${step.name} (${reason}) ... `);
    let result;
    try {
      result = await step.run();
    } catch (error) {
      result = { ok: false, output: error && error.stack ? error.stack : String(error) };
    }
    if (!result.ok) {
      process.stdout.write('FAILED\n');
      process.stderr.write(`${result.output.trimEnd()}\nbuild: step "${step.name}" failed; fix the error above and run again.\n`);
      return false;
    }
    process.stdout.write(`${seconds(Date.now() - started)}\n`);
    stamp.steps[step.name] = hash;
    stamp.version = STAMP_VERSION;
    writeStamp(stamp);
  }
  return true;
}

async function main() {
  const args = new Set(process.argv.slice(2));
  const unknown = [...args].filter((arg) => arg !== '--terse' && arg !== '--force');
  if (unknown.length > 0) {
    process.stderr.write(`build: unknown option(s) ${unknown.join(' ')}; usage: node scripts/build.js [--terse] [--force]\n`);
    return 1;
  }
  const started = Date.now();
  const { todo, skipped } = plan(args.has('--force'));
  for (const step of skipped) {
    process.stdout.write(`build: ${step.name} skipped: its script is not there yet\n`);
  }
  if (todo.length === 0) {
    if (!args.has('--terse')) process.stdout.write(`build: up to date (${seconds(Date.now() - started)})\n`);
    return 0;
  }
  const release = await acquireBuildLock(DIST, (owner) => process.stdout.write(`build: waiting for another build (pid ${owner}) ...\n`));
  try {
    // Another build may have finished while we waited: plan again.
    const fresh = plan(args.has('--force'));
    if (fresh.todo.length === 0) return 0;
    const ok = await runSteps(fresh.todo, fresh.stamp);
    if (ok) process.stdout.write(`build: done (${seconds(Date.now() - started)})\n`);
    return ok ? 0 : 1;
  } finally {
    release();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`build: ${error && error.stack ? error.stack : error}\n`);
    process.exitCode = 1;
  },
);
