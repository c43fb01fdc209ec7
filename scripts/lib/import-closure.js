'use strict';
/**
 * The project files reachable through relative imports from some entry files.
 * The Remotion bundle pulls code from src/ (the render plan builder, subtitle
 * parser, font catalogue); following the imports keeps the bundle's input
 * list right as that code moves, where a hand-kept list would go stale.
 *
 * A regex scan, not a parser: it may find an import inside a comment, which
 * only adds a file to the hash (a harmless rebuild), never misses a real one.
 */
const fs = require('node:fs');
const path = require('node:path');

const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]*|\.{1,2})['"]/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.js', '.jsx', '.json', '/index.ts', '/index.tsx', '/index.js'];
const SCANNED = /\.(?:ts|tsx|js|jsx|mjs|cjs)$/;

function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  // ES modules for the browser (the console) name their TypeScript sources by the emitted `.js`.
  const candidates = [...EXTENSIONS.map((extension) => base + extension), base.replace(/\.js$/, '.ts')];
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/** Relative paths (from root) of the entries and every project file they import. */
function importClosure(root, entries) {
  const seen = new Set();
  const pending = entries.map((entry) => path.resolve(root, entry));
  while (pending.length > 0) {
    const file = pending.pop();
    if (seen.has(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    if (!SCANNED.test(file)) continue;
    const source = fs.readFileSync(file, 'utf8');
    for (const match of source.matchAll(SPECIFIER)) {
      const target = resolveImport(file, match[1]);
      const inside = target && !path.relative(root, target).startsWith('..');
      if (inside && !target.includes(`${path.sep}node_modules${path.sep}`)) pending.push(target);
    }
  }
  return [...seen].map((file) => path.relative(root, file).split(path.sep).join('/')).sort();
}

module.exports = { importClosure };
