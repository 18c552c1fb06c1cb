import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('the import-boundary lint rule (DESIGN.md section 3)', () => {
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
});
