import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'functions/**/*.test.ts', 'tests/**/*.test.ts', 'infra/**/*.test.ts', 'web/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    globalSetup: ['./vitest.global-setup.ts'],
    setupFiles: ['./vitest.setup.ts'],
    pool: 'forks',
    // Two files at a time (Vitest's default here is one: the cores less one). The integration
    // tests wait on DynamoDB Local and on child processes more than they compute, each in its own
    // company, so two run side by side and the suite takes less time (figures in the closing note).
    maxWorkers: 2,
    // Files share a worker's module graph (each still runs its setup file and makes its own company):
    // 20 s less over the suite on this machine, every test passing the same.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
