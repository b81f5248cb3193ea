import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The rooms of ARCHITECTURE.md: contract imports only zod; src and server never import each other. */
const restrict = (patterns) => ['error', { patterns }];
const serverNeverImportsSrc = { group: ['**/src', '**/src/**'], message: 'server/ never imports src/; share through contract/.' };

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

/**
 * The order of the features, top to bottom: a feature imports only features of a layer below its own, so shared
 * code flows down and no two features lean on each other. What two features of one layer would share moves down a
 * layer, or out to src/ui, src/api or src/store. A new feature folder fails lint until it is placed here.
 */
const featureOrder = [
  // The dashboard's layout: the header, the navigation and the current screen.
  ['dashboard'],
  // The screens, and the header.
  [
    'login',
    'dashboard-header',
    'dashboard-home',
    'brands',
    'equipments',
    'events',
    'brand-exclusions',
    'equipment-exclusions',
    'runs',
    'transactions',
    'payment-methods',
    'help',
    'review',
  ],
  // What the screens share: saved views, history, the cost-confirmed generate calls, bulk actions, the CSV import.
  ['saved-views', 'history', 'generation', 'bulk-exclusions', 'exclusion-import'],
  // The undo of an exclusion change, offered by the exclusion screens, bulk actions and the import.
  ['exclusion-undo'],
];
const unplaced = features.filter((feature) => !featureOrder.flat().includes(feature));
if (unplaced.length > 0) throw new Error(`eslint.config.js featureOrder: place ${unplaced.join(', ')} in a layer.`);
const featureLayering = featureOrder
  .flatMap((layer, depth) =>
    layer.map((feature) => ({
      target: `./src/features/${feature}`,
      from: featureOrder
        .slice(0, depth + 1)
        .flat()
        .filter((other) => other !== feature)
        .map((other) => `./src/features/${other}`),
      message: `${feature} imports only features of a layer below its own (featureOrder in eslint.config.js).`,
    })),
  )
  .filter((zone) => zone.from.length > 0);

/** src/ui is the SPA's bottom layer: it knows no API and no feature; what it needs reaches it as props. */
const uiBoundary = {
  target: './src/ui',
  from: ['./src/api', './src/features'],
  message: 'src/ui imports neither src/api nor src/features: take what is needed as props.',
};

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
      'import-x/no-restricted-paths': ['error', { zones: [uiBoundary, ...featureBoundaries, ...featureLayering] }],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': restrict([{ regex: '^(?!zod(/|$)|\\./)', message: 'contract/ imports only zod and other contract files.' }]),
    },
  },
  {
    files: ['contract/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        { regex: '^(?!zod(/|$)|vitest$|\\./)', message: 'contract/ tests import only zod, vitest and contract files.' },
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
      'no-restricted-imports': restrict([serverNeverImportsSrc]),
    },
  },
  {
    // Routes are thin (ARCHITECTURE.md): a handler reads the request and calls a service; only services query.
    files: ['server/routes/**/*.ts'],
    ignores: ['server/routes/**/*.test.ts'],
    rules: {
      'no-restricted-imports': restrict([
        serverNeverImportsSrc,
        { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'A route calls a service; only services query the database.' },
        { group: ['**/db/schema'], message: 'A route calls a service; only services know the tables.' },
      ]),
    },
  },
  {
    // A button is ui/button.tsx's (variants, the pending hold): no hand-written `btn` class outside src/ui.
    files: ['src/**/*.tsx'],
    ignores: ['src/ui/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='className'] Literal[value=/(^|\\s)btn(\\s|--|$)/]",
          message: 'Use Button (src/ui/button.tsx), or buttonClass() for a radix part that renders its own button.',
        },
        {
          selector: "JSXAttribute[name.name='className'] TemplateElement[value.raw=/(^|\\s)btn(\\s|--|$)/]",
          message: 'Use Button (src/ui/button.tsx), or buttonClass() for a radix part that renders its own button.',
        },
      ],
    },
  },
  {
    // Files and functions a newcomer can hold in their head (docs/ARCHITECTURE.md, Conventions). Tests, seeds, test
    // support and the database schema are lists, not logic.
    files: ['contract/**/*.ts', 'server/**/*.ts', 'src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test-support/**', 'server/test/**', 'src/test/**', 'server/seed/**', 'server/db/schema.ts'],
    rules: {
      'max-lines': ['error', { max: 300 }],
      'max-lines-per-function': ['error', { max: 80 }],
    },
  },
);
