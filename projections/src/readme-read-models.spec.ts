import { readmeTableNames } from '@whosright/testing/readme-table';
import { describe, expect, it } from 'vitest';
import { readModels } from './read-models';

const readme = new URL('../README.md', import.meta.url);

describe("the projections README's list of read models", () => {
  it('when a read model runs it is listed, and when one is listed it runs', () => {
    const listed = readmeTableNames(readme, 'read model');
    expect([...listed].sort()).toEqual(readModels.map((model) => model.name).sort());
  });
});
