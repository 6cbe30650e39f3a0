import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from './scripts/eslint/boundaries.js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dev-dist/**', 'web/.prerender/**', '.data/**', 'coverage/**', '**/cdk.out/**', 'test-results/**', 'playwright-report/**', 'web/src/route-tree.gen.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    // Services hold no key strings and routes hold no rules: the layers only import downwards.
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@ev/core/*', '@ev/functions/*'] }],
    },
  },
  {
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@ev/functions/*', 'hono', 'hono/*'] }],
    },
  },
  // Module boundaries (scripts/eslint/boundaries.js): no other module's repository, keys only in
  // repositories and db/, the AWS SDK only in repositories, db/, ports/ and logs/. Tests may read
  // the table directly to check what was stored.
  // One input parser (docs/decisions.md): a schema's `.parse()` throws a raw ZodError (a 500);
  // services parse through `parseInput`, which answers the 400 naming each field.
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.type='MemberExpression'][callee.property.name='parse']:not([callee.object.name=/^(JSON|Papa|Date|Number)$/])",
          message: 'Parse input with parseInput(schema, input) from validation.ts (One input parser, docs/decisions.md).',
        },
      ],
    },
  },
  {
    files: ['packages/core/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/core-storage': 'error', 'boundaries/core-floors': 'error' },
  },
  // No files import each other in a circle, anywhere in the tree (ARCHITECTURE "Layout").
  {
    files: ['**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.spec.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/no-circle': 'error' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'no-console': 'error' },
  },
  // One dialog shell (docs/web-kit.md "Dialogs"): screens build on components/ui/dialog.tsx, which
  // alone imports Radix Dialog.
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/components/ui/dialog.tsx'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: '@radix-ui/react-dialog', message: 'Build on components/ui/dialog.tsx (Dialog, DialogContent, DialogHeader): docs/web-kit.md "Dialogs".' }] }],
    },
  },
  // A list's search params are validated by the route tree, which every page's first load carries:
  // their files take their choices from the constants' modules, never a records' schema module (one
  // such import put the admin area's schemas, zod's record builders and their texts, ~90 KB, on the
  // login page's first load).
  {
    files: ['web/src/features/*/list-search.ts', 'web/src/routes/**/*.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@radix-ui/react-dialog', message: 'Build on components/ui/dialog.tsx (Dialog, DialogContent, DialogHeader): docs/web-kit.md "Dialogs".' }],
          patterns: [{ group: ['@ev/shared/schemas/*', '!@ev/shared/schemas/choices'], message: 'The route tree loads with every page: take the choice lists from @ev/shared/schemas/choices (docs/web-session.md "The start\'s tasks").' }],
        },
      ],
    },
  },
  // Features never import each other (CONVENTIONS 10), by alias or by relative path: shared pieces
  // move down to components/ or lib/.
  {
    files: ['web/src/features/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/feature-imports': 'error' },
  },
);
