/**
 * Writes src/route-tree.gen.ts (gitignored) from src/routes without running Vite, so
 * `tsc -p web` works on a fresh checkout: `npm run routes -w @whosright/web`.
 * Same settings as the Vite plugin (tsr.config.json).
 */
import { fileURLToPath } from 'node:url';
import { Generator, getConfig } from '@tanstack/router-generator';

const root = fileURLToPath(new URL('..', import.meta.url));
const config = getConfig({}, root);
await new Generator({ config, root }).run();
console.log(`route tree written to ${config.generatedRouteTree}`);
