import { defineConfig } from 'vitest/config';

// The DynamoDB Locals of the products the tests start as processes (and of the browser tests) run
// Java on the client compiler alone: a short run's requests cost it about a quarter less CPU than
// with the server compiler warming up (docs/decisions.md "Test time"). The run's own DynamoDB Local
// (vitest.global-setup.ts) keeps the server compiler, which pays for itself over the whole run.
// Inherited by the workers and by those processes.
process.env.DYNAMODB_LOCAL_JAVA_OPTS ??= '-XX:TieredStopAtLevel=1';
// Passwords hashed at scrypt cost 2^10 instead of 2^14 (packages/core/src/auth/password.ts): the
// thousands of users and logins the tests make cost 4 ms of CPU each instead of 57.
process.env.PASSWORD_SCRYPT_N ??= '1024';
// Batch reads and writes retry a leftover after 1, 2, 4 ... ms instead of 25, 50, 100 ... ms
// (packages/core/src/db/batch.ts): the tests of leftovers that never clear make every attempt
// without waiting 3.5 s each.
process.env.BATCH_RETRY_BASE_MS ??= '1';
// A batch's WhatsApp sends without the pause Meta's throughput asks for (packages/core/src/messages/batches.ts).
process.env.WHATSAPP_SEND_INTERVAL_MS ??= '0';
// Forgot-password answers without its floor of time (packages/core/src/auth/index.ts).
process.env.AUTH_FORGOT_MIN_MS ??= '0';
// The request limits are off but in their own test (functions/src/rate-limit.integration.test.ts).
process.env.RATE_LIMIT_COMPANY ??= '0';
process.env.RATE_LIMIT_ADDRESS ??= '0';

export default defineConfig({
  test: {
    include: ['packages/**/*.test.ts', 'functions/**/*.test.ts', 'tests/**/*.test.ts', 'infra/**/*.test.ts', 'web/src/**/*.test.ts'],
    exclude: ['**/node_modules/**', 'tests/e2e/**'],
    globalSetup: ['./vitest.global-setup.ts'],
    setupFiles: ['./vitest.setup.ts'],
    pool: 'forks',
    // Three files at a time (Vitest's default here is one: the cores less one). The integration
    // tests wait on DynamoDB Local and on child processes more than they compute, each in its own
    // company, so a third file fills the others' waits (docs/decisions.md "Test time": 366 s → 344 s).
    maxWorkers: 3,
    // Files share a worker's module graph (each still runs its setup file and makes its own company):
    // 20 s less over the suite on this machine, every test passing the same.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
