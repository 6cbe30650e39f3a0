import type { Browser, BrowserContext, BrowserContextOptions, Disposable, Page } from '@playwright/test';

/**
 * One browser page per worker, handed from test to test and reset in between (docs/decisions.md
 * "Test time"). A new context and a new page for every test start a renderer with nothing cached:
 * the app's first load then costs about twice a load in a page that has loaded it before.
 *
 * What a test leaves behind is undone after it: its other pages, routes, init scripts and
 * listeners, the origin's cookies, local and session storage, IndexedDB, caches and service
 * workers, the navigation history and the emulated media; the page is left on `about:blank`. The
 * HTTP cache stays (it holds only the app's files: API answers are not cacheable), as a user's
 * does. Each test's viewport, colour scheme, permissions and geolocation are set when the page is
 * handed over; other context options (a locale, a time zone) get a context of their own, kept
 * while the next tests ask for the same.
 *
 * What cannot be undone makes the page used once, and the next test gets a new context: a failed
 * test, the clock (`page.clock`), the context's offline mode, extra headers and credentials, and
 * exposed functions. A test that asks for Playwright's `context` fixture gets a fresh context of
 * its own, as before.
 */
export class PagePool {
  private current: { key: string; context: BrowserContext; page: Page; options: BrowserContextOptions } | undefined;
  private undo: (() => Promise<unknown>)[] = [];
  private usedOnce = false;

  constructor(private readonly browser: Browser) {}

  async take(options: BrowserContextOptions): Promise<Page> {
    // The viewport, the colour scheme, permissions and geolocation are set on the page and the
    // context at each take; the other options need a context of their own.
    const { viewport, colorScheme, permissions, geolocation, ...rest } = options;
    const key = JSON.stringify(rest);
    if (this.current && this.current.key !== key) await this.discard();
    if (!this.current) {
      const context = await this.browser.newContext(options);
      const page = await context.newPage();
      this.current = { key, context, page, options };
      this.watch(page, context);
    } else {
      const { context, page } = this.current;
      if (viewport && JSON.stringify(page.viewportSize()) !== JSON.stringify(viewport)) await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: colorScheme ?? 'light' });
      await context.clearPermissions();
      if (permissions?.length) await context.grantPermissions(permissions);
      await context.setGeolocation(geolocation ?? null);
      this.current.options = options;
    }
    this.undo = [];
    this.usedOnce = false;
    return this.current.page;
  }

  /** After a test: resets the page for the next one, or closes its context when it cannot. */
  async release(passed: boolean): Promise<void> {
    const current = this.current;
    if (!current) return;
    if (!passed || this.usedOnce || current.page.isClosed()) return this.discard();
    try {
      await this.reset(current);
    } catch {
      await this.discard();
    }
  }

  async close(): Promise<void> {
    await this.discard();
  }

  private async discard(): Promise<void> {
    const current = this.current;
    this.current = undefined;
    await current?.context.close().catch(() => undefined);
  }

  private async reset({ context, page, options }: NonNullable<PagePool['current']>): Promise<void> {
    for (const other of context.pages()) if (other !== page) await other.close();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    for (const step of this.undo.reverse()) await step();
    this.undo = [];
    const origin = new URL(options.baseURL ?? 'http://invalid').origin;
    if (page.url().startsWith(`${origin}/`)) await page.evaluate(() => sessionStorage.clear());
    else if (page.url() !== 'about:blank') throw new Error('the page left the origin: its session storage cannot be cleared');
    await page.goto('about:blank');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Storage.clearDataForOrigin', {
      origin,
      storageTypes: 'cookies,indexeddb,local_storage,service_workers,cache_storage,file_systems,websql,shared_storage,storage_buckets',
    });
    await cdp.send('Page.resetNavigationHistory');
    await cdp.detach();
    await context.clearCookies();
    await page.emulateMedia({ media: null, reducedMotion: null, forcedColors: null, contrast: null });
  }

  /**
   * Wraps the page's and the context's methods whose effect outlives the test: init scripts and
   * listeners are recorded to be removed; the rest mark the page as used once.
   */
  private watch(page: Page, context: BrowserContext): void {
    const keepDisposable = (target: Page | BrowserContext) => {
      const original = target.addInitScript.bind(target) as (...args: unknown[]) => Promise<Disposable>;
      (target as { addInitScript: unknown }).addInitScript = async (...args: unknown[]) => {
        const disposable = await original(...args);
        this.undo.push(() => disposable.dispose());
        return disposable;
      };
    };
    const keepListeners = (target: Page | BrowserContext) => {
      for (const name of ['on', 'once', 'addListener', 'prependListener', 'prependOnceListener'] as const) {
        const original = (target as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!.bind(target);
        (target as unknown as Record<string, unknown>)[name] = (event: string, listener: (...a: unknown[]) => unknown) => {
          this.undo.push(async () => (target as unknown as { removeListener: (e: string, l: unknown) => void }).removeListener(event, listener));
          return original(event, listener);
        };
      }
    };
    const usedOnce = (target: object, names: string[]) => {
      for (const name of names) {
        const original = (target as Record<string, (...a: unknown[]) => unknown>)[name]!.bind(target);
        (target as Record<string, unknown>)[name] = (...args: unknown[]) => {
          this.usedOnce = true;
          return original(...args);
        };
      }
    };
    keepDisposable(page);
    keepDisposable(context);
    keepListeners(page);
    keepListeners(context);
    usedOnce(page, ['exposeFunction', 'exposeBinding']);
    usedOnce(context, ['setOffline', 'setExtraHTTPHeaders', 'setHTTPCredentials', 'exposeFunction', 'exposeBinding']);
    usedOnce(page.clock, ['install', 'setFixedTime', 'setSystemTime', 'pauseAt', 'runFor', 'fastForward', 'resume']);
  }
}
