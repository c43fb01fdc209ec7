'use strict';
/**
 * `npm ci` refuses a lock file that leaves out any package a locked package
 * depends on, optional platform builds included (npm drops those it cannot
 * find on the registry it runs against when it writes the lock). Setup relies
 * on `npm ci`, so the lock must stay complete.
 */
const fs = require('node:fs');
const path = require('node:path');

const lock = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '..', 'package-lock.json'), 'utf8'));

/** Where Node would find `name` from the package at `key` (`''` is the project), or undefined. */
function resolvedKey(key, name) {
  let dir = key;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf('/node_modules/');
    dir = parent < 0 ? '' : dir.slice(0, parent);
  }
}

function unlisted() {
  const missing = [];
  for (const [key, meta] of Object.entries(lock.packages)) {
    if (meta.link) continue;
    const wanted = { ...meta.dependencies, ...meta.optionalDependencies, ...(key === '' ? meta.devDependencies : {}) };
    for (const name of Object.keys(wanted)) {
      if (!resolvedKey(key, name)) missing.push(`${name} (wanted by ${key || 'the project'})`);
    }
  }
  return missing;
}

describe('package-lock.json', () => {
  it('lists every package a locked package depends on, optional platform builds included, so npm ci accepts it', () => {
    expect(unlisted()).toEqual([]);
  });

  it('notices a dependency the lock leaves out', () => {
    const entry = 'node_modules/@remotion/compositor-win32-x64-msvc';
    const saved = lock.packages[entry];
    expect(saved).toBeDefined();
    delete lock.packages[entry];
    try {
      expect(unlisted()).toContain('@remotion/compositor-win32-x64-msvc (wanted by node_modules/@remotion/renderer)');
    } finally {
      lock.packages[entry] = saved;
    }
  });
});
