import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../common/project-root';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build's own CommonJS helper
const { importClosure } = require('../../scripts/lib/import-closure.js') as { importClosure: (root: string, entries: string[]) => string[] };

/** Relative specifiers of the imports and re-exports that stay in the emitted JavaScript (not `import type`). */
function valueImports(source: string): string[] {
  const statements = source.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?\bfrom\s+'(\.{1,2}\/[^']*)'/gm);
  return [...statements].map((match) => match[1]);
}

describe("the console's browser modules", () => {
  const root = projectRoot(__dirname);
  const files = importClosure(root, ['src/console/web/main.ts']).filter((file) => file.endsWith('.ts'));

  it('reach the code they share with the service', () => {
    expect(files).toEqual(expect.arrayContaining(['src/console/logic/clip-marks.ts', 'src/client/event-stream.ts']));
  });

  it('name every module they import by its emitted .js file, which is what the browser fetches', () => {
    const extensionless = files.flatMap((file) =>
      valueImports(readFileSync(join(root, file), 'utf8'))
        .filter((specifier) => !specifier.endsWith('.js'))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(extensionless).toEqual([]);
  });

  it('notice an import without its extension', () => {
    expect(valueImports("import { A } from '../a';\nimport type { B } from '../b';\nexport { C } from './c.js';")).toEqual(['../a', './c.js']);
  });
});
