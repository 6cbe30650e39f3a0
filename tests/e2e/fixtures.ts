import { test as base, expect, type Page } from '@playwright/test';
import { call, makeWorld, PASSWORD, type World } from '../../functions/src/testing/world';
import { seedSessionOnNextLoad } from './auth-helpers';
import { PagePool } from './page-pool';

export { expect, PASSWORD };

/**
 * Logs in through the API and opens `path` with the session stored as the app stores it: the
 * session is written before the app's scripts run on that first load (one load of the app, not
 * two), and only once, so a later logout or reload in the test is not undone. `preferences` (the
 * customizer's, by name) are stored on that same load, replacing any stored before.
 */
export async function loginAs(page: Page, world: World, email: string, path = '/home', preferences?: Record<string, string>): Promise<void> {
  const { data } = await world.login(email);
  await seedSessionOnNextLoad(page, data, preferences);
  await page.goto(path);
}

/**
 * The language is kept with the user (docs/decisions.md "Auth"): a test that turns a user's
 * screens to English puts them back, so the other tests of the worker's company find Portuguese.
 */
export async function keepPortuguese(world: World, ...emails: string[]): Promise<void> {
  for (const email of emails) {
    const { accessToken } = await world.login(email);
    const res = await call('PUT', '/api/auth/me/language', { token: accessToken, body: { language: 'pt' } });
    expect(res.status).toBe(200);
  }
}

/**
 * A fresh company per test file (worker-scoped), made through the product's provisioning; and the
 * worker's page, reset between tests (page-pool.ts says what is reset and when a test gets a new one).
 */
export const test = base.extend<object, { world: World; pagePool: PagePool }>({
  world: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function destructures
    async ({}, use, workerInfo) => {
      await use(await makeWorld(`E2E ${workerInfo.workerIndex}`));
    },
    { scope: 'worker' },
  ],
  pagePool: [
    async ({ browser }, use) => {
      const pool = new PagePool(browser);
      await use(pool);
      await pool.close();
    },
    { scope: 'worker' },
  ],
  page: async ({ pagePool, baseURL, viewport, colorScheme, locale, timezoneId, geolocation, permissions, serviceWorkers, contextOptions }, use, testInfo) => {
    const page = await pagePool.take({ ...contextOptions, baseURL, viewport, colorScheme, locale, timezoneId, geolocation, permissions, serviceWorkers });
    await use(page);
    await pagePool.release(testInfo.status === testInfo.expectedStatus);
  },
});
