// Watch live (issue 6): the coming-soon page in both languages, and a live stream's chat in
// two browsers (two members; one a moderator) on a server of this file's own, prepared with
// the app's operations before it starts (the embedded database has one writer at a time).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, describe, expect, test } from "vitest";
import { profiles, userRoles, users } from "~/db/schema";
import { createAuthNotifier } from "~/features/auth/auth-notifier.server";
import { seedDemoChurch } from "~/seed/seed-demo-church.server";
import { startLiveStream } from "~/features/live/start-live-stream.server";
import { authCallContext, createAuth, getAuth, setAuth } from "~/server/auth.server";
import { openDatabase, setDatabase, type AppDatabase } from "~/server/db.server";
import { snapshotProductionBuild, startAppServer, type AppServer } from "../support/app-server";
import { setupBrowser, visit } from "../support/browser";
import { createThrowawayDatabase, testDatabaseUrl, type ThrowawayDatabase } from "../support/test-database";
import { expectNoAxeViolations, fitsWidth } from "../support/page-checks";

const browser = setupBrowser();
const AUTH_SECRET = "watch-e2e-secret-0123456789abcdef-0123";

describe("watch live", () => {
  test.each([
    ["en", "Watch Live", "Coming soon", "Watch Online", "Previous Sermons", "Service times"],
    ["es", "Ver en vivo", "Muy pronto", "Ver en línea", "Sermones anteriores", "Horarios de servicio"],
  ] as const)("no stream: the coming-soon state (%s)", async (language, title, badge, watchOnline, previous, times) => {
    const page = await browser.newPage();
    await visit(page, `/watch?lang=${language}`);
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).innerText()).toBe(title);
    expect(await main.getByText(badge, { exact: true }).count()).toBe(1);
    expect(await main.getByRole("link", { name: watchOnline }).getAttribute("href")).toBe("/watch");
    expect(await main.getByRole("link", { name: previous }).getAttribute("href")).toBe("/sermons");
    expect(await main.getByRole("heading", { name: times }).count()).toBe(1);
    expect(await main.getByRole("timer").count()).toBe(1);
    await expectNoAxeViolations(page, `/watch?lang=${language}`);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await fitsWidth(page)).toBe(true);
  });

  describe("with a stream", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "watch-e2e-"));
    let snapshot: ReturnType<typeof snapshotProductionBuild> | undefined;
    let database: ThrowawayDatabase | undefined;
    let server: AppServer | undefined;
    afterAll(async () => {
      await server?.stop(4000);
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      snapshot?.remove();
    });

    /** The database the server will open, prepared first: two members (one moderator) and a stream. */
    async function prepare() {
      if (testDatabaseUrl) database = await createThrowawayDatabase();
      const handle = await openDatabase(database ? { databaseUrl: database.url } : { dataDir });
      const cookies: string[] = [];
      try {
        await handle.migrate();
        const db: AppDatabase = handle.db;
        await seedDemoChurch({ db });
        setDatabase(handle);
        setAuth(
          createAuth({
            db,
            publicUrl: "http://127.0.0.1",
            secret: AUTH_SECRET,
            notifier: createAuthNotifier({ db, publicUrl: "http://127.0.0.1" }),
          }),
        );
        for (const [name, role] of [
          ["Ruth Viewer", null],
          ["Miriam Moderator", "moderator"],
        ] as const) {
          const email = `watch-${randomBytes(4).toString("hex")}@example.test`;
          const password = "grace-and-peace-7";
          await authCallContext.run({ language: "en", signup: { fullName: name, username: "", displayName: name, phone: null } }, () =>
            getAuth().api.signUpEmail({ body: { name, email, password } }),
          );
          await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
          const signedIn = await getAuth().api.signInEmail({ body: { email, password }, returnHeaders: true });
          const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
          // The guided tour starts by itself for a new member and would cover the chat.
          await db.update(profiles).set({ hasCompletedTour: true, tourCompletionDate: new Date() }).where(eq(profiles.id, user!.id));
          if (role) await db.insert(userRoles).values({ userId: user!.id, role });
          cookies.push(
            signedIn.headers
              .getSetCookie()
              .map((c) => c.split(";")[0])
              .join("; "),
          );
        }
        const [moderator] = await db.select({ id: users.id }).from(userRoles).innerJoin(users, eq(users.id, userRoles.userId));
        await startLiveStream({
          db,
          actor: { userId: moderator!.id, name: "Miriam Moderator" },
          input: {
            titleEn: "Sunday Worship Live",
            titleEs: "Culto dominical en vivo",
            source: { provider: "youtube", youtubeVideoId: "dQw4w9WgXcQ" },
            chatEnabled: true,
          },
        });
      } finally {
        setAuth(undefined);
        setDatabase(undefined);
        await handle.close();
      }
      return cookies;
    }

    async function memberPage(baseURL: string, cookie: string): Promise<Page> {
      const page = await browser.newPage({ baseURL });
      await page.context().addCookies(
        cookie.split("; ").map((pair) => {
          const [name, ...rest] = pair.split("=");
          return { name: name!, value: rest.join("="), url: baseURL };
        }),
      );
      await visit(page, "/watch");
      return page;
    }

    test("two members chat; a moderator deletes a message and it leaves both screens", async () => {
      const [viewerCookie, moderatorCookie] = await prepare();
      snapshot = snapshotProductionBuild();
      server = await startAppServer({ cwd: snapshot.dir, dataDir, databaseUrl: database?.url, env: { AUTH_SECRET } });
      const ruth = await memberPage(server.baseURL, viewerCookie!);
      const miriam = await memberPage(server.baseURL, moderatorCookie!);

      for (const page of [ruth, miriam]) {
        expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Watch Live");
        expect(await page.locator('iframe[src^="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ"]').getAttribute("title")).toBe(
          "Live stream: Sunday Worship Live",
        );
      }
      const log = (page: Page) => page.getByRole("log", { name: "Chat messages" });
      expect(await log(ruth).getAttribute("aria-live")).toBe("polite");

      const text = `Peace be with you ${randomBytes(2).toString("hex")} <b>not bold</b>`;
      await ruth.getByLabel("Your message").fill(text);
      await ruth.getByRole("button", { name: "Send" }).click();
      await expect.poll(() => log(miriam).getByText(text, { exact: true }).count()).toBe(1);
      await expect.poll(() => log(ruth).getByText(text, { exact: true }).count()).toBe(1);
      expect(await log(miriam).locator("b").count()).toBe(0);
      expect(await ruth.getByLabel("Your message").inputValue()).toBe("");

      await expectNoAxeViolations(miriam, "/watch with a stream (moderator)");
      await miriam.getByText("Moderate", { exact: true }).last().click();
      await miriam.getByRole("button", { name: "Delete message" }).last().click();
      await expect.poll(() => log(miriam).getByText(text, { exact: true }).count()).toBe(0);
      await expect.poll(() => log(ruth).getByText(text, { exact: true }).count()).toBe(0);

      await expectNoAxeViolations(ruth, "/watch with a stream (member)");
      await ruth.setViewportSize({ width: 360, height: 800 });
      expect(await fitsWidth(ruth)).toBe(true);
    });
  });
});
