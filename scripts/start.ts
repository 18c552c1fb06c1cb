/**
 * `npm start`: checks the configuration, builds the web app when its sources are newer than
 * the build (or there is no build), then runs the embedded server in this process.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../services/api/src/platform/config';
import { buildWeb } from './build-web';

const root = fileURLToPath(new URL('..', import.meta.url));

try {
  loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'e2e') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const builtIndex = join(root, 'web/dist/index.html');
const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'contracts/src']
  .map((p) => join(root, p))
  .filter(existsSync);
const stale =
  !existsSync(builtIndex) || sources.some((p) => newestMtime(p) > statSync(builtIndex).mtimeMs);

if (stale) {
  console.log('Building the web app (first start or sources changed)...');
  try {
    buildWeb();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

await import('../services/api/src/app/main');
