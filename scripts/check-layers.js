#!/usr/bin/env node
'use strict';
/**
 * The layering check of `npm run lint` (docs/architecture.md, "Layers"): every
 * import in src/ must point to the importing file's own folder or to a lower
 * layer of scripts/layers.json. The imports that break the order today are
 * listed in scripts/layer-violations.json; the check fails on an upward import
 * that is not listed, and on a listed one that is gone, so the list only
 * shrinks and is edited in the change that unties a knot. No file of src/ may
 * import itself through others (an import circle), within a folder or across.
 * It also keeps the layer diagram in docs/architecture.md equal to scripts/layers.json.
 *
 *   node scripts/check-layers.js [--prune] [--write-docs]
 *     --prune       drop the listed imports that no longer exist (never adds one)
 *     --write-docs  write the diagram from scripts/layers.json into docs/architecture.md
 */
const fs = require('node:fs');
const path = require('node:path');
const { compareWithBaseline, findImportCircles, findViolations, layerDiagram } = require('./lib/layers');

const ROOT = path.resolve(__dirname, '..');
const LAYERS_FILE = path.join(ROOT, 'scripts', 'layers.json');
const BASELINE_FILE = path.join(ROOT, 'scripts', 'layer-violations.json');
const DOC_FILE = path.join(ROOT, 'docs', 'architecture.md');
/** The diagram's place in the doc: a fenced block between these two lines. */
const DIAGRAM_BLOCK = /(<!-- layers:begin[^\n]*-->\n)[\s\S]*?(\n<!-- layers:end -->)/;

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

function describe(violation) {
  const where = violation.toRank === violation.fromRank ? 'the same layer' : `layer ${violation.toRank}, above it`;
  return (
    `${violation.fromPath} imports '${violation.specifier}' (${violation.toPath}): ` +
    `${violation.from} (layer ${violation.fromRank}) may not depend on ${violation.to} (${where})`
  );
}

function diagramBlock(ranks) {
  return `\`\`\`text\n${layerDiagram(ranks)}\n\`\`\``;
}

/** Problems with the doc's diagram, or [] when it matches; rewrites it first with `write`. */
function checkDoc(ranks, write) {
  const relative = path.relative(ROOT, DOC_FILE);
  if (!fs.existsSync(DOC_FILE)) return [`${relative} is missing`];
  const text = fs.readFileSync(DOC_FILE, 'utf8');
  if (!DIAGRAM_BLOCK.test(text)) return [`${relative} has no <!-- layers:begin --> ... <!-- layers:end --> block for the layer diagram`];
  const wanted = text.replace(DIAGRAM_BLOCK, (_, begin, end) => `${begin}${diagramBlock(ranks)}${end}`);
  if (wanted === text) return [];
  if (write) {
    fs.writeFileSync(DOC_FILE, wanted);
    return [];
  }
  return [`the layer diagram in ${relative} differs from scripts/layers.json: run node scripts/check-layers.js --write-docs`];
}

function main(args) {
  const { ranks } = readJson(LAYERS_FILE);
  const baseline = readJson(BASELINE_FILE);
  const { violations, unranked } = findViolations({ root: ROOT, ranks });
  const { added, stale } = compareWithBaseline(violations, baseline);
  const problems = [];
  for (const folder of unranked) problems.push(`src/${folder} is in no layer: add it to scripts/layers.json (and say in docs/architecture.md what it owns)`);
  for (const violation of added) problems.push(describe(violation));
  for (const circle of findImportCircles({ root: ROOT })) problems.push(`import circle: ${circle.join(' -> ')}`);
  if (args.includes('--prune')) {
    fs.writeFileSync(
      BASELINE_FILE,
      `${JSON.stringify(
        baseline.filter((key) => !stale.includes(key)),
        null,
        2,
      )}\n`,
    );
  } else {
    for (const key of stale) problems.push(`scripts/layer-violations.json lists ${key}, which is no longer an upward import: remove it (--prune)`);
  }
  problems.push(...checkDoc(ranks, args.includes('--write-docs')));
  if (problems.length > 0) {
    for (const problem of problems) process.stderr.write(`layers: ${problem}\n`);
    process.stderr.write(
      `layers: FAILED (${problems.length} problem${problems.length === 1 ? '' : 's'}); the order is in scripts/layers.json, see docs/architecture.md\n`,
    );
    return 1;
  }
  process.stdout.write(`layers: ok (${ranks.length} layers; ${violations.length} known upward imports left in scripts/layer-violations.json)\n`);
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
