import { test, expect, loginAs } from './fixtures';

// The worker's page is handed from test to test (page-pool.ts): what one test leaves in it must
// not reach the next. The two tests run in order in one worker.
test.describe.configure({ mode: 'serial' });

let firstPage: unknown;
const seen: string[] = [];

test('a test leaves storage, a session, an init script, a route, a listener and a narrow viewport behind', async ({ page, world }) => {
  firstPage = page;
  await loginAs(page, world, world.admin.email, '/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.addInitScript(() => localStorage.setItem('left-by-the-first-test', 'yes'));
  await page.route('**/api/health', (route) => route.fulfill({ status: 503, body: '{}' }));
  page.on('request', (r) => seen.push(r.url()));
  await page.setViewportSize({ width: 375, height: 700 });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(async () => {
    sessionStorage.setItem('left-in-session', 'yes');
    document.cookie = 'left=yes; path=/';
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('left-by-the-first-test');
      open.onsuccess = () => resolve();
      open.onerror = () => reject(open.error);
    });
  });
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
});

test('the next test gets the same page with none of it: logged out, default viewport and media, no script, route or listener', async ({ page }) => {
  expect(page).toBe(firstPage);
  seen.length = 0;
  await page.goto('/home');
  // Logged out: the guard sends the visitor to login.
  await expect(page).toHaveURL(/\/login/);
  expect(seen).toEqual([]);
  expect(page.viewportSize()).toEqual({ width: 1280, height: 720 });
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(false);
  const left = await page.evaluate(async () => ({
    local: ['accessToken', 'refreshToken', 'userData', 'left-by-the-first-test'].filter((k) => localStorage.getItem(k) !== null),
    session: sessionStorage.getItem('left-in-session'),
    cookie: document.cookie.includes('left=yes'),
    databases: (await indexedDB.databases()).map((d) => d.name).filter((n) => n === 'left-by-the-first-test'),
    // The first test's route answered 503.
    health: await fetch('/api/health').then((r) => r.status),
  }));
  expect(left).toEqual({ local: [], session: null, cookie: false, databases: [], health: 200 });
});
