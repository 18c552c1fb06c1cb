import { readFileSync } from 'node:fs';
import { readmeTableNames } from '@whosright/testing/readme-table';
import { describe, expect, it } from 'vitest';

const readme = new URL('../README.md', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  name: string;
  exports: Record<string, string>;
};

describe("the sqlite README's list of imports", () => {
  it('when package.json exports a module it is listed, and when one is listed it is exported', () => {
    const exported = Object.keys(manifest.exports).map((path) => manifest.name + path.slice(1));
    expect([...readmeTableNames(readme, 'import')].sort()).toEqual(exported.sort());
  });
});
