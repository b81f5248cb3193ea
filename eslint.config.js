import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The rooms of ARCHITECTURE.md: contract imports only zod; src and server never import each other. */
const restrict = (patterns) => ['error', { patterns }];

/**
 * A feature folder of src/features imports another feature only through that feature's index.ts (what it exports on
 * purpose), or not at all; inside a feature, imports are free.
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = features.map((feature) => ({
  target: `./src/features/${feature}`,
  from: './src/features',
  except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
  message: 'Import another feature through its index.ts only.',
}));

export default tseslint.config(
  { ignores: ['.scratch', 'dist', 'node_modules', 'src/routeTree.gen.ts', 'test-results', 'playwright-report', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
    },
  },
  {
    // Import cycles fail lint (type-only imports are erased at build time and may go both ways).
    files: ['contract/**/*.ts', 'server/**/*.ts', 'src/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { ...importX.flatConfigs.typescript.settings, 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: featureBoundaries }],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '^(?!zod(/|$)|\\./)', message: 'contract/ imports only zod and other contract files.' },
      ]),
    },
  },
  {
    files: ['contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '^(?!zod(/|$)|vitest$|\\./)', message: "contract/ tests import only zod, vitest and contract files." },
      ]),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': restrict([
        { group: ['**/server', '**/server/**'], message: 'src/ never imports server/; share through contract/.' },
      ]),
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/api/**'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server', '**/server/**'], message: 'src/ never imports server/; share through contract/.' },
        { group: ['ky'], message: 'Only src/api/* talks HTTP.' },
      ]),
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Only src/api/* talks HTTP.' }],
    },
  },
  {
    // A route file's own code lands in the entry chunk (only its component is split off): keep heavy UI out of it.
    files: ['src/routes/**/*.tsx'],
    rules: {
      'no-restricted-imports': restrict([
        { group: ['**/server', '**/server/**'], message: 'src/ never imports server/; share through contract/.' },
        { group: ['ky'], message: 'Only src/api/* talks HTTP.' },
        {
          regex: '/ui/(data-table|use-url-table-state)$',
          message: 'Import tableSearchSchema from ui/data-table/url-state: the grid itself must not reach the entry chunk.',
        },
      ]),
    },
  },
  {
    // Playwright fixtures declare their dependencies by destructuring, even when there are none.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([{ group: ['**/src', '**/src/**'], message: 'server/ never imports src/; share through contract/.' }]),
    },
  },
);
