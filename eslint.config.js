// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { noCrossFeatureImports } from './scripts/eslint/no-cross-feature-imports.js';

/**
 * DESIGN.md section 3: workspace packages depend one way, with no cycles.
 *   web -> contracts; services/api -> contracts, eventstore, projections;
 *   projections -> contracts, eventstore; eventstore -> contracts.
 * Each package lists the workspace packages it must not import. Relative paths that climb out
 * of a package into another one are refused everywhere: cross the boundary by package name.
 */
const forbiddenByPackage = {
  contracts: [
    '@whosright/eventstore',
    '@whosright/projections',
    '@whosright/api',
    '@whosright/web',
  ],
  'services/eventstore': ['@whosright/projections', '@whosright/api', '@whosright/web'],
  projections: ['@whosright/api', '@whosright/web'],
  'services/api': ['@whosright/web'],
  web: ['@whosright/eventstore', '@whosright/projections', '@whosright/api'],
};

const escapingRelativeImport = {
  regex: '^(\\.\\./)+(contracts|services|eventstore|api|projections|web)/',
  message:
    'Import another workspace package by its name (@whosright/...), never by a relative path.',
};

/** I/O libraries a pure decider or contract must never touch. */
const ioModules = [
  'node:*',
  'fs',
  'better-sqlite3',
  'mongodb',
  'express',
  'ioredis',
  'bullmq',
  '@kurrent/*',
];

/** @param {string[]} packages @param {string[]} [extraPatterns] */
function boundaryRule(packages, extraPatterns = []) {
  return [
    'error',
    {
      patterns: [
        {
          group: [...packages.map((p) => `${p}`), ...packages.map((p) => `${p}/*`)],
          message: 'This import crosses the one-way package boundary of DESIGN.md section 3.',
        },
        escapingRelativeImport,
        ...(extraPatterns.length
          ? [{ group: extraPatterns, message: 'Deciders and contracts are pure: no I/O imports.' }]
          : []),
      ],
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/route-tree.gen.ts',
      'test-results/**',
      'playwright-report/**',
      '**/*.fixture.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...Object.entries(forbiddenByPackage).map(([dir, packages]) => ({
    files: [`${dir}/**/*.{ts,tsx,js,mjs}`],
    rules: {
      'no-restricted-imports': boundaryRule(packages, dir === 'contracts' ? ioModules : []),
    },
  })),
  {
    files: ['services/api/src/**/decider.ts'],
    rules: { 'no-restricted-imports': boundaryRule(forbiddenByPackage['services/api'], ioModules) },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: {
      'react-hooks': reactHooks,
      house: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'house/no-cross-feature-imports': 'error',
    },
  },
);
