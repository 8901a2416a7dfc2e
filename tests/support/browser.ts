import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, inject } from "vitest";
import { e2eServer } from "./e2e-server";

export const baseURL = e2eServer().baseURL;

export interface NewPageOptions extends BrowserContextOptions {
  /**
   * Console errors this test expects (e.g. Chromium's "Failed to load resource … 404" for a
   * document that is a 404 on purpose). Anything else fails the test.
   */
  allowConsoleErrors?: RegExp[];
  /**
   * Behave as a first-time visitor (the welcome dialog opens 1.5 s after load). Off by
   * default: other tests would otherwise race that dialog.
   */
  firstVisit?: boolean;
}

interface Session {
  context: BrowserContext;
  problems: string[];
  allowConsoleErrors: RegExp[];
}

export interface BrowserFixture {
  /** A page in a fresh context (own cookies and storage) on the e2e server. */
  newPage(options?: NewPageOptions): Promise<Page>;
  /**
   * The file's page for `key`, made by the first call with these options and kept until the
   * file ends: for tests that each load a page and look at it (axe, widths, Tab order), which
   * then skip a new context and a cold cache. Only `allowConsoleErrors` may change between calls.
   */
  keptPage(key: string, options?: NewPageOptions): Promise<Page>;
  /** The problems collected so far in this test (console errors, page errors). */
  problems(): string[];
}

/**
 * Connects this test file to the run's shared Chromium. Every page it opens fails its test
 * on a `console.error` or an uncaught page error (checked after the test).
 */
export function setupBrowser(): BrowserFixture {
  let browser: Browser | undefined;
  let sessions: Session[] = [];
  const kept = new Map<string, { session: Session; page: Page }>();
  const all = () => [...sessions, ...[...kept.values()].map((k) => k.session)];

  beforeAll(async () => {
    browser = await chromium.connect(inject("browserWSEndpoint"));
  });
  afterAll(async () => {
    await Promise.all([...kept.values()].map(({ session }) => session.context.close().catch(() => {})));
    await browser?.close();
  });
  afterEach(async () => {
    const problems = all().flatMap((s) => s.problems.splice(0));
    const done = sessions;
    sessions = [];
    await Promise.all(done.map((s) => s.context.close().catch(() => {})));
    expect(problems, "console.error or uncaught errors in the page").toEqual([]);
  });

  const open = async ({ allowConsoleErrors = [], firstVisit = false, ...options }: NewPageOptions = {}) => {
    if (!browser) throw new Error("setupBrowser(): the browser is not connected yet");
    const context = await browser.newContext({
      baseURL,
      locale: "en-US",
      viewport: { width: 1280, height: 800 },
      // The site's service worker (tests/e2e/pwa.test.ts allows it) would otherwise answer
      // other files' requests from its cache.
      serviceWorkers: "block",
      ...options,
    });
    const session: Session = { context, problems: [], allowConsoleErrors };
    if (!firstVisit) {
      await context.addInitScript(() => {
        try {
          if (!localStorage.getItem("first-visit-done")) localStorage.setItem("first-visit-done", "e2e");
        } catch {
          // about:blank and opaque origins have no storage.
        }
      });
    }
    const page = await context.newPage();
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      const text = message.text();
      if (session.allowConsoleErrors.some((pattern) => pattern.test(text))) return;
      const where = message.location().url;
      session.problems.push(`console.error on ${page.url()}: ${text}${where ? ` (${where})` : ""}`);
    });
    page.on("pageerror", (error) => {
      session.problems.push(`uncaught error on ${page.url()}: ${error.stack ?? error.message}`);
    });
    return { session, page };
  };

  return {
    async newPage(options = {}) {
      const { session, page } = await open(options);
      sessions.push(session);
      return page;
    },
    async keptPage(key, options = {}) {
      let entry = kept.get(key);
      if (entry?.page.isClosed()) {
        await entry.session.context.close().catch(() => {});
        entry = undefined;
      }
      if (!entry) {
        entry = await open(options);
        kept.set(key, entry);
      }
      entry.session.allowConsoleErrors = options.allowConsoleErrors ?? [];
      return entry.page;
    },
    problems: () => all().flatMap((s) => s.problems),
  };
}

/** Waits until React has hydrated the server-rendered document (the page is interactive). */
export async function waitForHydration(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const w = window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } };
        // Hydration runs in a transition, in slices and in document order: the page is
        // interactive once the last link of the shell (the footer's, or the header's on
        // pages without the shell) carries React's props.
        const links = document.querySelectorAll("footer a, header a");
        const last = links[links.length - 1];
        return (
          Boolean(w.__reactRouterDataRouter?.state.initialized) &&
          last !== undefined &&
          Object.keys(last).some((key) => key.startsWith("__reactProps$"))
        );
      },
      undefined,
      { timeout: 20_000 },
    )
    .catch(async (error: Error) => {
      // What the page was when it gave up: enough to tell a page that never loaded its scripts
      // from one that hydrated into something without the shell.
      const state = await page
        .evaluate(() => {
          const w = window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean; navigation: { state: string } } } };
          const links = document.querySelectorAll("footer a, header a");
          return {
            url: location.href,
            readyState: document.readyState,
            router: w.__reactRouterDataRouter
              ? { initialized: w.__reactRouterDataRouter.state.initialized, navigation: w.__reactRouterDataRouter.state.navigation.state }
              : null,
            shellLinks: links.length,
            h1: document.querySelector("h1")?.textContent ?? null,
            scripts: [...document.querySelectorAll("script[src], link[rel=modulepreload]")].length,
          };
        })
        .catch((reason: Error) => ({ unreadable: reason.message }));
      throw new Error(`${error.message}\npage not hydrated: ${JSON.stringify(state)}`, { cause: error });
    });
}

/** Loads a page, checks the document answered `status` (200 by default), waits for hydration. */
export async function visit(page: Page, path: string, status = 200): Promise<void> {
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response, `no response for ${path}`).not.toBeNull();
  expect(response!.status(), `HTTP status of ${path}`).toBe(status);
  await waitForHydration(page);
}

/** Navigates the way a <Link> click does, for paths no link on the page points to. */
export async function clientNavigate(page: Page, to: string): Promise<void> {
  await page.evaluate((target) => {
    const w = window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } };
    return w.__reactRouterDataRouter.navigate(target);
  }, to);
}
