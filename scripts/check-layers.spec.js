'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { compareWithBaseline, findImportCircles, findViolations, importSpecifiers, layerDiagram, layerOf } = require('./lib/layers');

const RANKS = [['common'], ['tasks', 'media'], ['app'], ['main']];

/** A throw-away repository whose src/ holds the given files. */
function fixtureTree(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-layers-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, 'src', name)), { recursive: true });
    fs.writeFileSync(path.join(root, 'src', name), text);
  }
  return root;
}

describe('the layering check', () => {
  const roots = [];
  const tree = (files) => {
    const root = fixtureTree(files);
    roots.push(root);
    return root;
  };
  afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

  it('passes imports of the own folder and of lower layers', () => {
    const root = tree({
      'common/ids.ts': 'export const id = 1;',
      'tasks/task.ts': "import { id } from '../common/ids';\nimport { other } from './other';\nimport { readFileSync } from 'node:fs';",
      'tasks/other.ts': 'export const other = 2;',
      'main.ts': "import { task } from './tasks/task';",
    });
    expect(findViolations({ root, ranks: RANKS })).toEqual({ violations: [], unranked: [] });
  });

  it('reports an upward import, naming the file, the import and both layers', () => {
    const root = tree({
      'common/ids.ts': "import type { Task } from '../tasks/task';",
      'tasks/task.ts': 'export interface Task { id: string }',
    });
    const { violations } = findViolations({ root, ranks: RANKS });
    expect(violations).toEqual([
      expect.objectContaining({
        key: 'src/common/ids.ts -> src/tasks/task.ts',
        specifier: '../tasks/task',
        from: 'common',
        to: 'tasks',
        fromRank: 0,
        toRank: 1,
      }),
    ]);
  });

  it('reports an import between two folders of the same layer', () => {
    const root = tree({ 'tasks/task.ts': "export { probe } from '../media/probe';", 'media/probe.ts': 'export const probe = 1;' });
    expect(findViolations({ root, ranks: RANKS }).violations.map((violation) => violation.key)).toEqual(['src/tasks/task.ts -> src/media/probe.ts']);
  });

  it('names a folder that has no layer', () => {
    const root = tree({ 'console/page.ts': "import { id } from '../common/ids';", 'common/ids.ts': '' });
    expect(findViolations({ root, ranks: RANKS }).unranked).toEqual(['console']);
  });

  it('fails on an upward import the baseline does not list, and on a listed one that is gone', () => {
    const listed = { key: 'src/common/a.ts -> src/tasks/b.ts' };
    const unlisted = { key: 'src/common/c.ts -> src/app/d.ts' };
    const result = compareWithBaseline([listed, unlisted], [listed.key, 'src/media/e.ts -> src/app/f.ts']);
    expect(result).toEqual({ added: [unlisted], stale: ['src/media/e.ts -> src/app/f.ts'] });
    expect(compareWithBaseline([listed], [listed.key])).toEqual({ added: [], stale: [] });
  });

  it('reads every kind of import, type-only ones included, and only relative ones', () => {
    const text = [
      "import type { A } from './a';",
      "import { type B, c } from '../b';",
      "export * from './e';",
      "export { f } from './f';",
      "import g = require('./g');",
      "const h = require('./h');",
      "const i = import('./i');",
      "type J = typeof import('./j');",
      "import { readFileSync } from 'node:fs';",
      "// import { k } from './k';",
    ].join('\n');
    expect(importSpecifiers('x.ts', text)).toEqual(['./a', '../b', './e', './f', './g', './h', './i', './j']);
  });

  it('puts src/main.ts in its own layer and nothing outside src/ in any', () => {
    expect(layerOf('/r/src', '/r/src/main.ts')).toBe('main');
    expect(layerOf('/r/src', '/r/src/tasks/dto/x.ts')).toBe('tasks');
    expect(layerOf('/r/src', '/r/fonts/catalogue.json')).toBeNull();
  });

  it('finds import circles within a folder and across, type-only imports included', () => {
    const root = tree({
      'tasks/repository.ts': "import type { View } from './view';",
      'tasks/view.ts': "import { estimate } from './estimate';",
      'tasks/estimate.ts': "import type { Repository } from './repository';",
      'tasks/alone.ts': "import { estimate } from './estimate';",
      'common/ids.ts': "import { id } from './ids';",
    });
    expect(findImportCircles({ root })).toEqual([['src/tasks/estimate.ts', 'src/tasks/repository.ts', 'src/tasks/view.ts', 'src/tasks/estimate.ts']]);
    expect(findImportCircles({ root: tree({ 'tasks/a.ts': "import { b } from './b';", 'tasks/b.ts': '' }) })).toEqual([]);
  });

  it('draws the highest layer first', () => {
    expect(layerDiagram([['common', 'config'], ['app']]).split('\n')).toEqual(['app', '  ↓', 'common  config']);
  });
});
