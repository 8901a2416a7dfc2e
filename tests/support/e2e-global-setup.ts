import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type BrowserServer } from "playwright-core";
import type { TestProject } from "vitest/node";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { repoRoot, snapshotProductionBuild, startAppServer, type AppServer } from "./app-server";
import { chromiumArgs, chromiumPath } from "./chromium";
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from "./fake-stripe";
import type { E2eServer } from "./e2e-server";

declare module "vitest" {
  export interface ProvidedContext {
    /** The production servers, one per e2e worker (tests/support/e2e-server.ts picks a file's). */
    e2eServers: E2eServer[];
    /** One Chromium for the whole run; files connect with `chromium.connect()`. */
    browserWSEndpoint: string;
    /** A super admin made with `npm run admin:create` before the server started; signs in through the page (tests/e2e/admin-portal.test.ts). */
    adminEmail: string;
    adminPassword: string;
    /** A super admin (a portal session in adminSessionTokens) for tests/e2e/admin-sections.test.ts. */
    sectionsAdminEmail: string;
    /** An inbox:signups administrator (a portal session in adminSessionTokens) for tests/e2e/membership.test.ts. */
    staffEmail: string;
    /** A "groups" administrator (a portal session in adminSessionTokens) for tests/e2e/groups.test.ts. */
    groupsAdminEmail: string;
    /** An inbox:prayer + moderation administrator (a portal session in adminSessionTokens) for tests/e2e/prayer.test.ts. */
    prayerAdminEmail: string;
    /** An inbox:meetings administrator (a portal session in adminSessionTokens) for tests/e2e/plan-visit.test.ts. */
    visitAdminEmail: string;
    /** An inbox:signups administrator (a portal session in adminSessionTokens) for tests/e2e/volunteers.test.ts. */
    volunteersAdminEmail: string;
    /** A moderation-only administrator (a portal session in adminSessionTokens) for tests/e2e/discussions.test.ts. */
    discussionsModeratorEmail: string;
    /** A content + moderation administrator (a portal session in adminSessionTokens) for tests/e2e/gallery.test.ts. */
    galleryAdminEmail: string;
    /** A "giving" administrator (a portal session in adminSessionTokens) for tests/e2e/giving.test.ts. */
    givingAdminEmail: string;
    /** A "store" administrator (a portal session in adminSessionTokens) for tests/e2e/store.test.ts. */
    storeAdminEmail: string;
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
// One administrator per browser-test file that works in the portal, with only the scopes it needs.
const E2E_VOLUNTEERS_ADMIN = {
  email: "e2e-volunteers-admin@example.test",
  password: "e2e-volunteers-long-passphrase",
  name: "Vera Volunteers",
};
const E2E_DISCUSSIONS_MODERATOR = {
  email: "e2e-discussions-mod@example.test",
  password: "e2e-discussions-long-passphrase",
  name: "Dorcas Discussions",
};
const E2E_GALLERY_ADMIN = { email: "e2e-gallery-admin@example.test", password: "e2e-gallery-long-passphrase", name: "Gabriel Gallery" };
const E2E_GIVING_ADMIN = { email: "e2e-giving-admin@example.test", password: "e2e-giving-long-passphrase", name: "Grace Giving" };
const E2E_STORE_ADMIN = { email: "e2e-store-admin@example.test", password: "e2e-store-long-passphrase", name: "Silas Store" };
const E2E_SECTIONS_ADMIN = { email: "e2e-sections-admin@example.test", password: "e2e-sections-long-passphrase", name: "Selah Sections" };
const E2E_STAFF = { email: "e2e-staff@example.test", password: "e2e-staff-long-passphrase", name: "Sam Staff" };

/** `npm run admin:create` exactly as an installer types it, on the server's embedded database. */
async function runAdminCreate({ dataDir }: { dataDir: string }): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  const args = [
    "run",
    "--silent",
    "admin:create",
    "--",
    "--email",
    E2E_ADMIN.email,
    "--password",
    E2E_ADMIN.password,
    "--name",
    E2E_ADMIN.name,
    "--scopes",
    "admin:*",
  ];
  const child = spawn("npm", args, { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const [code] = (await once(child, "exit")) as [number | null];
  if (code !== 0) throw new Error(`admin:create failed (${code}):\n${output}`);
}

/**
 * The staff administrators, made in this process with the code `admin:create` runs
 * (app/features/admin/run-admin-create.server.ts), each with a portal session as a completed
 * sign-in makes one: one Vite start and one migration check instead of one `npm run admin:create`
 * each (~4 s apiece), and no sign-in through the page with an authenticator code in every file.
 */
async function makeStaffAdministrators(options: {
  dataDir: string;
  who: { email: string; password: string; name: string; scopes: string }[];
}): Promise<Record<string, string>> {
  const [
    { openDatabase },
    { createAuth, resolveAuthSecret },
    { createAuthNotifier },
    { createAdministrator, parseScopes },
    { createAdminSession },
  ] = await Promise.all([
    import("~/server/db.server"),
    import("~/server/auth.server"),
    import("~/features/auth/auth-notifier.server"),
    import("~/features/admin/create-administrator.server"),
    import("~/platform/admin/admin-session.server"),
  ]);
  const handle = await openDatabase({ dataDir: options.dataDir });
  try {
    await handle.migrate();
    const db = handle.db;
    const publicUrl = "http://127.0.0.1";
    const auth = createAuth({
      db,
      publicUrl,
      secret: resolveAuthSecret({ configured: undefined, dataDir: options.dataDir }),
      notifier: createAuthNotifier({ db, publicUrl }),
    });
    const tokens: Record<string, string> = {};
    for (const who of options.who) {
      const { userId } = await createAdministrator({
        db,
        auth,
        input: { email: who.email, password: who.password, name: who.name, scopes: parseScopes(who.scopes) },
      });
      tokens[who.email] = (await createAdminSession({ db, userId, method: "sign-in" })).token;
    }
    return tokens;
  } finally {
    await handle.close();
  }
}

/**
 * One production server per e2e worker (`node server.js` on the embedded database, as
 * `npm start` on a fresh install runs, each with its own DATA_DIR and administrators), so test
 * files run side by side without seeing each other's changes, and one Chromium for the whole
 * run. A file finds its server with e2eServer() (tests/support/e2e-server.ts).
 */
export default async function setup(project: TestProject) {
  // The project's workers (the root config's when the project sets none): VITEST_POOL_ID 1…count.
  const count = Math.max(1, Number(project.config.maxWorkers ?? project.vitest.config.maxWorkers) || 1);
  let snapshot: ReturnType<typeof snapshotProductionBuild> | undefined;
  const dataDirs: string[] = [];
  const servers: AppServer[] = [];
  let browser: BrowserServer | undefined;
  let fakeStripe: FakeStripe | undefined;

  const teardown = async () => {
    // Each step runs even if another fails; browser and servers stop side by side.
    await Promise.all([
      browser?.close().catch((e: unknown) => console.warn("closing Chromium failed:", e)),
      ...servers.map((server) =>
        server.stop(4000).then(({ ms, code, signal }) => {
          if (ms > 5000) console.warn(`an e2e server took ${ms} ms to stop (code ${code}, signal ${signal})`);
        }),
      ),
    ]);
    await fakeStripe?.close().catch((e: unknown) => console.warn("closing the fake Stripe failed:", e));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    snapshot?.remove();
  };

  const prepare = async (dataDir: string, stripeEnv: Record<string, string>, build: string): Promise<E2eServer> => {
    // Both run before the server: an embedded database has one writer at a time. The super
    // admin comes from the command exactly as an installer types it.
    await runAdminCreate({ dataDir });
    const adminSessionTokens = await makeStaffAdministrators({
      dataDir,
      who: [
        { ...E2E_SECTIONS_ADMIN, scopes: "admin:*" },
        { ...E2E_STAFF, scopes: "inbox:signups" },
        { ...E2E_GROUPS_ADMIN, scopes: "groups" },
        { ...E2E_PRAYER_ADMIN, scopes: "inbox:prayer,moderation" },
        { ...E2E_VISIT_ADMIN, scopes: "inbox:meetings" },
        { ...E2E_VOLUNTEERS_ADMIN, scopes: "inbox:signups" },
        { ...E2E_DISCUSSIONS_MODERATOR, scopes: "moderation" },
        { ...E2E_GALLERY_ADMIN, scopes: "content,moderation" },
        { ...E2E_GIVING_ADMIN, scopes: "giving" },
        { ...E2E_STORE_ADMIN, scopes: "store" },
      ],
    });
    const server = await startAppServer({ cwd: build, dataDir, env: { RATE_LIMIT_IP_SCALE: "20", ...stripeEnv } });
    servers.push(server);
    return { baseURL: server.baseURL, dataDir, adminSessionTokens };
  };

  let e2eServers: E2eServer[];
  try {
    snapshot = snapshotProductionBuild();
    fakeStripe = await startFakeStripe();
    const stripeEnv = {
      STRIPE_SECRET_KEY: FAKE_STRIPE_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: FAKE_STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: fakeStripe.url,
    };
    for (let i = 0; i < count; i++) dataDirs.push(mkdtempSync(path.join(tmpdir(), "church-e2e-")));
    const build = snapshot.dir;
    let launched: BrowserServer;
    [e2eServers, launched] = await Promise.all([
      Promise.all(dataDirs.map((dir) => prepare(dir, stripeEnv, build))),
      chromium.launchServer({ executablePath: chromiumPath, args: chromiumArgs }),
    ]);
    browser = launched;
  } catch (error) {
    await teardown();
    throw error;
  }

  project.provide("e2eServers", e2eServers);
  project.provide("browserWSEndpoint", browser.wsEndpoint());
  project.provide("adminEmail", E2E_ADMIN.email);
  project.provide("adminPassword", E2E_ADMIN.password);
  project.provide("sectionsAdminEmail", E2E_SECTIONS_ADMIN.email);
  project.provide("staffEmail", E2E_STAFF.email);
  project.provide("groupsAdminEmail", E2E_GROUPS_ADMIN.email);
  project.provide("prayerAdminEmail", E2E_PRAYER_ADMIN.email);
  project.provide("visitAdminEmail", E2E_VISIT_ADMIN.email);
  project.provide("volunteersAdminEmail", E2E_VOLUNTEERS_ADMIN.email);
  project.provide("discussionsModeratorEmail", E2E_DISCUSSIONS_MODERATOR.email);
  project.provide("galleryAdminEmail", E2E_GALLERY_ADMIN.email);
  project.provide("givingAdminEmail", E2E_GIVING_ADMIN.email);
  project.provide("storeAdminEmail", E2E_STORE_ADMIN.email);
  project.provide("fakeStripeURL", fakeStripe.url);
  return teardown;
}
