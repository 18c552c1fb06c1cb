/**
 * `npm run build:server`: the server compiled to one JavaScript file for the image (no tsx at run
 * time): `services/api/dist/app/main.mjs`, beside the checkpointer's worker thread. Our own
 * packages (`@whosright/*`, `#api/*`) are bundled; every third-party package stays an import,
 * resolved from node_modules at run time (argon2 and better-sqlite3 are native).
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Where `server.ts`'s `../../../../web/dist` still reaches the built web app. */
const SERVER_BUNDLE = join(root, 'services/api/dist/app/main.mjs');

const rootModules = join(root, 'node_modules') + sep;

/**
 * Third-party imports stay imports when the bundle's own folder resolves them to the same copy:
 * the root node_modules. A package one workspace installed apart (another version than the root's)
 * is bundled instead, as the bundle would otherwise load the root's.
 */
const thirdPartyExternal: Plugin = {
  name: 'third-party-external',
  setup(bundler) {
    bundler.onResolve({ filter: /^[^./#]/ }, async (args) => {
      if (args.path.startsWith('@whosright/') || args.pluginData === 'resolving') return undefined;
      const resolved = await bundler.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'resolving',
      });
      const fromRoot = resolved.path.startsWith(rootModules) || resolved.path.startsWith('node:');
      return fromRoot || resolved.external ? { path: args.path, external: true } : undefined;
    });
  },
};

export async function buildServer(): Promise<string> {
  await build({
    entryPoints: [join(root, 'services/api/src/app/main.ts')],
    outfile: SERVER_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [thirdPartyExternal],
  });
  mkdirSync(join(root, 'services/api/dist/app'), { recursive: true });
  copyFileSync(
    join(root, 'services/eventstore/src/sqlite/checkpointer.worker.mjs'),
    join(root, 'services/api/dist/app/checkpointer.worker.mjs'),
  );
  return SERVER_BUNDLE;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`Server built: ${await buildServer()}`);
}
