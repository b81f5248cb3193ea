import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The rooms of ARCHITECTURE.md: contract imports only zod; src and server never import each other. */
const restrict = (patterns) => ['error', { patterns }];

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
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '^(?!zod(/|$)|\\./)', message: 'contract/ imports only zod and other contract files.' },
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
