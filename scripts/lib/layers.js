'use strict';
/**
 * The layering rule of src/ (docs/architecture.md, "Layers"): every top folder
 * of src/ (and main.ts) has a rank in scripts/layers.json, and a file may import
 * from its own folder or from a folder of a lower rank, never from its own rank
 * or above. Imports are read with the TypeScript parser, so `import type`,
 * `export ... from`, `require()` and `import()` all count; only relative
 * specifiers that land in src/ are checked (packages are not layers).
 */
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const SOURCE = /\.(?:ts|tsx|js)$/;
const RESOLVED_EXTENSIONS = ['', '.ts', '.tsx', '.js', '.json', '/index.ts', '/index.tsx', '/index.js'];
/** The one file at the top of src/ that is its own layer. */
const ROOT_FILE_LAYER = 'main';

/** Every relative module specifier of one source text, in order of appearance. */
function importSpecifiers(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found = [];
  const add = (node) => {
    if (node && ts.isStringLiteralLike(node) && node.text.startsWith('.')) found.push(node.text);
  };
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    else if (ts.isCallExpression(node) && node.arguments.length > 0) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) add(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative specifier names (as written when no file matches). */
function resolveSpecifier(fromFile, specifier) {
  const written = path.resolve(path.dirname(fromFile), specifier);
  // Browser code (ES modules) names the .js that tsc will emit for a .ts file.
  const bases = written.endsWith('.js') ? [written, written.slice(0, -3)] : [written];
  for (const base of bases) {
    for (const extension of RESOLVED_EXTENSIONS) {
      const candidate = base + extension;
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
    }
  }
  return written;
}

/** The layer a file of src/ belongs to: its top folder, or `main` for src/main.ts; null outside src/. */
function layerOf(srcDir, file) {
  const relative = path.relative(srcDir, file);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const parts = relative.split(path.sep);
  return parts.length === 1 ? (parts[0].replace(/\.[^.]+$/, '') === ROOT_FILE_LAYER ? ROOT_FILE_LAYER : parts[0]) : parts[0];
}

/** Folder name -> rank index, refusing a folder listed twice. */
function rankIndex(ranks) {
  const index = new Map();
  ranks.forEach((rank, i) => {
    for (const folder of rank) {
      if (index.has(folder)) throw new Error(`scripts/layers.json lists ${folder} twice`);
      index.set(folder, i);
    }
  });
  return index;
}

function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files.sort();
}

/**
 * Every import of src/ that breaks the order, and every layer with no rank.
 * A violation's `key` ("from -> to", paths relative to root) is what the
 * baseline lists.
 */
function findViolations({ root, ranks }) {
  const srcDir = path.join(root, 'src');
  const rank = rankIndex(ranks);
  const violations = [];
  const unranked = new Set();
  for (const file of sourceFiles(srcDir)) {
    const from = layerOf(srcDir, file);
    if (!rank.has(from)) unranked.add(from);
    for (const specifier of importSpecifiers(file, fs.readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(file, specifier);
      const to = layerOf(srcDir, target);
      if (to === null || to === from) continue;
      if (!rank.has(to)) unranked.add(to);
      if (!rank.has(from) || !rank.has(to) || rank.get(to) < rank.get(from)) continue;
      const fromPath = path.relative(root, file).split(path.sep).join('/');
      const toPath = path.relative(root, target).split(path.sep).join('/');
      violations.push({ key: `${fromPath} -> ${toPath}`, fromPath, toPath, specifier, from, to, fromRank: rank.get(from), toRank: rank.get(to) });
    }
  }
  return { violations, unranked: [...unranked].sort() };
}

/**
 * Every import circle among the files of src/, type-only imports included:
 * each as the list of files around it, the first repeated at the end, paths
 * relative to root. A file's imports within its own folder are not ordered by
 * the layers, so circles there are found here.
 */
function findImportCircles({ root }) {
  const srcDir = path.join(root, 'src');
  const imports = new Map();
  for (const file of sourceFiles(srcDir)) {
    const targets = importSpecifiers(file, fs.readFileSync(file, 'utf8')).map((specifier) => resolveSpecifier(file, specifier));
    imports.set(file, [...new Set(targets.filter((target) => layerOf(srcDir, target) !== null && target !== file))]);
  }
  const circles = [];
  const state = new Map(); // file -> 'open' while on the path, 'done' once every import below it was walked
  const trail = [];
  const walk = (file) => {
    state.set(file, 'open');
    trail.push(file);
    for (const target of imports.get(file) ?? []) {
      if (state.get(target) === 'open')
        circles.push([...trail.slice(trail.indexOf(target)), target].map((f) => path.relative(root, f).split(path.sep).join('/')));
      else if (!state.has(target)) walk(target);
    }
    trail.pop();
    state.set(file, 'done');
  };
  for (const file of imports.keys()) if (!state.has(file)) walk(file);
  return circles;
}

/** Splits violations into those the baseline does not allow and baseline entries that no longer occur. */
function compareWithBaseline(violations, baseline) {
  const allowed = new Set(baseline);
  const seen = new Set(violations.map((violation) => violation.key));
  return {
    added: violations.filter((violation) => !allowed.has(violation.key)),
    stale: baseline.filter((key) => !seen.has(key)),
  };
}

/** The order as text: the highest layer first, each line above the ones it may import from. */
function layerDiagram(ranks) {
  return [...ranks]
    .reverse()
    .map((rank) => rank.join('  '))
    .join('\n  ↓\n');
}

module.exports = { importSpecifiers, resolveSpecifier, layerOf, findViolations, findImportCircles, compareWithBaseline, layerDiagram };
