import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'eventstore',
    environment: 'node',
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // A worker's files share one module graph: each file importing the whole package anew was
    // most of the suite's time. No spec here replaces a module (`vi.mock`).
    isolate: false,
  },
});
