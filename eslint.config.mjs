// ESLint for the whole repository (`npm run lint`, the first tier of `npm test`).
// TypeScript gets the type-aware rules (the program of tsconfig.json), so a
// promise nobody awaits is caught; a full run takes under a minute on two cores.
// scripts/ and the few other .js files are plain CommonJS Node and get the
// JavaScript rules only. composition/ is React, but no React plugin is
// installed, so its .tsx files get the same TypeScript rules as the rest.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** Node's own globals (this file runs in Node) plus the CommonJS module scope: no `globals` package needed. */
const NODE_GLOBALS = Object.fromEntries(
  [...Object.getOwnPropertyNames(globalThis), 'require', 'module', 'exports', '__dirname', '__filename'].map((name) => [name, 'readonly']),
);

/** Unit specs beside the code and the test tiers under test/. */
const TESTS = ['src/**/*.spec.ts', 'fonts/**/*.spec.ts', 'test/**/*.ts'];

export default defineConfig(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'composition/public/**'] },
  // A disable comment that no longer silences anything is an error, so each one stays necessary.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  {
    rules: {
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['**/*.ts', '**/*.tsx'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Files with decorators keep value imports: the rule knows emitDecoratorMetadata needs them.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `import { type A }` would still load the module at run time; all-type imports say `import type`.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // Adding matchers to jest's types is done by augmenting its global namespace.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // An `async` method without `await` is how a class meets a Promise-returning
      // interface (storage, engines, test doubles) and turns a throw into a rejection.
      '@typescript-eslint/require-await': 'off',
      // A `!` tells the compiler something it cannot check; where it truly holds
      // the line carries a disable comment that says why, otherwise a check narrows.
      '@typescript-eslint/no-non-null-assertion': 'error',
    },
  },
  {
    // Size limits for hand-written code (counted as ESLint does by default:
    // every line, blank and comment lines included). 400 lines is about what a
    // reader keeps in mind as one module, 60 about one screen for a function;
    // past them a file or function is doing several things that want names.
    // Tests are lists of cases, api-types.ts is generated, and migrations are
    // never edited after they are merged, so those are left out.
    files: ['src/**/*.ts', 'composition/**/*.ts', 'composition/**/*.tsx'],
    ignores: ['**/*.spec.ts', 'src/client/api-types.ts', 'src/database/migrations/**'],
    rules: {
      'max-lines': ['error', 400],
      'max-lines-per-function': ['error', 60],
    },
  },
  {
    // docs/architecture.md: only repositories and src/database touch TypeORM; entities use its decorators.
    files: ['src/**/*.ts'],
    ignores: ['src/database/**', 'src/**/*.repository.ts', 'src/**/*.entity.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['typeorm', 'typeorm/*'], message: 'Only *.repository.ts, *.entity.ts and src/database/ import TypeORM (docs/architecture.md).' },
          ],
        },
      ],
    },
  },
  {
    // Tests read parsed JSON (response bodies, files) and jest's asymmetric
    // matchers (`expect.any`, `expect.objectContaining`), both typed `any` by
    // their libraries; expect() checks those values at run time, so casting
    // each one first would add nothing. An explicit `any` is still an error.
    files: TESTS,
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: NODE_GLOBALS },
    rules: {
      'no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['scripts/**/*.spec.js'],
    languageOptions: {
      globals: Object.fromEntries(['describe', 'it', 'expect', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach', 'jest'].map((name) => [name, 'readonly'])),
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: NODE_GLOBALS },
  },
);
