'use strict';
/**
 * Exits 0 when node_modules already holds exactly what package-lock.json asks
 * for, 1 otherwise. Lets setup adopt a tree installed by hand (`npm install`)
 * instead of wiping it with `npm ci`.
 *
 * npm records what it installed in node_modules/.package-lock.json; we compare
 * its package versions with the lock file and check every folder exists.
 * Optional packages may be absent, except platform binaries meant for this
 * machine (Remotion's compositor with its ffmpeg, esbuild's binary): those
 * are what the app needs, and npm only skips them for other platforms.
 *
 *   node scripts/lib/lock-match.js [rootDir]
 */
const fs = require('node:fs');
const path = require('node:path');

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** npm's os/cpu/libc fields: plain names allow, "!name" forbids. */
function allows(list, actual) {
  if (!Array.isArray(list) || list.length === 0 || actual === undefined) return true;
  if (list.includes(`!${actual}`)) return false;
  const positive = list.filter((entry) => !entry.startsWith('!'));
  return positive.length === 0 || positive.includes(actual);
}

function currentLibc() {
  if (process.platform !== 'linux') return undefined;
  const header = process.report.getReport().header;
  return header.glibcVersionRuntime ? 'glibc' : 'musl';
}

function neededHere(meta, libc) {
  if (!meta.optional) return true;
  const platformSpecific = Boolean(meta.os || meta.cpu || meta.libc);
  return platformSpecific && allows(meta.os, process.platform) && allows(meta.cpu, process.arch) && allows(meta.libc, libc);
}

/** Returns the first difference found, or undefined when the tree matches. */
function findMismatch(root) {
  const lock = readJson(path.join(root, 'package-lock.json'));
  const installed = readJson(path.join(root, 'node_modules', '.package-lock.json'));
  if (!lock || !lock.packages) return 'package-lock.json is missing or has no "packages" (lockfileVersion >= 2 needed)';
  if (!installed || !installed.packages) return 'node_modules/.package-lock.json is missing';
  const libc = currentLibc();
  for (const [key, meta] of Object.entries(lock.packages)) {
    if (key === '' || meta.link) continue;
    const got = installed.packages[key];
    if (!got) {
      if (!neededHere(meta, libc)) continue;
      return `${key} is not installed`;
    }
    if (got.version !== meta.version) return `${key} is ${got.version}, the lock wants ${meta.version}`;
    if (!fs.existsSync(path.join(root, key, 'package.json'))) return `${key}/package.json is missing`;
  }
  for (const key of Object.keys(installed.packages)) {
    if (key !== '' && !(key in lock.packages)) return `${key} is installed but not in the lock file`;
  }
  return undefined;
}

module.exports = { findMismatch };

if (require.main === module) {
  const mismatch = findMismatch(path.resolve(process.argv[2] ?? path.join(__dirname, '..', '..')));
  if (mismatch) {
    process.stdout.write(`${mismatch}\n`);
    process.exit(1);
  }
}
