// What the fuzz suites (issue 11 point 5, fuzz-endpoints.test.ts) found, one regression test
// each: a NUL in a slug reached PostgreSQL (500), control characters in an admin search were
// written to the audit log, and a correctly signed Stripe body that is no event was stored
// (an empty id, a type with control characters) or failed on the database.
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { auditLog, stripeEvents } from "~/db/schema";
import { loader as eventLoader, action as eventAction } from "~/routes/events/event";
import { loader as groupLoader } from "~/routes/community/group";
import { loader as sermonLoader } from "~/routes/sermons/sermon";
import { loader as productLoader, action as productAction } from "~/routes/store/product";
import { loader as membersExportLoader } from "~/routes/admin/members-export";
import { loader as giftsExportLoader } from "~/routes/admin/gifts-export";
import { loader as usersLoader } from "~/routes/admin/users";
import { loader as eventsLoader } from "~/routes/admin/events";
import { loader as sermonsLoader } from "~/routes/admin/sermons";
import { loader as registrationsLoader } from "~/routes/admin/event-registrations";
import { action as webhookAction } from "~/routes/stripe/webhook";
import { setStripeForTests } from "~/server/stripe.server";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { PUBLIC_URL } from "../support/auth-harness";
import {
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  signStripeEvent,
  startFakeStripe,
  stripeEvent,
  type FakeStripe,
} from "../support/fake-stripe";
import { describeOnBackend, queryRows } from "../support/test-database";
import { createLoadContext } from "~/server/load-context.server";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteFunction = (args: any) => unknown;

/** The status of a loader's or action's answer, returned or thrown. */
async function statusOf(
  fn: RouteFunction,
  path: string,
  options: { params?: Record<string, string>; cookie?: string; form?: Record<string, string> } = {},
): Promise<number> {
  const headers = new Headers({ "x-church-client-ip": "198.51.100.9" });
  if (options.cookie) headers.set("cookie", options.cookie);
  const init: RequestInit = { method: options.form ? "POST" : "GET", headers };
  if (options.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    init.body = new URLSearchParams(options.form).toString();
  }
  let value: unknown;
  try {
    value = await fn({
      request: new Request(new URL(path, PUBLIC_URL), init),
      url: new URL(path, PUBLIC_URL),
      params: options.params ?? {},
      context: createLoadContext("test"),
    });
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return value.status;
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit")
    return (value as { init?: ResponseInit | null }).init?.status ?? 200;
  if (value instanceof Error) throw value;
  return 200;
}

describeOnBackend("fuzz findings (regressions)", (backend) => {
  let h: AdminHarness;
  let admin: TestAdmin;
  let stripe: FakeStripe;
  const db = () => h.database.handle.db;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    admin = await h.createAdmin({ scopes: ["admin:*"] });
    stripe = await startFakeStripe();
    setStripeForTests({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: stripe.url });
  });
  afterAll(async () => {
    setStripeForTests(undefined);
    await stripe?.close();
    await h?.close();
  });

  test("a NUL or control character in a slug is a 404, never a database error", async () => {
    for (const slug of ["\u0000", "harvest-festival\u0000", "a\u0001b"]) {
      const params = { slug };
      expect(await statusOf(sermonLoader, "/sermons/x", { params }), `sermon ${JSON.stringify(slug)}`).toBe(404);
      expect(await statusOf(eventLoader, "/events/x", { params }), `event ${JSON.stringify(slug)}`).toBe(404);
      expect(await statusOf(eventAction, "/events/x", { params, form: { intent: "cancel" } }), `event action ${JSON.stringify(slug)}`).toBe(
        404,
      );
      expect(await statusOf(groupLoader, "/community/groups/x", { params }), `group ${JSON.stringify(slug)}`).toBe(404);
      expect(await statusOf(productLoader, "/store/x", { params }), `product ${JSON.stringify(slug)}`).toBe(404);
      expect(
        await statusOf(productAction, "/store/x", { params, form: { intent: "add", variantId: "1", quantity: "1" } }),
        `product action ${JSON.stringify(slug)}`,
      ).toBe(404);
    }
    // The real slugs still work.
    const [event] = await queryRows<{ slug: string }>(db(), sql`SELECT slug FROM events WHERE status = 'published' ORDER BY id LIMIT 1`);
    expect(await statusOf(eventLoader, `/events/${event!.slug}`, { params: { slug: event!.slug } })).toBe(200);
  });

  test("control characters in an admin search never reach the database or the audit log", async () => {
    const q = encodeURIComponent("\u0001ana\u0000\u0002\u001b");
    for (const [fn, path] of [
      [usersLoader, `/admin/users?q=${q}&user=%00`],
      [eventsLoader, `/admin/events?q=${q}`],
      [sermonsLoader, `/admin/sermons?q=${q}`],
      [registrationsLoader, `/admin/event-registrations?q=${q}`],
    ] as const) {
      expect(await statusOf(fn, path, { cookie: admin.cookie }), path).toBe(200);
    }
    expect(await statusOf(membersExportLoader, `/admin/members/export.csv?q=${q}`, { cookie: admin.cookie })).toBe(200);
    expect(await statusOf(giftsExportLoader, `/admin/giving/gifts.csv?q=${q}`, { cookie: admin.cookie })).toBe(200);
    const exports = await db()
      .select({ action: auditLog.action, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.actorUserId, admin.userId))
      .orderBy(desc(auditLog.createdAt))
      .limit(2);
    expect(exports.map((e) => e.action).sort()).toEqual(["gift.export", "member.export"].sort());
    for (const entry of exports) {
      expect((entry.after as { q: string }).q).toBe("ana");
    }
  });

  test("a signed Stripe body that is not an event is refused with 400 and stores nothing", async () => {
    const post = async (event: object) => {
      const { payload, signature } = signStripeEvent(event);
      const response = (await webhookAction({
        request: new Request(`${PUBLIC_URL}/stripe/webhook`, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signature },
          body: payload,
        }),
        url: new URL(`${PUBLIC_URL}/stripe/webhook`),
        params: {},
        context: createLoadContext("test"),
      } as never)) as Response;
      return response.status;
    };
    const before = await db().select({ id: stripeEvents.id }).from(stripeEvents);
    const good = stripeEvent("charge.refunded", { id: "ch_x", object: "charge" });
    expect(await post({ ...good, id: "" })).toBe(400);
    expect(await post({ ...good, id: 42 })).toBe(400);
    expect(await post({ ...good, id: undefined })).toBe(400);
    expect(await post({ ...good, type: "http://x/\u000f" })).toBe(400);
    expect(await post({ ...good, data: null })).toBe(400);
    expect(await post({ ...good, data: { object: "x" } })).toBe(400);
    expect(await db().select({ id: stripeEvents.id }).from(stripeEvents)).toEqual(before);
    // A real event is still taken (and an event type nobody handles is recorded as ignored).
    expect(await post(good)).toBe(200);
    const [stored] = await db().select().from(stripeEvents).where(eq(stripeEvents.id, good.id));
    expect(stored?.type).toBe("charge.refunded");
  });
});
