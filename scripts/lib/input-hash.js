'use strict';
/**
 * Content hashes of build inputs, so a build step re-runs exactly when one of
 * its inputs changed (mtimes are useless after a fresh clone or checkout).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist']);

/**
 * Files under `entry` (a file or folder, relative to root), skipping excluded
 * prefixes and files for which `ignore` returns true.
 */
function listFiles(root, entry, excluded, ignore = () => false) {
  const absolute = path.join(root, entry);
  if (excluded.some((prefix) => entry === prefix || entry.startsWith(`${prefix}/`))) return [];
  let stat;
  try {
    stat = fs.statSync(absolute);
  } catch {
    return [];
  }
  if (stat.isFile()) return ignore(entry) ? [] : [entry];
  if (!stat.isDirectory() || SKIPPED_DIRS.has(path.basename(entry))) return [];
  return fs.readdirSync(absolute).flatMap((name) => listFiles(root, entry === '.' ? name : `${entry}/${name}`, excluded, ignore));
}

/**
 * sha256 over the sorted relative paths and contents of every file reached
 * from `entries`; `extra` strings (e.g. a step's version) are mixed in too.
 */
function hashInputs(root, entries, { exclude = [], ignore, extra = [] } = {}) {
  const files = [...new Set(entries.flatMap((entry) => listFiles(root, entry, exclude, ignore)))].sort();
  const hash = crypto.createHash('sha256');
  for (const value of extra) hash.update(`extra:${value}\0`);
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

module.exports = { hashInputs };
