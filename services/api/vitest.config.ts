import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file in a module graph of its own: shared, the Redis-outage mail spec waited in vain
    // for its mail in one clean-clone run (BullMQ and mail state an earlier file left behind).
    isolate: true,
  },
});
