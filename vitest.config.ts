import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'functions/**/*.test.ts', 'tests/**/*.test.ts', 'infra/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    globalSetup: ['./vitest.global-setup.ts'],
    setupFiles: ['./vitest.setup.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
