import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiSlicesIn } from './eslint/api-slices.js';

const root = fileURLToPath(new URL('..', import.meta.url));
// The samples are files that do not exist, so no tsconfig holds them: the import rules need no
// types, and the type-aware ones are switched off for these samples only.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function errorsOf(ruleId: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

const boundaryErrors = (filePath: string, code: string) =>
  errorsOf('no-restricted-imports', filePath, code);
const featureErrors = (filePath: string, code: string) =>
  errorsOf('house/no-cross-feature-imports', filePath, code);
const complexityErrors = (filePath: string, code: string) => errorsOf('complexity', filePath, code);

/** A function with `paths` paths through it: one per `if`, and the way past them all. */
const functionWithPaths = (paths: number) =>
  [
    'export function pick(x) {',
    ...Array.from({ length: paths - 1 }, (_, i) => `  if (x === ${i}) return ${i};`),
    '  return -1;',
    '}',
    '',
  ].join('\n');

describe('the import-boundary lint rule (workspace packages depend one way)', () => {
  it.each([
    ['contracts/src/shared/x.ts', "import { x } from '@whosright/eventstore/port';"],
    ['contracts/src/shared/x.ts', "import { readFileSync } from 'node:fs';"],
    ['services/eventstore/src/x.ts', "import { x } from '@whosright/projections/store/port';"],
    ['services/eventstore/src/x.ts', "import { x } from '@whosright/api';"],
    ['projections/src/x.ts', "import { x } from '@whosright/api/platform/config';"],
    ['services/api/src/x.ts', "import { x } from '@whosright/web/lib/api-client';"],
    ['web/src/x.ts', "import { x } from '@whosright/eventstore/port';"],
    ['web/src/x.ts', "import { x } from '@whosright/projections/runner/runner';"],
    [
      'services/api/src/platform/x.ts',
      "import { x } from '../../../../projections/src/store/port';",
    ],
    ['services/api/src/story/decider.ts', "import Database from 'better-sqlite3';"],
    ['services/api/src/story/pool-decider.ts', "import { randomInt } from 'node:crypto';"],
    ['services/api/src/platform/x.ts', "import { x } from '#api/story/story-service';"],
    ['services/api/src/platform/x.ts', "import { x } from '#api/write/command-bus';"],
    ['services/api/src/write/x.ts', "import { x } from '#api/account/decider';"],
    ['services/api/src/story/x.ts', "import { x } from '../comment/comment-service';"],
    ['services/api/src/comment/x.ts', "import { x } from '#api/story/story-service';"],
    ['services/api/src/account/x.ts', "import { x } from '#api/app/compose';"],
    // Slices the rules once listed by hand forgot: every folder is a slice now.
    ['services/api/src/report/x.ts', "import { x } from '#api/story/story-service';"],
    ['services/api/src/automod/x.ts', "import { x } from '../comment/decider';"],
    ['services/api/src/member-history/x.ts', "import { x } from '#api/account/decider';"],
    ['services/api/src/notification/x.ts', "import { x } from '#api/app/compose';"],
    ['services/api/src/report/x.ts', "import { x } from '@whosright/sqlite/database';"],
    ['services/sqlite/src/x.ts', "import { x } from '@whosright/eventstore/port';"],
    ['testing/src/x.ts', "import { x } from '@whosright/eventstore/port';"],
    ['testing/src/x.ts', "import { x } from '@whosright/contracts/shared/events';"],
  ])('when %s imports across the boundary (%s) it fails', async (file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const y = x;\n`)).not.toHaveLength(0);
  });

  it.each([
    ['web/src/x.ts', "import { x } from '@whosright/contracts/shared/constants';"],
    ['services/api/src/x.ts', "import { x } from '@whosright/projections/store/port';"],
    ['services/api/src/x.ts', "import { x } from '@whosright/eventstore/port';"],
    ['projections/src/x.ts', "import { x } from '@whosright/eventstore/port';"],
    ['services/eventstore/src/x.ts', "import { x } from '@whosright/contracts/shared/events';"],
    ['services/api/src/story/x.ts', "import { x } from '#api/write/command-bus';"],
    ['services/api/src/story/x.ts', "import { x } from '#api/platform/errors';"],
    ['services/api/src/cli/x.ts', "import { x } from '#api/app/stores';"],
    ['services/api/src/story/x.spec.ts', "import { x } from '#api/app/test-server';"],
  ])('when %s imports along the one-way direction (%s) it passes', async (file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const y = x;\n`)).toEqual([]);
  });

  it.each([
    ['services/api/src/platform/x.ts', '@whosright/testing/free-port'],
    ['projections/src/store/x.ts', '@whosright/testing/mongo-server'],
    ['services/eventstore/src/sqlite/x.ts', '@whosright/testing/ts-child'],
    ['web/src/lib/x.ts', '@whosright/testing'],
  ])('when %s, neither a spec nor in testing/, imports %s it fails', async (file, from) => {
    const code = `import { x } from '${from}';\nexport const y = x;\n`;
    expect(await boundaryErrors(file, code)).toEqual([
      expect.stringContaining('Only specs and testing/ folders may import @whosright/testing'),
    ]);
  });

  it.each([
    ['services/api/src/platform/x.spec.ts', '@whosright/testing/redis-server'],
    ['projections/src/store/x.spec.ts', '@whosright/testing/mongo-server'],
    ['projections/src/testing/x.ts', '@whosright/testing/ts-child'],
    ['services/eventstore/src/testing/x.ts', '@whosright/testing/free-port'],
    ['web/e2e/global-setup.ts', '@whosright/testing/chromium'],
    ['web/playwright.config.ts', '@whosright/testing/local-service'],
  ])(
    'when %s, a spec, in testing/ or a browser journey, imports %s it passes',
    async (file, from) => {
      const code = `import { x } from '${from}';\nexport const y = x;\n`;
      expect(await boundaryErrors(file, code)).toEqual([]);
    },
  );
});

describe('the one-door-to-the-log lint rule (only the command bus holds the raw log)', () => {
  it.each([
    [
      'services/api/src/story/x.ts',
      "import type { EventStore } from '@whosright/eventstore/port';",
    ],
    [
      'services/api/src/replay/x.ts',
      "import type { LogReader } from '@whosright/eventstore/port';",
    ],
    [
      'services/api/src/account/x.ts',
      "import { commandOn } from '@whosright/eventstore/command/decide-many';",
    ],
    [
      'services/api/src/comment/x.ts',
      "import { foldStream } from '@whosright/eventstore/command/decide-one';",
    ],
    [
      'services/api/src/seed/x.ts',
      "import type { Decider } from '@whosright/eventstore/command/decider';",
    ],
    [
      'services/api/src/cli/x.ts',
      "import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';",
    ],
    [
      'services/api/src/moderation/x.ts',
      "import { forgettingEventStore } from '@whosright/eventstore/forgetting/forgetting-event-store';",
    ],
    [
      'services/api/src/story/decider.ts',
      "import type { EventStore } from '@whosright/eventstore/port';",
    ],
    [
      'services/api/src/comment/x.spec.ts',
      "import type { EventStore } from '@whosright/eventstore/port';",
    ],
  ])('when %s imports the raw log or its command helpers (%s) it fails', async (file, code) => {
    const errors = await boundaryErrors(file, `${code}\nexport const y = 1;\n`);
    expect(errors).toEqual([expect.stringMatching(/command bus|#api\/write\/commands/)]);
  });

  it.each([
    [
      'services/api/src/story/x.ts',
      "import type { ForgettingLog, RecordedEvent } from '@whosright/eventstore/port';",
    ],
    ['services/api/src/account/x.ts', "import { commandOn } from '#api/write/commands';"],
    [
      'services/api/src/write/x.ts',
      "import { decideMany } from '@whosright/eventstore/command/decide-many';",
    ],
    [
      'services/api/src/write/x.ts',
      "import type { EventStore } from '@whosright/eventstore/port';",
    ],
    [
      'services/api/src/app/x.ts',
      "import { createSqliteEventStore } from '@whosright/eventstore/sqlite/sqlite-event-store';",
    ],
    ['services/api/src/cli/x.ts', "import { openReplayStores } from '#api/app/replay-stores';"],
    [
      'services/api/src/story/x.spec.ts',
      "import { openLogElsewhere } from '#api/app/testing/log-elsewhere';",
    ],
  ])(
    'when %s reaches the log through the bus, the forgetting log or app/ (%s) it passes',
    async (file, code) => {
      expect(await boundaryErrors(file, `${code}\nexport const y = 1;\n`)).toEqual([]);
    },
  );
});

describe('the feature-import lint rule (web features do not import each other)', () => {
  it.each([
    [
      'web/src/features/comments/components/x.tsx',
      "import { x } from '#web/features/stories/api/story-keys.ts';",
    ],
    [
      'web/src/features/comments/components/x.tsx',
      "import { x } from '../../stories/api/story-keys.ts';",
    ],
    ['web/src/features/auth/api/x.ts', "export { x } from '#web/features/consent/lib/x.ts';"],
    [
      'web/src/features/auth/api/x.ts',
      "const { x } = await import('../../home/components/x.tsx');",
    ],
  ])('when %s imports another feature (%s) it fails', async (file, code) => {
    expect(await featureErrors(file, `${code}\nexport const y = x;\n`)).not.toHaveLength(0);
  });

  it.each([
    [
      'web/src/features/comments/components/x.tsx',
      "import { x } from '#web/features/comments/api/comment-keys.ts';",
    ],
    ['web/src/features/comments/components/x.tsx', "import { x } from '../lib/author-name.ts';"],
    ['web/src/features/comments/components/x.tsx', "import { x } from '#web/lib/api-client.ts';"],
    [
      'web/src/features/comments/components/x.tsx',
      "import { x } from '#web/components/ui/button.tsx';",
    ],
    ['web/src/routes/x.tsx', "import { x } from '#web/features/stories/api/story-keys.ts';"],
    ['web/src/app/x.tsx', "import { x } from '#web/features/comments/api/comment-keys.ts';"],
  ])('when %s imports its own feature or shared code (%s) it passes', async (file, code) => {
    expect(await featureErrors(file, `${code}\nexport const y = x;\n`)).toEqual([]);
  });
});

describe('the complexity lint rule (no function over 15 paths, anywhere)', () => {
  const everywhere = [
    'contracts/src/shared/x.ts',
    'services/eventstore/src/sqlite/x.ts',
    'projections/src/stories/x.ts',
    'services/api/src/story/x.ts',
    'services/api/src/cli/replay/x.ts',
    'services/api/src/platform/x.spec.ts',
    'web/src/features/stories/components/x.tsx',
    'web/src/lib/x.spec.tsx',
    'web/e2e/x.spec.ts',
    'scripts/bench/x.ts',
    'testing/src/x.ts',
    'scripts/x.mjs',
  ];

  it.each(everywhere)('when %s holds a function of 16 paths it fails', async (file) => {
    expect(await complexityErrors(file, functionWithPaths(16))).toEqual([
      expect.stringContaining('complexity of 16. Maximum allowed is 15'),
    ]);
  });

  it.each(everywhere)('when %s holds a function of 15 paths it passes', async (file) => {
    expect(await complexityErrors(file, functionWithPaths(15))).toEqual([]);
  });
});

describe('the API slices the room rules cover', () => {
  it('when a folder is added to services/api/src it is a slice under the rules, the shared rooms are not', () => {
    const src = mkdtempSync(join(tmpdir(), 'api-src-'));
    try {
      for (const room of [
        'app',
        'platform',
        'write',
        'cli',
        'seed',
        'testing',
        'story',
        'bookmark',
      ])
        mkdirSync(join(src, room));
      expect(apiSlicesIn(src)).toEqual(['bookmark', 'story']);
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
  });
});
