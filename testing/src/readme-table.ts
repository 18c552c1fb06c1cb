import { readFileSync } from 'node:fs';

/**
 * The names a README's table lists: the backquoted first cell of each row of the table whose
 * header's first cell is `firstHeader`. What a spec compares with the code's own list, so the
 * README cannot leave one out or name one that is gone.
 */
export function readmeTableNames(readme: URL, firstHeader: string): string[] {
  const rows = readFileSync(readme, 'utf8')
    .split('\n')
    .map((line) => line.trim());
  const header = rows.findIndex((row) => cellsOf(row)[0] === firstHeader);
  if (header < 0) throw new Error(`${readme.pathname} has no table headed "${firstHeader}"`);
  const names: string[] = [];
  // The header, then its separator row, then the rows up to the first line that is no row.
  for (const row of rows.slice(header + 2)) {
    if (!row.startsWith('|')) break;
    const name = /^`([^`]+)`$/.exec(cellsOf(row)[0] ?? '');
    if (name?.[1]) names.push(name[1]);
  }
  return names;
}

function cellsOf(row: string): string[] {
  if (!row.startsWith('|')) return [];
  return row
    .slice(1)
    .split('|')
    .map((cell) => cell.trim());
}

/**
 * A package's README import table and its package.json `exports`, side by side: `listed` the
 * README's names, `exported` the package's import paths, both sorted, for a spec to compare.
 */
export function readmeImportsAndExports(packageRoot: URL): {
  listed: string[];
  exported: string[];
} {
  const manifest = JSON.parse(readFileSync(new URL('package.json', packageRoot), 'utf8')) as {
    name: string;
    exports: Record<string, string>;
  };
  return {
    listed: readmeTableNames(new URL('README.md', packageRoot), 'import').sort(),
    exported: Object.keys(manifest.exports)
      .map((path) => manifest.name + path.slice(1))
      .sort(),
  };
}
