#!/usr/bin/env node
/**
 * Regenerates fonts/catalogue.json from the table below, the Debian font files
 * (their character coverage, read with fc-query) and the @fontsource packages
 * (their unicode-range slices). Run it after changing the table or upgrading a
 * font package; the service only reads the generated JSON, so nothing here runs
 * at render time.
 */
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const LIBERATION = '/usr/share/fonts/truetype/liberation';
const DEJAVU = '/usr/share/fonts/truetype/dejavu';
/** Weights of the split CJK families that the catalogue uses (light, regular, bold). */
const CJK_WEIGHTS = [300, 400, 700];

const LATIN_FAMILIES = {
  'liberation-sans': {
    css: 'Render Liberation Sans',
    dir: LIBERATION,
    publicDir: 'liberation',
    license: 'liberation',
    debian: 'fonts-liberation',
    generic: 'sans-serif',
    cjk: 'sans',
  },
  'liberation-serif': {
    css: 'Render Liberation Serif',
    dir: LIBERATION,
    publicDir: 'liberation',
    license: 'liberation',
    debian: 'fonts-liberation',
    generic: 'serif',
    cjk: 'serif',
  },
  'liberation-mono': {
    css: 'Render Liberation Mono',
    dir: LIBERATION,
    publicDir: 'liberation',
    license: 'liberation',
    debian: 'fonts-liberation',
    generic: 'monospace',
    cjk: 'sans',
  },
  'dejavu-sans': {
    css: 'Render DejaVu Sans',
    dir: DEJAVU,
    publicDir: 'dejavu',
    license: 'dejavu',
    debian: 'fonts-dejavu-core',
    generic: 'sans-serif',
    cjk: 'sans',
  },
  'dejavu-sans-condensed': {
    css: 'Render DejaVu Sans Condensed',
    dir: DEJAVU,
    publicDir: 'dejavu',
    license: 'dejavu',
    debian: 'fonts-dejavu-extra',
    generic: 'sans-serif',
    cjk: 'sans',
    stretch: 'condensed',
  },
  'dejavu-serif': {
    css: 'Render DejaVu Serif',
    dir: DEJAVU,
    publicDir: 'dejavu',
    license: 'dejavu',
    debian: 'fonts-dejavu-core',
    generic: 'serif',
    cjk: 'serif',
  },
  'dejavu-serif-condensed': {
    css: 'Render DejaVu Serif Condensed',
    dir: DEJAVU,
    publicDir: 'dejavu',
    license: 'dejavu',
    debian: 'fonts-dejavu-extra',
    generic: 'serif',
    cjk: 'serif',
    stretch: 'condensed',
  },
  'dejavu-mono': {
    css: 'Render DejaVu Sans Mono',
    dir: DEJAVU,
    publicDir: 'dejavu',
    license: 'dejavu',
    debian: 'fonts-dejavu-core',
    generic: 'monospace',
    cjk: 'sans',
  },
  'dejavu-math': {
    css: 'Render DejaVu Math TeX Gyre',
    dir: DEJAVU,
    publicDir: 'dejavu',
    license: 'dejavu',
    debian: 'fonts-dejavu-extra',
    generic: 'serif',
    cjk: 'serif',
  },
};

/** Split families from @fontsource: the Chinese keys and the whole fallback chain. */
const CJK_FAMILIES = {
  'noto-sans-sc': {
    css: 'Render Source Han Sans SC',
    pkg: '@fontsource/noto-sans-sc',
    script: 'hans',
    generic: 'sans-serif',
    cjk: 'sans',
    note: 'Source Han Sans SC, published by Google as Noto Sans SC',
  },
  'noto-sans-tc': {
    css: 'Render Source Han Sans TC',
    pkg: '@fontsource/noto-sans-tc',
    script: 'hant',
    generic: 'sans-serif',
    cjk: 'sans',
    note: 'Source Han Sans TC, published by Google as Noto Sans TC',
  },
  'noto-serif-sc': { css: 'Render Noto Serif SC', pkg: '@fontsource/noto-serif-sc', script: 'hans', generic: 'serif', cjk: 'serif' },
  'noto-serif-tc': { css: 'Render Noto Serif TC', pkg: '@fontsource/noto-serif-tc', script: 'hant', generic: 'serif', cjk: 'serif' },
  'noto-sans-jp': { css: 'Render Noto Sans JP', pkg: '@fontsource/noto-sans-jp', script: 'ja', generic: 'sans-serif', cjk: 'sans' },
  'noto-sans-kr': { css: 'Render Noto Sans KR', pkg: '@fontsource/noto-sans-kr', script: 'ko', generic: 'sans-serif', cjk: 'sans' },
};

// [key, family, file (Latin) or null (CJK), weight, style, design style]
const KEYS = [
  ['liberation-sans', 'liberation-sans', 'LiberationSans-Regular.ttf', 400, 'normal'],
  ['liberation-sans-bold', 'liberation-sans', 'LiberationSans-Bold.ttf', 700, 'normal'],
  ['liberation-sans-italic', 'liberation-sans', 'LiberationSans-Italic.ttf', 400, 'italic'],
  ['liberation-sans-bold-italic', 'liberation-sans', 'LiberationSans-BoldItalic.ttf', 700, 'italic'],
  ['liberation-serif', 'liberation-serif', 'LiberationSerif-Regular.ttf', 400, 'normal'],
  ['liberation-serif-bold', 'liberation-serif', 'LiberationSerif-Bold.ttf', 700, 'normal'],
  ['liberation-serif-italic', 'liberation-serif', 'LiberationSerif-Italic.ttf', 400, 'italic'],
  ['liberation-serif-bold-italic', 'liberation-serif', 'LiberationSerif-BoldItalic.ttf', 700, 'italic'],
  ['liberation-mono', 'liberation-mono', 'LiberationMono-Regular.ttf', 400, 'normal'],
  ['liberation-mono-bold', 'liberation-mono', 'LiberationMono-Bold.ttf', 700, 'normal'],
  ['liberation-mono-italic', 'liberation-mono', 'LiberationMono-Italic.ttf', 400, 'italic'],
  ['liberation-mono-bold-italic', 'liberation-mono', 'LiberationMono-BoldItalic.ttf', 700, 'italic'],
  ['dejavu-sans', 'dejavu-sans', 'DejaVuSans.ttf', 400, 'normal'],
  ['dejavu-sans-bold', 'dejavu-sans', 'DejaVuSans-Bold.ttf', 700, 'normal'],
  ['dejavu-sans-oblique', 'dejavu-sans', 'DejaVuSans-Oblique.ttf', 400, 'oblique'],
  ['dejavu-sans-bold-oblique', 'dejavu-sans', 'DejaVuSans-BoldOblique.ttf', 700, 'oblique'],
  ['dejavu-sans-extralight', 'dejavu-sans', 'DejaVuSans-ExtraLight.ttf', 200, 'normal'],
  ['dejavu-sans-condensed', 'dejavu-sans-condensed', 'DejaVuSansCondensed.ttf', 400, 'normal'],
  ['dejavu-sans-condensed-bold', 'dejavu-sans-condensed', 'DejaVuSansCondensed-Bold.ttf', 700, 'normal'],
  ['dejavu-sans-condensed-oblique', 'dejavu-sans-condensed', 'DejaVuSansCondensed-Oblique.ttf', 400, 'oblique'],
  ['dejavu-sans-condensed-bold-oblique', 'dejavu-sans-condensed', 'DejaVuSansCondensed-BoldOblique.ttf', 700, 'oblique'],
  ['dejavu-serif', 'dejavu-serif', 'DejaVuSerif.ttf', 400, 'normal'],
  ['dejavu-serif-bold', 'dejavu-serif', 'DejaVuSerif-Bold.ttf', 700, 'normal'],
  ['dejavu-serif-italic', 'dejavu-serif', 'DejaVuSerif-Italic.ttf', 400, 'italic'],
  ['dejavu-serif-bold-italic', 'dejavu-serif', 'DejaVuSerif-BoldItalic.ttf', 700, 'italic'],
  ['dejavu-serif-condensed', 'dejavu-serif-condensed', 'DejaVuSerifCondensed.ttf', 400, 'normal'],
  ['dejavu-serif-condensed-bold', 'dejavu-serif-condensed', 'DejaVuSerifCondensed-Bold.ttf', 700, 'normal'],
  ['dejavu-serif-condensed-italic', 'dejavu-serif-condensed', 'DejaVuSerifCondensed-Italic.ttf', 400, 'italic'],
  ['dejavu-serif-condensed-bold-italic', 'dejavu-serif-condensed', 'DejaVuSerifCondensed-BoldItalic.ttf', 700, 'italic'],
  ['dejavu-mono', 'dejavu-mono', 'DejaVuSansMono.ttf', 400, 'normal'],
  ['dejavu-mono-bold', 'dejavu-mono', 'DejaVuSansMono-Bold.ttf', 700, 'normal'],
  ['dejavu-mono-oblique', 'dejavu-mono', 'DejaVuSansMono-Oblique.ttf', 400, 'oblique'],
  ['dejavu-mono-bold-oblique', 'dejavu-mono', 'DejaVuSansMono-BoldOblique.ttf', 700, 'oblique'],
  ['dejavu-math', 'dejavu-math', 'DejaVuMathTeXGyre.ttf', 400, 'normal'],
  ['noto-serif-sc', 'noto-serif-sc', null, 400, 'normal'],
  ['noto-serif-sc-bold', 'noto-serif-sc', null, 700, 'normal'],
  ['noto-serif-sc-light', 'noto-serif-sc', null, 300, 'normal'],
  ['noto-serif-tc', 'noto-serif-tc', null, 400, 'normal'],
  ['noto-serif-tc-bold', 'noto-serif-tc', null, 700, 'normal'],
  ['noto-serif-tc-light', 'noto-serif-tc', null, 300, 'normal'],
  ['sourcehan-sans-sc', 'noto-sans-sc', null, 400, 'normal'],
  ['sourcehan-sans-sc-bold', 'noto-sans-sc', null, 700, 'normal'],
  ['sourcehan-sans-sc-light', 'noto-sans-sc', null, 300, 'normal'],
  ['sourcehan-sans-tc', 'noto-sans-tc', null, 400, 'normal'],
  ['sourcehan-sans-tc-bold', 'noto-sans-tc', null, 700, 'normal'],
  ['sourcehan-sans-tc-light', 'noto-sans-tc', null, 300, 'normal'],
];

function coverageOf(file) {
  return execFileSync('fc-query', ['--format=%{charset}', file], { encoding: 'utf8' }).trim();
}

/** The code points of a CSS unicode-range (`U+4e00-4e0f,U+30??`) or of fc-query's charset (`20-7e a0`). */
function codePoints(ranges) {
  const points = new Set();
  for (const part of ranges.split(/[\s,]+/).filter(Boolean)) {
    const bounds = part.replace(/^U\+/i, '');
    const [from, to] = bounds.includes('?') ? [bounds.replace(/\?/g, '0'), bounds.replace(/\?/g, 'f')] : bounds.split('-');
    for (let cp = parseInt(from, 16); cp <= parseInt(to ?? from, 16); cp++) points.add(cp);
  }
  return points;
}

function unicodeRangeOf(points) {
  const sorted = [...points].sort((a, b) => a - b);
  const parts = [];
  for (let i = 0; i < sorted.length; i++) {
    const from = sorted[i];
    while (sorted[i + 1] === sorted[i] + 1) i++;
    const hex = (cp) => cp.toString(16);
    parts.push(from === sorted[i] ? `U+${hex(from)}` : `U+${hex(from)}-${hex(sorted[i])}`);
  }
  return parts.join(',');
}

/**
 * A slice's unicode-range as published is the slicing scheme shared by the
 * SC/TC/JP/KR families, and names characters a family's file does not draw (the
 * SC slices claim some Hangul). A claimed character without a glyph is drawn as
 * a box instead of falling back to the family that has it, so the catalogue
 * keeps only what every weight's file draws.
 */
function drawnRange(declared, files) {
  const drawn = files.map((file) => codePoints(coverageOf(file)));
  return unicodeRangeOf([...codePoints(declared)].filter((cp) => drawn.every((set) => set.has(cp))));
}

function latinFamilies() {
  const out = {};
  for (const [id, f] of Object.entries(LATIN_FAMILIES)) {
    out[id] = {
      kind: 'file',
      cssFamily: f.css,
      generic: f.generic,
      cjkFallback: f.cjk,
      stretch: f.stretch ?? 'normal',
      license: `LICENSES/${f.license}.txt`,
      source: `Debian package ${f.debian}`,
      sourceDir: f.dir,
      publicDir: `fonts/${f.publicDir}`,
    };
  }
  return out;
}

function cjkFamilies() {
  const out = {};
  for (const [id, f] of Object.entries(CJK_FAMILIES)) {
    const pkgDir = path.join(ROOT, 'node_modules', f.pkg);
    const unicode = JSON.parse(fs.readFileSync(path.join(pkgDir, 'unicode.json'), 'utf8'));
    const subsets = Object.entries(unicode).map(([name, declared]) => {
      const subset = name.replace(/^\[(\d+)\]$/, '$1');
      const files = CJK_WEIGHTS.map((w) => path.join(pkgDir, 'files', `${id}-${subset}-${w}-normal.woff2`));
      for (const file of files) if (!fs.existsSync(file)) throw new Error(`missing ${file}`);
      return { id: subset, unicodeRange: drawnRange(declared, files) };
    });
    out[id] = {
      kind: 'split',
      cssFamily: f.css,
      generic: f.generic,
      cjkFallback: f.cjk,
      stretch: 'normal',
      script: f.script,
      license: `LICENSES/${id}.txt`,
      source: `npm package ${f.pkg}`,
      ...(f.note ? { note: f.note } : {}),
      sourceDir: `node_modules/${f.pkg}/files`,
      publicDir: `fonts/${id}`,
      filePattern: `${id}-{subset}-{weight}-normal.woff2`,
      weights: CJK_WEIGHTS,
      subsets,
    };
  }
  return out;
}

function main() {
  const families = { ...latinFamilies(), ...cjkFamilies() };
  const keys = {};
  for (const [key, family, file, weight, design] of KEYS) {
    const entry = { family, weight, style: design === 'normal' ? 'normal' : 'italic', designStyle: design };
    if (file) {
      const src = path.join(families[family].sourceDir, file);
      if (!fs.existsSync(src)) throw new Error(`missing ${src}`);
      Object.assign(entry, { file, coverage: coverageOf(src) });
    }
    keys[key] = entry;
  }
  const out = path.join(__dirname, 'catalogue.json');
  fs.writeFileSync(out, JSON.stringify({ generatedBy: 'fonts/build-catalogue.js', cjkWeights: CJK_WEIGHTS, families, keys }, null, 1) + '\n');
  console.log(`wrote ${out}: ${Object.keys(keys).length} keys, ${Object.keys(families).length} families`);
}

main();
