import type { TestServer } from '#api/app/test-server';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
  matchers?: Array<(path: string) => unknown>;
}

/** Every route of the running app's /api router, as "METHOD /path" (the path without /api). */
export function apiRoutes(server: TestServer): string[] {
  const app = server.running.server.listeners('request')[0] as { router?: { stack: Layer[] } };
  const mounts = (app.router?.stack ?? []).filter(
    (layer) => layer.handle?.stack && layer.matchers?.[0]?.('/api/health'),
  );
  if (mounts.length !== 1) throw new Error(`expected one router at /api, found ${mounts.length}`);
  return mounts[0]!.handle!.stack!.flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods).map((m) => `${m.toUpperCase()} ${layer.route!.path}`)
      : [],
  );
}
