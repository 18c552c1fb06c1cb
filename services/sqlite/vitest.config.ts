import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'sqlite',
    environment: 'node',
    include: ['src/**/*.spec.ts', 'test/**/*.spec.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
