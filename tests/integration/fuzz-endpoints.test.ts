// Issue 11 point 5: property-based fuzzing (fast-check) of every loader and action of
// app/routes.ts, called in this process on a real database (PGlite and PostgreSQL) with the
// identities each needs. Inputs: wrong types, missing and extra fields, 100 KB strings,
// unicode edge cases, unknown intents, malformed JSON and multipart, traversal in file names.
// For every input: no 5xx and no error logged; a refused form answers a translated message;
// a refused input writes nothing (a trigger on every table records each write); an accepted
// input's rows carry no control characters or 100 KB strings and re-validate with the
// feature's own zod schema where one describes the row; uploads stay in their folders.
// FUZZ_SEED=<n> replays a run (the seed is printed); FUZZ_RUNS_SCALE scales the input counts.
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { profiles, users } from "~/db/schema";
import { ADMIN_COOKIE, validateAdminSession } from "~/platform/admin/admin-session.server";
import { CLIENT_IP_HEADER } from "~/server/request-input.server";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { detectRequestLanguage } from "~/i18n/detect-language";
import { backgroundSettled } from "~/server/background.server";
import { authCallContext, getAuth } from "~/server/auth.server";
import { clearRecentErrors, recentErrors } from "~/server/logger.server";
import { createMemoryPubSub, setPubSub } from "~/server/pubsub.server";
import { setStripeForTests } from "~/server/stripe.server";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { cookieJar, PUBLIC_URL } from "../support/auth-harness";
import { repoRoot } from "../support/app-server";
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  signStripeEvent,
  startFakeStripe,
  type FakeStripe,
} from "../support/fake-stripe";
import { fuzzEndpoints, vocabularyOf, type FuzzEndpoint, type LookupKey, type Vocabulary, type Who } from "../support/fuzz-endpoints";
import {
  ESCAPE_MARKER,
  FUZZ_SEED,
  fieldValue,
  formShape,
  hostileString,
  jsonBody,
  malformedMultipart,
  multipart,
  paramValue,
  queryString,
  seedFor,
  urlencoded,
  wrongKindBody,
  uploadShape,
  type RawBody,
} from "../support/fuzz-inputs";
import { checkStoredRow, translatedMessageProblem } from "../support/fuzz-checks";
import { backends, queryRows, describeEachBackend } from "../support/test-database";
import { drainWrites, installWriteLog, type LoggedWrite } from "../support/write-log";
import { createLoadContext } from "~/server/load-context.server";

// Before any app module reads them: errors are logged (and remembered, so a swallowed error
// still fails the input), and uploads go to a folder of this run.
const fuzzRoot = vi.hoisted(() => {
  const root = `${process.env.TMPDIR ?? "/tmp"}/fuzz-endpoints-${process.pid}-${Date.now()}`;
  process.env.LOG_LEVEL = "error";
  process.env.DATA_DIR = `${root}/data`;
  return root;
});
const dataDir = path.join(fuzzRoot, "data");

/**
 * With both databases in one run (CI with PostgreSQL), each takes half the inputs: the run still
 * feeds over 10,000 and CI stays short. With one database, it takes them all.
 */
const BACKENDS_IN_RUN = backends.filter((b) => b.available).length;
const SCALE = Number(process.env.FUZZ_RUNS_SCALE ?? (BACKENDS_IN_RUN > 1 ? "0.5" : "1"));
/** Inputs fed to every backend of this run. */
let fedInRun = 0;
/** Inputs per action and per loader (an action takes more shapes of body than a loader of query). */
const ACTION_RUNS = Math.max(1, Math.round(116 * SCALE));
const LOADER_RUNS = Math.max(1, Math.round(30 * SCALE));
const MEMBER_PASSWORD = "grace-and-peace-7";
/** Every stored upload is named by the app: random hex, a width, a known extension, in its folder. */
const UPLOAD_NAME =
  /^uploads\/(?:[a-z]+\/)?[0-9a-f]{16,64}(?:-\d{2,4})?\.(?:webp|avif|jpe?g|png|mp3|m4a|aac|ogg|oga|mp4|m4v|webm|pdf|docx|odt|txt)$/;

/** Tables a refused request may still write: counters and logs that exist to record refusals, and background work. */
const BOOKKEEPING: Record<string, ReadonlyArray<LoggedWrite["op"]>> = {
  rate_limits: ["INSERT", "UPDATE", "DELETE"],
  admin_auth_attempts: ["INSERT"],
  // Session refresh (better-auth's updatedAt, the portal's last-seen) and expiry clean-up.
  sessions: ["UPDATE", "DELETE"],
  admin_sessions: ["UPDATE", "DELETE"],
  verifications: ["DELETE"],
  // The outbox worker sends queued mail in the background.
  outbox_messages: ["UPDATE"],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteModule = { loader?: (args: any) => unknown; action?: (args: any) => unknown };

interface Answer {
  /** The language the request asked for (the app's own detection: ?lang=, cookie, Accept-Language). */
  language?: "en" | "es";
  status: number;
  body: unknown;
  contentType: string;
  threw?: string;
}

interface CallInput {
  who: Who | "wrong-admin" | "moderator" | "super-admin";
  language: "en" | "es";
  ip: string;
  method: string;
  params: Record<string, string>;
  query: string;
  body: RawBody | null;
}

function groupOf(endpoint: FuzzEndpoint, kind: "action" | "loader"): string {
  if (endpoint.key === "/stripe/webhook") return "Stripe webhook";
  if (endpoint.notes.upload && kind === "action") return "uploads (multipart)";
  if (endpoint.notes.json || endpoint.notes.stream) return "JSON / NDJSON / SSE APIs";
  if (/\.(csv|ics|xml|json|pdf|txt|webmanifest)$/.test(endpoint.pattern)) return "feeds, exports, files";
  if (endpoint.scope !== undefined || endpoint.key.startsWith("/admin")) return `admin ${kind}s`;
  return `site ${kind}s`;
}

/** A short account of an input for a failure message (strings cut, lengths shown). */
function describeInput(input: CallInput): string {
  const cut = (s: string) => (s.length > 80 ? `${JSON.stringify(s.slice(0, 80))}… (${s.length} chars)` : JSON.stringify(s));
  let body = "none";
  if (input.body) {
    const raw = input.body.body;
    const text =
      raw === null ? "" : typeof raw === "string" ? raw : `<${raw.length} bytes> ${Buffer.from(raw.subarray(0, 120)).toString("latin1")}`;
    body = `${input.body.label}; content-type ${JSON.stringify(input.body.contentType)}; ${cut(text)}`;
  }
  return `${input.method} as ${input.who} (${input.language}, ${input.ip}) params ${JSON.stringify(input.params)} query ${cut(input.query)} body: ${body}`;
}

describeEachBackend("fuzzing every loader and action", (backend) => {
  const counts = new Map<string, number>();
  const timings = new Map<string, number>();
  /** Rows accepted inputs stored, per table (each re-validated). */
  const storedRows = new Map<string, number>();
  let h: AdminHarness;
  let stripe: FakeStripe;
  const db = () => h.database.handle.db;
  const admins = new Map<string, TestAdmin>();
  let moderator: TestAdmin;
  let member: { id: string; email: string; cookie: string };
  const lookups: Partial<Record<LookupKey, string>> = {};
  let idPool: string[] = [];
  let uploadsBefore: Set<string>;
  const modules = new Map<string, RouteModule>();
  const { endpoints, uncovered, stale } = fuzzEndpoints();

  async function createMember(): Promise<{ id: string; email: string; cookie: string }> {
    const email = `fuzz-${randomBytes(4).toString("hex")}@example.test`;
    await authCallContext.run(
      { language: "en", signup: { fullName: "Fuzz Member", username: "", displayName: "Fuzz Member", phone: null } },
      () => getAuth().api.signUpEmail({ body: { name: "Fuzz Member", email, password: MEMBER_PASSWORD } }),
    );
    await db().update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
    await db().update(profiles).set({ preferredLanguage: "en" }).where(eq(profiles.id, user!.id));
    return { id: user!.id, email, cookie: await signInMember(email) };
  }

  async function signInMember(email: string): Promise<string> {
    const signedIn = await getAuth().api.signInEmail({ body: { email, password: MEMBER_PASSWORD }, returnHeaders: true });
    return cookieJar(undefined, signedIn.headers.getSetCookie());
  }

  async function adminFor(scope: string): Promise<TestAdmin> {
    let admin = admins.get(scope);
    if (!admin) {
      admin = await h.createAdmin({ scopes: [scope as never], name: `Fuzz ${scope}` });
      admins.set(scope, admin);
      dirty = true;
    }
    return admin;
  }

  /** Puts back the identity an input signed out, disabled or stripped of its scopes. */
  async function repairIdentity(who: CallInput["who"], endpoint: FuzzEndpoint): Promise<void> {
    if (who === "visitor") return;
    if (who === "member") {
      const request = new Request(`${PUBLIC_URL}/settings`, { headers: { cookie: member.cookie } });
      if (await getCurrentMember({ db: db(), request }).catch(() => null)) return;
      // Signed out by an input: sign in again; deleted or disabled: a new member.
      const cookie = await signInMember(member.email).catch(() => "");
      member = cookie ? { ...member, cookie } : await createMember();
      return;
    }
    if (who === "moderator") {
      const session = await validateAdminSession({ db: db(), token: moderator.cookie.slice(`${ADMIN_COOKIE}=`.length) }).catch(() => null);
      if (!session) moderator = await h.createModerator();
      return;
    }
    const scope = who === "super-admin" ? "admin:*" : who === "wrong-admin" ? wrongScope(endpoint) : (endpoint.scope ?? "admin:*");
    const admin = await adminFor(scope);
    const session = await validateAdminSession({ db: db(), token: admin.cookie.slice(`${ADMIN_COOKIE}=`.length) }).catch(() => null);
    const scopes = session?.admin?.scopes as string[] | undefined;
    if (!session || !scopes?.includes(scope)) {
      admins.delete(scope);
      await adminFor(scope);
    }
  }

  const wrongScope = (endpoint: FuzzEndpoint) => (endpoint.scope === "health" ? "events" : "health");

  beforeAll(async () => {
    console.log(
      `fuzz: FUZZ_SEED=${FUZZ_SEED} (set FUZZ_SEED to replay), ${ACTION_RUNS} inputs per action, ${LOADER_RUNS} per loader [${backend.name}]`,
    );
    mkdirSync(dataDir, { recursive: true });
    h = await startAdminHarness(backend);
    // The server opens the live-event pub/sub at start-up; in process, an in-memory one.
    setPubSub(createMemoryPubSub());
    stripe = await startFakeStripe();
    setStripeForTests({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: stripe.url });
    for (const scope of new Set(["admin:*", "health", "events", ...endpoints.map((e) => e.scope ?? "admin:*")])) await adminFor(scope);
    moderator = await h.createModerator();
    member = await createMember();
    // Other people's rows for ids: members the inputs may act on (never the identities above).
    for (let i = 0; i < 2; i++) await createMember();
    const one = async (query: string) => (await queryRows<{ v: string }>(db(), sql.raw(query)))[0]?.v;
    lookups.eventId = await one("SELECT id::text AS v FROM events ORDER BY id LIMIT 1");
    lookups.eventSlug = await one("SELECT slug AS v FROM events WHERE status <> 'cancelled' ORDER BY id LIMIT 1");
    lookups.sermonId = await one("SELECT id::text AS v FROM sermons ORDER BY id LIMIT 1");
    lookups.sermonSlug = await one("SELECT slug AS v FROM sermons ORDER BY id LIMIT 1");
    lookups.guideId = await one("SELECT id::text AS v FROM study_guides ORDER BY id LIMIT 1");
    lookups.guideSlug = await one("SELECT slug AS v FROM study_guides ORDER BY id LIMIT 1");
    lookups.planId = await one("SELECT id::text AS v FROM reading_plans ORDER BY id LIMIT 1");
    lookups.planSlug = await one("SELECT slug AS v FROM reading_plans ORDER BY id LIMIT 1");
    lookups.groupId = await one("SELECT id::text AS v FROM study_groups ORDER BY id LIMIT 1");
    lookups.groupSlug = await one("SELECT slug AS v FROM study_groups ORDER BY id LIMIT 1");
    lookups.offeringId = await one("SELECT id::text AS v FROM class_offerings ORDER BY id LIMIT 1");
    lookups.opportunityId = await one("SELECT id::text AS v FROM volunteer_opportunities ORDER BY id LIMIT 1");
    lookups.productId = await one("SELECT id::text AS v FROM products ORDER BY id LIMIT 1");
    lookups.productSlug = await one("SELECT slug AS v FROM products ORDER BY id LIMIT 1");
    lookups.orderId = await one("SELECT id::text AS v FROM orders ORDER BY id LIMIT 1");
    lookups.threadId = await one("SELECT id::text AS v FROM discussion_threads ORDER BY id LIMIT 1");
    lookups.leaderId = await one("SELECT id::text AS v FROM leaders ORDER BY id LIMIT 1");
    lookups.year = String(new Date().getFullYear());
    // Real ids of every table (a few each), minus the identities', for fields named like ids.
    const idTables = await queryRows<{ table_name: string }>(
      db(),
      sql`SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'id' ORDER BY table_name`,
    );
    const mine = new Set([member.id, ...[...admins.values()].map((a) => a.userId), moderator.userId]);
    for (const { table_name } of idTables) {
      for (const row of await queryRows<{ v: string }>(db(), sql.raw(`SELECT id::text AS v FROM "${table_name}" ORDER BY id LIMIT 2`))) {
        if (!mine.has(row.v)) idPool.push(row.v);
      }
    }
    idPool = [...new Set(idPool)];
    for (const endpoint of endpoints) {
      if (!modules.has(endpoint.file)) modules.set(endpoint.file, (await import(path.join(repoRoot, "app", endpoint.file))) as RouteModule);
    }
    await installWriteLog(db());
    uploadsBefore = new Set(listFiles(dataDir));
  }, 300_000);

  afterAll(async () => {
    setStripeForTests(undefined);
    await stripe?.close();
    await h?.close();
    const lines = [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([group, n]) => `  ${group}: ${n} inputs, ${((timings.get(group) ?? 0) / 1000).toFixed(1)} s`);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const uploaded = listFiles(path.join(dataDir, "uploads")).length;
    const stored = [...storedRows]
      .sort(([, a], [, b]) => b - a)
      .map(([table, n]) => `${table} ${n}`)
      .join(", ");
    console.log(
      `fuzz [${backend.name}] FUZZ_SEED=${FUZZ_SEED}: ${total} inputs\n${lines.join("\n")}\n  rows stored by accepted inputs (re-validated): ${stored}\n  files in the upload folders: ${uploaded}`,
    );
    rmSync(fuzzRoot, { recursive: true, force: true });
  });

  test("every route of app/routes.ts with a loader or an action is fuzzed (or exempt with a reason)", () => {
    expect(uncovered, "add these routes to FUZZ_TABLE in tests/support/fuzz-endpoints.ts").toEqual([]);
    expect(stale, "these FUZZ_TABLE / FUZZ_EXEMPT entries match no route any more").toEqual([]);
    expect(endpoints.filter((e) => e.hasAction).length).toBeGreaterThanOrEqual(55);
    expect(endpoints.filter((e) => e.hasLoader).length).toBeGreaterThanOrEqual(100);
  });

  // ------------------------------------------------------------------------------------
  // Input generation
  // ------------------------------------------------------------------------------------

  function plausible(name: string, vocabulary: Vocabulary): fc.Arbitrary<string> {
    const n = name.toLowerCase();
    const words = vocabulary.words.length ? fc.constantFrom(...vocabulary.words) : fc.constant("x");
    if (/(^|[^a-z])ids?$|id$|ids$|^token$/.test(n) || /Id$|Ids$/.test(name)) {
      return idPool.length ? fc.oneof(fc.constantFrom(...idPool), fc.constantFrom("1", "2", "new")) : fc.constantFrom("1", "2");
    }
    if (n.includes("email"))
      return fc.oneof(fc.constantFrom(member.email, "someone@example.test", "a@b.co", "x@localhost"), fc.emailAddress());
    if (n.includes("phone")) return fc.constantFrom("+15555550123", "555-0100", "+34600000000", "1");
    if (n.includes("password")) return fc.constantFrom(MEMBER_PASSWORD, "short", "a-long-admin-passphrase", "x".repeat(300));
    if (/confirm/.test(n)) return fc.constantFrom("yes", "DELETE", "ELIMINAR", "on", "true");
    if (/lang|language|locale/.test(n)) return fc.constantFrom("en", "es", "fr", "EN", "");
    if (/date|day|start|end|at$|time|deadline|month|year|week/.test(n)) {
      return fc.oneof(
        fc.date({ min: new Date("1900-01-01"), max: new Date("2100-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
        fc.date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 16)),
        fc.constantFrom("10:30", "25:99", "2026-12-24", "2026-12-24T19:00", "2026", "12"),
      );
    }
    if (/amount|price|cents|quantity|qty|count|capacity|limit|position|order|size|number|minutes|days|seats|max|min|goal|total/.test(n)) {
      return fc.oneof(fc.integer({ min: -5, max: 100_000 }).map(String), fc.constantFrom("1", "10.50", "0.001", "1e6", "-0", "2147483648"));
    }
    if (/url|link|href|image|video|src|stream/.test(n)) {
      return fc.oneof(
        fc.webUrl(),
        fc.constantFrom(
          "javascript:alert(1)",
          "/uploads/../../etc/passwd",
          "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
          "//evil.example",
        ),
      );
    }
    if (n.includes("slug")) return fc.oneof(fc.stringMatching(/^[a-z0-9]+(-[a-z0-9]+)*$/), fc.constantFrom(lookups.eventSlug ?? "x"));
    if (/status|kind|type|category|visibility|role|scope|mode|frequency|fund|decision|method|interval/.test(n)) return words;
    return fc.oneof(words, fc.constantFrom("Hello", "Grace & peace", "On", "1"), fc.lorem({ maxCount: 8 }));
  }

  function identityArb(endpoint: FuzzEndpoint): fc.Arbitrary<CallInput["who"]> {
    const primary: Who = endpoint.notes.who ?? (endpoint.scope !== undefined ? "admin" : "member");
    if (primary === "admin") {
      return fc.oneof(
        { weight: 12, arbitrary: fc.constant<CallInput["who"]>("admin") },
        { weight: 2, arbitrary: fc.constant<CallInput["who"]>("super-admin") },
        { weight: 1, arbitrary: fc.constantFrom<CallInput["who"]>("wrong-admin", "moderator", "member", "visitor") },
      );
    }
    if (primary === "visitor") {
      return fc.oneof(
        { weight: 6, arbitrary: fc.constant<CallInput["who"]>("visitor") },
        { weight: 1, arbitrary: fc.constantFrom<CallInput["who"]>("member", "super-admin") },
      );
    }
    return fc.oneof(
      { weight: 7, arbitrary: fc.constant<CallInput["who"]>("member") },
      { weight: 3, arbitrary: fc.constant<CallInput["who"]>("visitor") },
      { weight: 1, arbitrary: fc.constant<CallInput["who"]>("super-admin") },
    );
  }

  function paramsArb(endpoint: FuzzEndpoint): fc.Arbitrary<Record<string, string>> {
    const names = [...endpoint.pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!);
    const model: Record<string, fc.Arbitrary<string>> = {};
    for (const name of names) {
      const key = endpoint.notes.params?.[name];
      model[name] = paramValue(key ? lookups[key] : undefined);
    }
    if (endpoint.pattern.includes("*")) model["*"] = paramValue(undefined);
    return fc.record(model);
  }

  function inputArb(endpoint: FuzzEndpoint, kind: "action" | "loader"): fc.Arbitrary<CallInput> {
    const vocabulary = vocabularyOf(endpoint.file);
    const valueFor = (name: string) => fieldValue(plausible(name, vocabulary));
    const shape = formShape({ intents: vocabulary.intents, names: vocabulary.names, valueFor, fileFields: vocabulary.fileFields });
    const common = {
      who: identityArb(endpoint),
      language: fc.constantFrom<"en" | "es">("en", "es"),
      ip: fc.ipV4(),
      params: paramsArb(endpoint),
      query: queryString(vocabulary.names, (name) => plausible(name, vocabulary)),
    };
    if (kind === "loader") {
      return fc.record({ ...common, method: fc.constant("GET"), body: fc.constant(null) });
    }
    const uploads = endpoint.notes.upload ? 4 : 1;
    const template = endpoint.notes.uploadForm;
    const templateFields = template
      ? Object.fromEntries(
          Object.entries(template.fields).map(([k, v]) => [k, v.startsWith("@") ? (lookups[v.slice(1) as LookupKey] ?? "1") : v]),
        )
      : {};
    const body: fc.Arbitrary<RawBody> = fc.oneof(
      { weight: endpoint.notes.json ? 2 : 8, arbitrary: shape.map((s) => urlencoded(s.fields)) },
      { weight: 2 * uploads, arbitrary: shape.map((s) => multipart(s)) },
      { weight: 1 * uploads, arbitrary: shape.chain((s) => malformedMultipart(s)) },
      { weight: endpoint.notes.json ? 8 : 2, arbitrary: jsonBody({ intents: vocabulary.intents, names: vocabulary.names, valueFor }) },
      { weight: 2, arbitrary: wrongKindBody },
      ...(template
        ? [
            {
              weight: 8,
              arbitrary: uploadShape({ fields: templateFields, fileFields: template.fileFields }, valueFor).map((s) => multipart(s)),
            },
          ]
        : []),
    );
    return fc.record({
      ...common,
      method: fc.oneof({ weight: 12, arbitrary: fc.constant("POST") }, { weight: 1, arbitrary: fc.constantFrom("PUT", "PATCH", "DELETE") }),
      query: fc.oneof(
        { weight: 3, arbitrary: fc.constant("") },
        { weight: 1, arbitrary: fc.constantFrom("?index", "?lang=es", "?_data=x") },
        { weight: 1, arbitrary: common.query },
      ),
      body,
    });
  }

  // ------------------------------------------------------------------------------------
  // One call and its checks
  // ------------------------------------------------------------------------------------

  function concretePath(endpoint: FuzzEndpoint, params: Record<string, string>): string {
    return endpoint.pattern
      .replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? "1"))
      .replace(/\*/, () => encodeURIComponent(params["*"] ?? "x"));
  }

  async function cookieFor(who: CallInput["who"], endpoint: FuzzEndpoint): Promise<string | undefined> {
    switch (who) {
      case "visitor":
        return undefined;
      case "member":
        return member.cookie;
      case "moderator":
        return moderator.cookie;
      case "super-admin":
        return (await adminFor("admin:*")).cookie;
      case "admin":
        return (await adminFor(endpoint.scope ?? "admin:*")).cookie;
      case "wrong-admin":
        return (await adminFor(wrongScope(endpoint))).cookie;
    }
  }

  async function invoke(endpoint: FuzzEndpoint, kind: "action" | "loader", input: CallInput, cookie: string | undefined): Promise<Answer> {
    const fn = modules.get(endpoint.file)![kind]!;
    const headers = new Headers({ [CLIENT_IP_HEADER]: input.ip, "accept-language": input.language });
    if (cookie) headers.set("cookie", cookie);
    if (input.body?.contentType) headers.set("content-type", input.body.contentType);
    const abort = new AbortController();
    const url = new URL(`${concretePath(endpoint, input.params)}${input.query}`, PUBLIC_URL);
    const request = new Request(url, {
      method: input.method,
      headers,
      body: input.method === "GET" ? undefined : ((input.body?.body ?? null) as BodyInit | null),
      signal: abort.signal,
    });
    let value: unknown;
    let threw = false;
    try {
      value = await fn({ request, url, params: input.params, context: createLoadContext("fuzz") });
    } catch (error) {
      value = error;
      threw = true;
    }
    try {
      return { ...(await toAnswer(value, threw, endpoint.notes.stream === true)), language: detectRequestLanguage(request).language };
    } finally {
      abort.abort();
    }
  }

  async function toAnswer(value: unknown, threw: boolean, stream: boolean): Promise<Answer> {
    if (value instanceof Response) {
      const contentType = value.headers.get("content-type") ?? "";
      if (stream || contentType.includes("text/event-stream")) {
        await value.body?.cancel().catch(() => undefined);
        return { status: value.status, body: null, contentType };
      }
      const text = await value.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // not JSON; NDJSON lines are checked below
        if (contentType.includes("ndjson"))
          body = text
            .trim()
            .split("\n")
            .map((line) => JSON.parse(line) as unknown);
      }
      return { status: value.status, body, contentType };
    }
    if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
      const { data, init } = value as { data: unknown; init?: ResponseInit | null };
      return { status: init?.status ?? 200, body: data, contentType: "data" };
    }
    if (threw) {
      const error = value as Error;
      return {
        status: 500,
        body: null,
        contentType: "",
        threw: `${error?.name ?? typeof value}: ${error?.message ?? String(value)}\n${error?.stack?.split("\n").slice(1, 6).join("\n") ?? ""}`,
      };
    }
    return { status: 200, body: value, contentType: "data" };
  }

  function writeProblems(writes: LoggedWrite[], accepted: boolean): string[] {
    const problems: string[] = [];
    for (const write of writes) {
      const allowed = BOOKKEEPING[write.table]?.includes(write.op);
      if (!accepted && !allowed) {
        problems.push(`a refused input wrote ${write.op} ${write.table}: ${JSON.stringify(write.row).slice(0, 300)}`);
        continue;
      }
      if (write.op === "DELETE") continue;
      if (!allowed) storedRows.set(write.table, (storedRows.get(write.table) ?? 0) + 1);
      const problem = checkStoredRow(write.table, write.row);
      if (problem) problems.push(`stored garbage in ${write.table} (${write.op}): ${problem}`);
    }
    return problems;
  }

  async function runOne(endpoint: FuzzEndpoint, kind: "action" | "loader", input: CallInput): Promise<string[]> {
    const cookie = await cookieFor(input.who, endpoint);
    // Writes since the last drain come from putting an identity back, or from the outbox
    // worker (allowed at any time): drop them only when this suite wrote something itself.
    if (dirty) await drainWrites(db());
    dirty = false;
    clearRecentErrors();
    const uploadsDir = path.join(dataDir, "uploads");
    const filesBefore = endpoint.notes.upload && kind === "action" ? new Set(listFiles(uploadsDir)) : null;
    const answer = await invoke(endpoint, kind, input, cookie);
    // Links made after the answer (a password reset, an admin magic link) are this input's
    // writes: wait for them, or they land in the next input's.
    await backgroundSettled();
    const writes = await drainWrites(db());
    const problems: string[] = [];
    if (answer.threw) problems.push(`threw ${answer.threw}`);
    else if (answer.status >= 500) problems.push(`answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
    const errors = recentErrors();
    if (errors.length) problems.push(`logged errors: ${errors.map((e) => `${e.message} (${e.code})`).join("; ")}`);
    if (Array.isArray(answer.body)) {
      for (const line of answer.body as Array<{ type?: string; error?: string }>)
        if (line?.type === "error") problems.push(`stream error line: ${line.error}`);
    }
    const accepted = answer.status < 400;
    problems.push(...writeProblems(writes, accepted));
    if (filesBefore) {
      const added = listFiles(uploadsDir)
        .filter((f) => !filesBefore.has(f))
        .map((f) => path.relative(dataDir, f));
      if (!accepted && added.length) problems.push(`a refused upload left files behind: ${added.join(", ")}`);
      for (const file of added) if (!UPLOAD_NAME.test(file)) problems.push(`an upload not named by the app: ${file}`);
    }
    // Forms, and the JSON APIs whose errors the page shows (chat, assistant, tour); not the webhook (Stripe reads it).
    const isForm =
      endpoint.notes.form ?? (/\.tsx$/.test(endpoint.file) || (endpoint.notes.json === true && endpoint.key !== "/stripe/webhook"));
    if (kind === "action" && isForm && answer.status >= 400 && answer.status < 500) {
      const problem = translatedMessageProblem(answer.body, answer.language ?? input.language, answer.status);
      if (problem) problems.push(`refusal without a translated message (${answer.status}): ${problem}`);
    }
    // Only an action can sign an identity out (or take its scopes); put it back for the next input.
    if (accepted && kind === "action") {
      await repairIdentity(input.who, endpoint);
      dirty = true;
    }
    return problems;
  }

  /** Whether this suite wrote since the last drain (an identity put back). */
  let dirty = true;
  const upload = endpoints.some((e) => e.notes.upload);

  for (const kind of ["action", "loader"] as const) {
    const list = endpoints.filter((e) => (kind === "action" ? e.hasAction : e.hasLoader));
    describe(`${kind}s`, () => {
      test.each(list.map((e) => [e.key, e] as const))(`${kind} %s`, async (_key, endpoint) => {
        const runs = kind === "action" ? ACTION_RUNS : LOADER_RUNS;
        const seed = seedFor(`${kind} ${endpoint.key}`);
        const group = groupOf(endpoint, kind);
        const started = performance.now();
        let executed = 0;
        let firstProblem: { input: CallInput; problems: string[] } | null = null;
        const details = await fc.check(
          fc.asyncProperty(inputArb(endpoint, kind), async (input) => {
            executed++;
            const problems = await runOne(endpoint, kind, input);
            if (problems.length) {
              firstProblem ??= { input, problems };
              return false;
            }
            return true;
          }),
          { seed, numRuns: runs, endOnFailure: true },
        );
        counts.set(group, (counts.get(group) ?? 0) + executed);
        timings.set(group, (timings.get(group) ?? 0) + performance.now() - started);
        if (details.failed) {
          const failure = firstProblem as { input: CallInput; problems: string[] } | null;
          const detail = failure
            ? `${failure.problems.join("\n")}\ninput: ${describeInput(failure.input)}`
            : `${String(details.errorInstance)}\n${(details.errorInstance as Error | undefined)?.stack ?? ""}`;
          throw new Error(
            `${kind} ${endpoint.key} failed at input ${details.numRuns} (FUZZ_SEED=${FUZZ_SEED}, endpoint seed ${seed}, path ${details.counterexamplePath}):\n${detail}`,
          );
        }
        expect(executed).toBe(runs);
        if (endpoint.notes.upload && kind === "action") checkUploadFolders();
      });
    });
  }

  function checkUploadFolders() {
    const problems: string[] = [];
    for (const file of listFiles(dataDir)) {
      if (uploadsBefore.has(file)) continue;
      const relative = path.relative(dataDir, file);
      if (relative.startsWith(`outbox${path.sep}`) || relative === "auth-secret") continue;
      if (!relative.startsWith(`uploads${path.sep}`)) problems.push(`a file outside the upload folders: ${relative}`);
      else if (!UPLOAD_NAME.test(relative)) {
        problems.push(`an upload not named by the app: ${relative}`);
      }
    }
    for (const folder of [fuzzRoot, path.dirname(fuzzRoot), repoRoot, path.join(repoRoot, "public")]) {
      for (const name of readdirSync(folder))
        if (name.includes(ESCAPE_MARKER)) problems.push(`an uploaded file escaped to ${path.join(folder, name)}`);
    }
    expect(problems).toEqual([]);
  }

  test.skipIf(!upload)("uploads stayed in their folders (whole run)", () => {
    checkUploadFolders();
  });

  // The webhook is checked once more with signed bodies: a valid signature over junk must not be a 5xx either.
  test("Stripe webhook: unsigned and mis-signed bodies are refused with 4xx, signed junk events never 5xx", async () => {
    const { action } = modules.get("routes/stripe/webhook.ts")!;
    const post = async (payload: string, signature: string | null) => {
      const headers = new Headers({ "content-type": "application/json" });
      if (signature !== null) headers.set("stripe-signature", signature);
      return toAnswer(
        await action!({
          request: new Request(`${PUBLIC_URL}/stripe/webhook`, { method: "POST", headers, body: payload }),
          params: {},
          context: {},
        }),
        false,
        false,
      );
    };
    const eventArb = fc.record({
      id: fc.oneof({ weight: 4, arbitrary: fc.stringMatching(/^evt_fuzz[A-Za-z0-9]{12}$/) }, { weight: 1, arbitrary: hostileString }),
      object: fc.constant("event"),
      type: fc.oneof(
        fc.constantFrom(
          "checkout.session.completed",
          "checkout.session.expired",
          "invoice.paid",
          "invoice.payment_failed",
          "customer.subscription.deleted",
          "customer.subscription.updated",
          "charge.refunded",
          "payment_intent.succeeded",
        ),
        hostileString,
      ),
      created: fc.oneof(fc.constant(Math.floor(Date.now() / 1000)), fc.integer()),
      data: fc.record({
        object: fc.oneof(
          fc.jsonValue({ maxDepth: 3 }),
          fc.dictionary(
            fc.constantFrom(
              "id",
              "object",
              "metadata",
              "mode",
              "amount_total",
              "customer",
              "subscription",
              "payment_status",
              "status",
              "client_reference_id",
              "currency",
            ),
            fc.jsonValue({ maxDepth: 2 }),
          ),
        ),
      }),
    });
    let executed = 0;
    const details = await fc.check(
      fc.asyncProperty(eventArb, fc.constantFrom("unsigned", "other-secret", "signed", "stale"), async (event, how) => {
        executed++;
        await drainWrites(db());
        clearRecentErrors();
        const secret = how === "other-secret" ? "whsec_another0000000000000000000000" : FAKE_STRIPE_WEBHOOK_SECRET;
        const { payload, signature } = signStripeEvent(event, {
          secret,
          timestamp: how === "stale" ? Math.floor(Date.now() / 1000) - 3600 : undefined,
        });
        const answer = await post(payload, how === "unsigned" ? null : signature);
        const writes = await drainWrites(db());
        const errors = recentErrors();
        const problems = writeProblems(writes, how === "signed" && answer.status < 400);
        if (how !== "signed" && (answer.status < 400 || answer.status >= 500)) problems.push(`a ${how} event answered ${answer.status}`);
        if (answer.status >= 500 || answer.threw) problems.push(`answered ${answer.status} ${JSON.stringify(answer.body)}`);
        if (errors.length) problems.push(`logged errors: ${errors.map((e) => `${e.message} (${e.code})`).join("; ")}`);
        if (problems.length) throw new Error(problems.join("\n"));
      }),
      { seed: seedFor("stripe signed events"), numRuns: Math.round(200 * SCALE), endOnFailure: true },
    );
    counts.set("Stripe webhook", (counts.get("Stripe webhook") ?? 0) + executed);
    if (details.failed)
      throw new Error(
        `Stripe webhook (FUZZ_SEED=${FUZZ_SEED}): ${JSON.stringify(details.counterexample).slice(0, 1500)}\n${String(details.errorInstance ?? "")}`,
      );
  });

  test("count this backend's inputs", () => {
    const fed = [...counts.values()].reduce((a, b) => a + b, 0);
    expect(fed).toBeGreaterThan(0);
    fedInRun += fed;
  });
});

// After every backend's suite (tests run in file order).
test.skipIf(SCALE * BACKENDS_IN_RUN < 1)("the run fed at least 10,000 inputs in all", () => {
  expect(fedInRun).toBeGreaterThanOrEqual(10_000);
});

/** Every file under a folder (absolute paths). */
function listFiles(folder: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(full);
    }
  };
  walk(folder);
  return out;
}
