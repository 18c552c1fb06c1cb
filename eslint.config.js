// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { fileURLToPath } from 'node:url';
import { apiSlicesIn } from './scripts/eslint/api-slices.js';
import { noCrossFeatureImports } from './scripts/eslint/no-cross-feature-imports.js';

/**
 * Workspace packages depend one way, with no cycles.
 *   web -> contracts; services/api -> contracts, eventstore, projections, sqlite;
 *   projections -> contracts, eventstore, sqlite; eventstore -> contracts, sqlite;
 *   sqlite -> nothing (the embedded database both stores open); testing -> nothing.
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
  'services/sqlite': [
    '@whosright/contracts',
    '@whosright/eventstore',
    '@whosright/projections',
    '@whosright/api',
    '@whosright/web',
  ],
  'services/eventstore': ['@whosright/projections', '@whosright/api', '@whosright/web'],
  projections: ['@whosright/api', '@whosright/web'],
  'services/api': ['@whosright/web'],
  web: ['@whosright/eventstore', '@whosright/projections', '@whosright/api'],
  testing: [
    '@whosright/contracts',
    '@whosright/eventstore',
    '@whosright/projections',
    '@whosright/api',
    '@whosright/web',
  ],
};

/** The private test-helper package (test servers, child processes): a devDependency only. */
const testHelpers = {
  group: ['@whosright/testing', '@whosright/testing/*'],
  message: 'Only specs and testing/ folders may import @whosright/testing (a devDependency).',
};
/**
 * Where a package may import test helpers, relative to the package folder: specs, testing/
 * folders, and the browser journeys with their Playwright config.
 */
const testFiles = [
  '**/*.spec.{ts,tsx}',
  '**/testing/**/*.{ts,tsx,js,mjs}',
  'e2e/**/*.ts',
  'playwright.config.ts',
  'playwright.screenshots.config.ts',
];

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
  'pg',
  'express',
  'ioredis',
  'bullmq',
  '@kurrent/*',
];

/**
 * services/api's rooms: the composition root `app/` imports everything and only entry points
 * (`cli/`) and tests import it; `platform/` (HTTP edge, adapters), `write/` (command bus, stream
 * caches) and `wiring/` (what a slice is built from) know no slice; a slice does not reach into
 * another one. Every other folder of
 * services/api/src is a slice, read from the folder listing, so a new one is under the rules at
 * once (`apiSlicesIn`).
 */
const apiSlices = apiSlicesIn(fileURLToPath(new URL('services/api/src', import.meta.url)));

/**
 * The command bus (`write/`) is the one door to the log: it alone holds the raw event store and
 * the command helpers. Slices, the seed and the CLI build commands with `#api/write/commands`
 * and read what people see through the forgetting log, so from the event store they may import
 * types only, and none that reads or appends to the raw log; its adapters are opened in `app/`.
 */
const oneDoorToTheLog = {
  paths: [
    {
      name: '@whosright/eventstore/port',
      importNames: ['EventStore', 'LogReader'],
      message:
        'Only the command bus holds the raw log: decide through it (bus.run / runAll / state), read what people see through ForgettingLog.',
    },
  ],
  patterns: [
    {
      group: [
        '@whosright/eventstore/command/*',
        '@whosright/eventstore/sqlite/*',
        '@whosright/eventstore/kurrentdb/*',
        '@whosright/eventstore/postgres/*',
        '@whosright/eventstore/forgetting/*',
        '@whosright/sqlite/*',
      ],
      message:
        'Slices reach the log through the command bus: build commands with #api/write/commands; stores are opened in app/.',
    },
  ],
};
const behindTheBus = [...apiSlices, 'seed', 'cli'];

const apiRooms = [
  {
    room: 'platform',
    forbid: [...apiSlices, 'seed', 'cli', 'app', 'write', 'wiring'],
    message: 'platform/ is the HTTP edge and its adapters: it imports no slice, write/ or app/.',
  },
  {
    room: 'write',
    forbid: [...apiSlices, 'seed', 'cli', 'app', 'wiring'],
    message: 'write/ serves every slice and knows none of them, nor app/.',
  },
  {
    room: 'wiring',
    forbid: [...apiSlices, 'seed', 'cli', 'app'],
    message: 'wiring/ says what a slice is built from and knows no slice: each adds its own ports.',
  },
  ...apiSlices.map((slice) => ({
    room: slice,
    forbid: [...apiSlices.filter((other) => other !== slice), 'seed', 'cli', 'app'],
    message:
      'A slice does not reach into another slice or app/: share through platform/, write/ or contracts.',
  })),
  { room: 'seed', forbid: ['cli', 'app'], message: 'Only entry points and tests import app/.' },
  { room: 'cli', forbid: [], message: 'The CLI is an entry point: it may import every room.' },
];

/** @param {{ room: string, forbid: string[], message: string }} room */
function roomPatterns({ room, forbid, message }) {
  return [
    ...(forbid.length
      ? [
          {
            // A leading # would start a comment in these gitignore-style patterns: escaped.
            group: forbid.flatMap((r) => [`\\#api/${r}/*`, `../${r}/*`, `../../${r}/*`]),
            message,
          },
        ]
      : []),
    ...(behindTheBus.includes(room) ? oneDoorToTheLog.patterns : []),
  ];
}

/** @param {{ room: string }} room */
const roomPaths = ({ room }) => (behindTheBus.includes(room) ? oneDoorToTheLog.paths : []);

/**
 * @param {string[]} packages
 * @param {{ io?: string[], testHelpers?: boolean, extra?: { group: string[], message: string }[], paths?: { name: string, importNames: string[], message: string }[] }} [options]
 *   `io`: I/O modules refused too; `testHelpers`: whether @whosright/testing may be imported
 *   (specs and testing/ folders); `extra`: more refused groups (the API's rooms); `paths`:
 *   names refused from one module (the raw log's types).
 */
function boundaryRule(
  packages,
  { io = [], testHelpers: allowTestHelpers = false, extra = [], paths = [] } = {},
) {
  return [
    'error',
    {
      ...(paths.length ? { paths } : {}),
      patterns: [
        {
          group: [...packages.map((p) => `${p}`), ...packages.map((p) => `${p}/*`)],
          message: 'This import crosses a one-way package boundary (listed atop eslint.config.js).',
        },
        escapingRelativeImport,
        ...(io.length
          ? [{ group: io, message: 'Deciders and contracts are pure: no I/O imports.' }]
          : []),
        ...(allowTestHelpers ? [] : [testHelpers]),
        ...extra,
      ],
    },
  ];
}

/** @param {string} dir */
const ioFor = (dir) => (dir === 'contracts' ? ioModules : []);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist.next-*/**',
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
      // Functions stay small enough to read, in every package, its specs and scripts included:
      // past 15 paths, name the steps (one function per command, per event, per job).
      complexity: ['error', 15],
    },
  },
  ...Object.entries(forbiddenByPackage).map(([dir, packages]) => ({
    files: [`${dir}/**/*.{ts,tsx,js,mjs}`],
    rules: { 'no-restricted-imports': boundaryRule(packages, { io: ioFor(dir) }) },
  })),
  ...Object.entries(forbiddenByPackage).map(([dir, packages]) => ({
    files: testFiles.map((pattern) => `${dir}/${pattern}`),
    rules: {
      'no-restricted-imports': boundaryRule(packages, { io: ioFor(dir), testHelpers: true }),
    },
  })),
  {
    // zod and the schemas built with it load lazily, after zod-jitless (lib/response-schemas.ts):
    // a schema built earlier probes `new Function`, which the CSP reports as a violation.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/lib/response-schemas.ts',
      'web/src/lib/zod-jitless.ts',
      ...testFiles.map((pattern) => `web/${pattern}`),
    ],
    rules: {
      'no-restricted-imports': boundaryRule(forbiddenByPackage.web, {
        extra: [
          {
            regex:
              '^(zod(/.*)?|@whosright/contracts/(?!(shared/constants|shared/category-list|shared/excerpt|story/rules|story/ranking-rule|story/replay-progress-text|automod/match|account/display-name|moderation/actions|moderation/reason|report/reasons|notification/settings-change|notification/story-label-line|search/search-text)$).+)$',
            allowTypeImports: true,
            message:
              'zod loads lazily through lib/response-schemas.ts: import only types from a module built on zod here, or move the value to a zod-free module.',
          },
        ],
      }),
    },
  },
  ...apiRooms.map((room) => ({
    files: [`services/api/src/${room.room}/**/*.ts`],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': boundaryRule(forbiddenByPackage['services/api'], {
        extra: roomPatterns(room),
        paths: roomPaths(room),
      }),
    },
  })),
  ...apiRooms.map((room) => ({
    files: [`services/api/src/${room.room}/**/*decider.ts`],
    rules: {
      'no-restricted-imports': boundaryRule(forbiddenByPackage['services/api'], {
        io: ioModules,
        extra: roomPatterns(room),
        paths: roomPaths(room),
      }),
    },
  })),
  // Their specs too: a spec that needs the raw log (another process appending) opens it through
  // app/testing, so the slice itself never names it.
  ...behindTheBus.map((room) => ({
    files: [`services/api/src/${room}/**/*.spec.ts`],
    rules: {
      'no-restricted-imports': boundaryRule(forbiddenByPackage['services/api'], {
        testHelpers: true,
        extra: oneDoorToTheLog.patterns,
        paths: oneDoorToTheLog.paths,
      }),
    },
  })),
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
