import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH, chromiumArgs } from './scripts/chromium';

// DynamoDB Local's Java on the client compiler alone, passwords hashed at scrypt cost 2^10
// (vitest.config.ts says why).
process.env.DYNAMODB_LOCAL_JAVA_OPTS ??= '-XX:TieredStopAtLevel=1';
process.env.PASSWORD_SCRYPT_N ??= '1024';
// One server for the whole run (tests/e2e/global-setup.ts); its port is chosen here, in the main
// process, and inherited by the workers through the environment.
process.env.E2E_PORT ??= String(41000 + Math.floor(Math.random() * 2000));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/global-setup.ts',
  workers: 2,
  fullyParallel: true,
  // One retry: a test that fails twice fails the run; one that passes on the retry is reported as flaky.
  retries: 1,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // Service workers only in the update-prompt test, which opts in.
    serviceWorkers: 'block',
    trace: 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: chromiumArgs() },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
