import { readmeImportsAndExports } from '@whosright/testing/readme-table';
import { describe, expect, it } from 'vitest';

describe("the eventstore README's list of imports", () => {
  it('when package.json exports a module it is listed, and when one is listed it is exported', () => {
    const { listed, exported } = readmeImportsAndExports(new URL('../', import.meta.url));
    expect(listed).toEqual(exported);
  });
});
