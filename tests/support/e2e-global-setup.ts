import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { spawnSync } from "node:child_process";
import { repoRoot, snapshotProductionBuild, startAppServer, type AppServer } from "./app-server";
import { chromiumArgs, chromiumPath } from "./chromium";
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from "./fake-stripe";
import { createThrowawayDatabase, testDatabaseUrl, type ThrowawayDatabase } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** The production server every e2e file talks to, e.g. http://127.0.0.1:41234 */
    baseURL: string;
    /** One Chromium for the whole run; files connect with `chromium.connect()`. */
    browserWSEndpoint: string;
    /** "pglite" or "postgres": which database the server runs on. */
    databaseKind: string;
    /** The server's DATA_DIR: mail lands in outbox/mail/*.eml, texts in outbox/sms.jsonl. */
    dataDir: string;
    /** A super admin made with `npm run admin:create` before the server started (no TOTP yet). */
    adminEmail: string;
    adminPassword: string;
    /** An inbox:signups administrator (no TOTP yet) for tests/e2e/membership.test.ts. */
    staffEmail: string;
    staffPassword: string;
    /** A "groups" administrator (no TOTP yet) for tests/e2e/groups.test.ts. */
    groupsAdminEmail: string;
    groupsAdminPassword: string;
    /** An inbox:prayer + moderation administrator (no TOTP yet) for tests/e2e/prayer.test.ts. */
    prayerAdminEmail: string;
    prayerAdminPassword: string;
    /** An inbox:meetings administrator (no TOTP yet) for tests/e2e/plan-visit.test.ts. */
    visitAdminEmail: string;
    visitAdminPassword: string;
    /** An inbox:signups administrator (no TOTP yet) for tests/e2e/volunteers.test.ts. */
    volunteersAdminEmail: string;
    volunteersAdminPassword: string;
    /** A moderation-only administrator (no TOTP yet) for tests/e2e/discussions.test.ts. */
    discussionsModeratorEmail: string;
    discussionsModeratorPassword: string;
    /** A content + moderation administrator (no TOTP yet) for tests/e2e/gallery.test.ts. */
    galleryAdminEmail: string;
    galleryAdminPassword: string;
    /** A "giving" administrator (no TOTP yet) for tests/e2e/giving.test.ts. */
    givingAdminEmail: string;
    givingAdminPassword: string;
    /** A "store" administrator (no TOTP yet) for tests/e2e/store.test.ts. */
    storeAdminEmail: string;
    storeAdminPassword: string;
    /**
     * The local stand-in for the Stripe API the server is pointed at (STRIPE_API_URL):
     * `GET {fakeStripeURL}/_fake/sessions?email=…` lists the Checkout Sessions made, newest first.
     * Events for the server's webhook are signed with FAKE_STRIPE_WEBHOOK_SECRET (tests/support/fake-stripe.ts).
     */
    fakeStripeURL: string;
  }
}

const E2E_ADMIN = { email: "e2e-admin@example.test", password: "e2e-admin-long-passphrase", name: "Esther Admin" };
const E2E_GROUPS_ADMIN = { email: "e2e-groups-admin@example.test", password: "e2e-groups-long-passphrase", name: "Gideon Groups" };
const E2E_PRAYER_ADMIN = { email: "e2e-prayer-admin@example.test", password: "e2e-prayer-long-passphrase", name: "Priscilla Prayer" };
const E2E_VISIT_ADMIN = { email: "e2e-visit-admin@example.test", password: "e2e-visit-long-passphrase", name: "Victor Visit" };
// One administrator per browser-test file that signs one in: the first sign-in enrols the
// authenticator, which happens once per run.
const E2E_VOLUNTEERS_ADMIN = { email: "e2e-volunteers-admin@example.test", password: "e2e-volunteers-long-passphrase", name: "Vera Volunteers" };
const E2E_DISCUSSIONS_MODERATOR = { email: "e2e-discussions-mod@example.test", password: "e2e-discussions-long-passphrase", name: "Dorcas Discussions" };
const E2E_GALLERY_ADMIN = { email: "e2e-gallery-admin@example.test", password: "e2e-gallery-long-passphrase", name: "Gabriel Gallery" };
const E2E_GIVING_ADMIN = { email: "e2e-giving-admin@example.test", password: "e2e-giving-long-passphrase", name: "Grace Giving" };
const E2E_STORE_ADMIN = { email: "e2e-store-admin@example.test", password: "e2e-store-long-passphrase", name: "Silas Store" };
const E2E_STAFF = { email: "e2e-staff@example.test", password: "e2e-staff-long-passphrase", name: "Sam Staff" };

/** `npm run admin:create` exactly as an installer types it, against the run's database. */
function runAdminCreate(options: { dataDir: string; databaseUrl?: string; who?: { email: string; password: string; name: string; scopes: string } }): void {
  const who = options.who ?? { ...E2E_ADMIN, scopes: "admin:*" };
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: options.dataDir, LOG_LEVEL: "warn" };
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  else delete env.DATABASE_URL;
  const result = spawnSync(
    "npm",
    ["run", "--silent", "admin:create", "--", "--email", who.email, "--password", who.password, "--name", who.name, "--scopes", who.scopes],
    { cwd: repoRoot, env, encoding: "utf8", timeout: 120_000 },
  );
  if (result.status !== 0) throw new Error(`admin:create failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
}

/**
 * One production server (`node server.js`, fresh DATA_DIR, a throwaway PostgreSQL database
 * when TEST_DATABASE_URL is set, else PGlite) and one Chromium for the whole e2e run.
 */
export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "church-e2e-"));
  let snapshot: ReturnType<typeof snapshotProductionBuild> | undefined;
  let database: ThrowawayDatabase | undefined;
  let server: AppServer | undefined;
  let browser: BrowserServer | undefined;
  let fakeStripe: FakeStripe | undefined;

  const teardown = async () => {
    // Each step runs even if another fails; browser and server stop side by side.
    await Promise.all([
      browser?.close().catch((e: unknown) => console.warn("closing Chromium failed:", e)),
      server?.stop(4000).then(({ ms, code, signal }) => {
        if (ms > 5000) console.warn(`the e2e server took ${ms} ms to stop (code ${code}, signal ${signal})`);
      }),
    ]);
    await fakeStripe?.close().catch((e: unknown) => console.warn("closing the fake Stripe failed:", e));
    await database?.drop().catch((e: unknown) => console.warn("dropping the e2e database failed:", e));
    rmSync(dataDir, { recursive: true, force: true });
    snapshot?.remove();
  };

  try {
    snapshot = snapshotProductionBuild();
    if (testDatabaseUrl) database = await createThrowawayDatabase();
    // The command runs before the server: an embedded database has one writer at a time.
    runAdminCreate({ dataDir, databaseUrl: database?.url });
    runAdminCreate({ dataDir, databaseUrl: database?.url, who: { ...E2E_STAFF, scopes: "inbox:signups" } });
    runAdminCreate({ dataDir, databaseUrl: database?.url, who: { ...E2E_GROUPS_ADMIN, scopes: "groups" } });
    runAdminCreate({ dataDir, databaseUrl: database?.url, who: { ...E2E_PRAYER_ADMIN, scopes: "inbox:prayer,moderation" } });
    runAdminCreate({ dataDir, databaseUrl: database?.url, who: { ...E2E_VISIT_ADMIN, scopes: "inbox:meetings" } });
    runAdminCreate({ dataDir, databaseUrl: database?.url, who: { ...E2E_VOLUNTEERS_ADMIN, scopes: "inbox:signups" } });
    runAdminCreate({ dataDir, databaseUrl: database?.url, who: { ...E2E_DISCUSSIONS_MODERATOR, scopes: "moderation" } });
    runAdminCreate({ dataDir, databaseUrl: database?.url, who: { ...E2E_GALLERY_ADMIN, scopes: "content,moderation" } });
    runAdminCreate({ dataDir, databaseUrl: database?.url, who: { ...E2E_GIVING_ADMIN, scopes: "giving" } });
    runAdminCreate({ dataDir, databaseUrl: database?.url, who: { ...E2E_STORE_ADMIN, scopes: "store" } });
    fakeStripe = await startFakeStripe();
    const stripeEnv = { STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET, STRIPE_API_URL: fakeStripe.url };
    [server, browser] = await Promise.all([
      startAppServer({ cwd: snapshot.dir, dataDir, databaseUrl: database?.url, env: { RATE_LIMIT_IP_SCALE: "20", ...stripeEnv } }),
      chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs }),
    ]);
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide("baseURL", server.baseURL);
  project.provide("browserWSEndpoint", browser.wsEndpoint());
  project.provide("databaseKind", database ? "postgres" : "pglite");
  project.provide("dataDir", dataDir);
  project.provide("adminEmail", E2E_ADMIN.email);
  project.provide("adminPassword", E2E_ADMIN.password);
  project.provide("staffEmail", E2E_STAFF.email);
  project.provide("staffPassword", E2E_STAFF.password);
  project.provide("groupsAdminEmail", E2E_GROUPS_ADMIN.email);
  project.provide("groupsAdminPassword", E2E_GROUPS_ADMIN.password);
  project.provide("prayerAdminEmail", E2E_PRAYER_ADMIN.email);
  project.provide("prayerAdminPassword", E2E_PRAYER_ADMIN.password);
  project.provide("visitAdminEmail", E2E_VISIT_ADMIN.email);
  project.provide("visitAdminPassword", E2E_VISIT_ADMIN.password);
  project.provide("volunteersAdminEmail", E2E_VOLUNTEERS_ADMIN.email);
  project.provide("volunteersAdminPassword", E2E_VOLUNTEERS_ADMIN.password);
  project.provide("discussionsModeratorEmail", E2E_DISCUSSIONS_MODERATOR.email);
  project.provide("discussionsModeratorPassword", E2E_DISCUSSIONS_MODERATOR.password);
  project.provide("galleryAdminEmail", E2E_GALLERY_ADMIN.email);
  project.provide("galleryAdminPassword", E2E_GALLERY_ADMIN.password);
  project.provide("givingAdminEmail", E2E_GIVING_ADMIN.email);
  project.provide("givingAdminPassword", E2E_GIVING_ADMIN.password);
  project.provide("storeAdminEmail", E2E_STORE_ADMIN.email);
  project.provide("storeAdminPassword", E2E_STORE_ADMIN.password);
  project.provide("fakeStripeURL", fakeStripe.url);
  return teardown;
}
