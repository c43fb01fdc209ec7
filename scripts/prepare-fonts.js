#!/usr/bin/env node
/**
 * Copies every font file of fonts/catalogue.json (and the licence texts) into
 * composition/public/fonts/, where the Remotion bundle serves them with
 * staticFile(). Idempotent: a file whose size and mtime already match is skipped,
 * so a second run only stats files. Exits 1 naming the missing file (and the
 * package that provides it) when a source is absent.
 */
'use strict';
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const PUBLIC = path.join(ROOT, 'composition', 'public');

function copyPlan(catalogue) {
  const plan = [];
  for (const key of Object.values(catalogue.keys)) {
    if (!key.file) continue;
    const fam = catalogue.families[key.family];
    plan.push({ from: path.join(fam.sourceDir, key.file), to: path.join(PUBLIC, fam.publicDir, key.file), source: fam.source });
  }
  for (const fam of Object.values(catalogue.families)) {
    if (fam.kind !== 'split') continue;
    for (const subset of fam.subsets) {
      for (const weight of fam.weights) {
        const file = fam.filePattern.replace('{subset}', subset.id).replace('{weight}', String(weight));
        plan.push({ from: path.join(ROOT, fam.sourceDir, file), to: path.join(PUBLIC, fam.publicDir, file), source: fam.source });
      }
    }
  }
  const licenses = path.join(ROOT, 'fonts', 'LICENSES');
  for (const file of fs.readdirSync(licenses)) {
    plan.push({ from: path.join(licenses, file), to: path.join(PUBLIC, 'fonts', 'LICENSES', file), source: 'fonts/LICENSES' });
  }
  return plan;
}

function upToDate(from, to) {
  try {
    const a = fs.statSync(from);
    const b = fs.statSync(to);
    // utimes round-trips through floating seconds, so allow a little slack.
    return a.size === b.size && Math.abs(a.mtimeMs - b.mtimeMs) < 5;
  } catch {
    return false;
  }
}

function main() {
  const catalogue = JSON.parse(fs.readFileSync(path.join(ROOT, 'fonts', 'catalogue.json'), 'utf8'));
  const plan = copyPlan(catalogue);
  const missing = plan.filter((p) => !fs.existsSync(p.from));
  if (missing.length > 0) {
    const shown = missing
      .slice(0, 5)
      .map((p) => `  ${p.from} (from ${p.source})`)
      .join('\n');
    console.error(`prepare-fonts: ${missing.length} font source file(s) missing; install the package named and run again:\n${shown}`);
    process.exit(1);
  }
  let copied = 0;
  const madeDirs = new Set();
  for (const { from, to } of plan) {
    if (upToDate(from, to)) continue;
    const dir = path.dirname(to);
    if (!madeDirs.has(dir)) {
      fs.mkdirSync(dir, { recursive: true });
      madeDirs.add(dir);
    }
    fs.copyFileSync(from, to);
    const { atime, mtime } = fs.statSync(from);
    fs.utimesSync(to, atime, mtime);
    copied += 1;
  }
  console.log(`prepare-fonts: ${plan.length} files in composition/public/fonts (${copied} copied, ${plan.length - copied} up to date)`);
}

main();
