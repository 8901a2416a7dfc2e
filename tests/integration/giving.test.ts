// Online giving (issue 8): the /give form (fee maths in cents, refusals, what Checkout is asked
// for, one-time and recurring), the Stripe webhook through the real route (signatures, replays,
// duplicates, races, invoices, subscriptions, refunds, receipts in the donor's language), the
// thanks page, the member's history with cancelling, the year-end PDF, and Stripe missing or down.
import { randomBytes } from "node:crypto";
import { inflateSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { churchSettings, gifts, givingFunds, outboxMessages, recurringGifts, stripeEvents, users } from "~/db/schema";
import { buildStatement, printable, renderStatementPdf } from "~/features/giving/giving-statement.server";
import enAdmin from "~/i18n/locales/en/giving-admin";
import esAdmin from "~/i18n/locales/es/giving-admin";
import { action as giveAction, loader as giveLoader } from "~/routes/giving/give";
import { loader as thanksLoader } from "~/routes/giving/give-thanks";
import { action as historyAction, loader as historyLoader } from "~/routes/giving/giving-history";
import { loader as statementLoader } from "~/routes/giving/giving-statement";
import { action as webhookAction } from "~/routes/stripe/webhook";
import { authCallContext, getAuth } from "~/server/auth.server";
import type { AppDatabase } from "~/server/db.server";
import { getEnv } from "~/server/env.server";
import { setStripeForTests } from "~/server/stripe.server";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { cookieJar, PUBLIC_URL } from "../support/auth-harness";
import {
  completedSessionEvent,
  FAKE_STRIPE_SECRET_KEY,
  FAKE_STRIPE_WEBHOOK_SECRET,
  signStripeEvent,
  startFakeStripe,
  stripeEvent,
  type FakeStripe,
} from "../support/fake-stripe";
import { describeOnBackend } from "../support/test-database";
import { createLoadContext } from "~/server/load-context.server";

const en = enAdmin;
const es = esAdmin;
const PASSWORD = "grace-and-peace-7";
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? "");
const rand = () => randomBytes(8).toString("hex");

type Params = Record<string, unknown>;
type GiveBody = { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> };

describeOnBackend("online giving", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let fake: FakeStripe;
  const funds: Record<string, number> = {};
  let ipCounter = 0;
  const ip = () => `192.0.2.${(ipCounter++ % 250) + 1}`;

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    fake = await startFakeStripe();
    setStripeForTests({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.url });
    await db.update(churchSettings).set({ givingFeePercentBp: 290, givingFeeFixedCents: 30 });
    for (const row of await db.select().from(givingFunds)) funds[row.slug] = row.id;
  });
  afterAll(async () => {
    setStripeForTests(undefined);
    await fake?.close();
    await h?.close();
  });
  beforeEach(async () => {
    await db.delete(outboxMessages);
    fake.failNext(0);
  });

  async function createMember(name: string) {
    const email = `giver-${rand()}@example.test`;
    await authCallContext.run({ language: "en", signup: { fullName: name, username: "", displayName: name, phone: null } }, () =>
      getAuth().api.signUpEmail({ body: { name, email, password: PASSWORD } }),
    );
    await db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const result = await getAuth().api.signInEmail({ body: { email, password: PASSWORD }, returnHeaders: true });
    return { id: user!.id, email, name, cookie: cookieJar(undefined, result.headers.getSetCookie()) };
  }

  const giftForm = (extra: Record<string, string> = {}) => ({
    fundId: String(funds["missions"]),
    amount: "50",
    customAmount: "",
    frequency: "one_time",
    name: "Grace Giver",
    email: `visitor-${rand()}@example.test`,
    ...extra,
  });
  const give = async (form: Record<string, string>, o: { cookie?: string; language?: "en" | "es"; ip?: string; path?: string } = {}) => {
    const before = fake.requests.length;
    const answer = await h.call(giveAction, { path: o.path ?? "/give", form, ip: o.ip ?? ip(), cookie: o.cookie, language: o.language });
    const sent = fake.requests.slice(before).filter((r) => r.path === "/v1/checkout/sessions" && r.method === "POST");
    const location = answer.headers.get("location");
    const sessionId = location ? /\/checkout\/(cs_test_\w+)$/.exec(location)?.[1] : undefined;
    return {
      status: answer.status,
      body: answer.body as GiveBody,
      location,
      params: sent.at(-1)?.params as Params | undefined,
      sent: sent.length,
      session: sessionId ? fake.sessions.get(sessionId) : undefined,
    };
  };
  const lineAmounts = (params: Params | undefined) =>
    ((params?.line_items as Params[] | undefined) ?? []).map((item) => Number((item.price_data as Params).unit_amount));
  const lineNames = (params: Params | undefined) =>
    ((params?.line_items as Params[] | undefined) ?? []).map((item) => ((item.price_data as Params).product_data as Params).name);

  const deliver = async (event: object, options: { secret?: string; timestamp?: number } = {}) => {
    const { payload, signature } = signStripeEvent(event, options);
    const request = new Request(new URL("/stripe/webhook", PUBLIC_URL), {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body: payload,
    });
    const response = await webhookAction({
      request,
      url: new URL(request.url),
      params: {},
      context: createLoadContext("test"),
    } as unknown as Parameters<typeof webhookAction>[0]);
    return { status: response.status, body: (await response.text()) as string };
  };
  const giftsBySession = (id: string) => db.select().from(gifts).where(eq(gifts.stripeCheckoutSessionId, id));
  const mailsTo = async (to: string) =>
    (await db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to))).map(
      (m) => m.payload as { subject: string; text: string; html: string },
    );
  const counts = async () => ({
    gifts: (await db.select({ n: sql<number>`count(*)::int` }).from(gifts))[0]!.n,
    recurring: (await db.select({ n: sql<number>`count(*)::int` }).from(recurringGifts))[0]!.n,
    mails: (await db.select({ n: sql<number>`count(*)::int` }).from(outboxMessages))[0]!.n,
    events: (await db.select({ n: sql<number>`count(*)::int` }).from(stripeEvents))[0]!.n,
  });
  /** An invoice.paid event for a subscription, as Stripe's API version sends it. */
  const invoicePaid = (
    subscription: string,
    customer: string,
    metadata: Record<string, string>,
    amount: number,
    id = `in_test_${rand()}`,
  ) =>
    stripeEvent("invoice.paid", {
      id,
      object: "invoice",
      customer,
      amount_paid: amount,
      status: "paid",
      parent: { type: "subscription_details", subscription_details: { subscription, metadata } },
      payments: {
        object: "list",
        data: [{ object: "invoice_payment", payment: { type: "payment_intent", payment_intent: `pi_test_${rand()}` } }],
      },
      status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
    });

  describe("the gift form", () => {
    test("the page lists the active funds in the reader's language, the fee rate and the other ways to give", async () => {
      const [inactive] = await db
        .insert(givingFunds)
        .values({ slug: `closed-${rand()}`, name: "Closed Fund", active: false })
        .returning();
      const page = async (language: "en" | "es") =>
        (await h.call(giveLoader, { path: "/give", language })).body as {
          page: { title: string };
          configured: boolean;
          funds: { id: number; name: string }[];
          fee: { label: string };
          ways: { text: { keyword: string } | null; addressLines: string[] };
        };
      const english = await page("en");
      expect(english.page.title).toBe("Give");
      expect(english.configured).toBe(true);
      expect(english.funds.map((f) => f.name).slice(0, 4)).toEqual(["Tithes & Offerings", "Missions", "Building Fund", "Benevolence"]);
      expect(english.funds.some((f) => f.id === inactive!.id)).toBe(false);
      expect(english.fee.label).toBe("2.9% + $0.30");
      expect(english.ways.text?.keyword).toBe("GIVE");
      expect(english.ways.addressLines.length).toBeGreaterThan(0);
      const spanish = await page("es");
      expect(spanish.page.title).toBe("Ofrendar");
      expect(spanish.funds.map((f) => f.name).slice(0, 4)).toEqual([
        "Diezmos y ofrendas",
        "Misiones",
        "Fondo de construcción",
        "Ayuda benéfica",
      ]);
      await db.delete(givingFunds).where(eq(givingFunds.id, inactive!.id));
    });

    test("the fee covered is computed in cents and sent to Checkout as its own line", async () => {
      // $100 at 2.9% + 30¢: ceil((10000 + 30) / 0.971) = 10330 → fee 330.
      const hundred = await give(giftForm({ amount: "100", coverFee: "1" }));
      expect(hundred.status).toBe(303);
      expect(lineAmounts(hundred.params)).toEqual([10_000, 330]);
      expect(lineNames(hundred.params)).toEqual(["Gift to Missions", "Processing fee"]);
      expect(hundred.session?.amount_total).toBe(10_330);
      expect((hundred.params!.metadata as Params).fee_cents).toBe("330");
      // A typed amount wins over a preset: $25.55 → ceil((2555 + 30) × 10000 / 9710) = 2663 → fee 108.
      const typed = await give(giftForm({ amount: "250", customAmount: "$25.55", coverFee: "1" }));
      expect(lineAmounts(typed.params)).toEqual([2_555, 108]);
      const none = await give(giftForm({ amount: "25" }));
      expect(lineAmounts(none.params)).toEqual([2_500]);
      expect((none.params!.metadata as Params).fee_cents).toBe("0");
    });

    test.each([
      ["negative", { customAmount: "-5" }, "customAmount", en.errors.amount],
      ["zero", { customAmount: "0" }, "customAmount", fill(en.errors.amountMin, { min: "$1" })],
      ["huge", { customAmount: "1000000" }, "customAmount", fill(en.errors.amountMax, { max: "$999,999" })],
      ["not a number", { customAmount: "abc" }, "customAmount", en.errors.amount],
      ["no amount", { amount: "" }, "amount", en.errors.amount],
      ["a tampered preset", { amount: "1e9" }, "amount", en.errors.amount],
      ["no fund", { fundId: "" }, "fundId", en.errors.fund],
      ["a bad email", { email: "not-an-email" }, "email", en.errors.email],
      ["no name", { name: "   " }, "name", en.errors.name],
      ["an unknown frequency", { frequency: "yearly" }, "frequency", en.errors.frequency],
    ])("%s is refused with a message on its field and nothing sent to Stripe", async (_, extra, field, message) => {
      const before = fake.requests.length;
      const answer = await give(giftForm(extra));
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe(en.form.errorSummary);
      expect(answer.body.fieldErrors[field]).toBe(message);
      expect(fake.requests.length).toBe(before);
      // What was typed comes back.
      if ("customAmount" in extra) expect(answer.body.values.customAmount).toBe(extra.customAmount);
    });

    test("unknown and inactive funds, and a visitor's recurring gift, are refused kindly (in Spanish too)", async () => {
      const before = fake.requests.length;
      const unknown = await give(giftForm({ fundId: "999999" }));
      expect(unknown.status).toBe(422);
      expect(unknown.body.fieldErrors.fundId).toBe(en.errors.fundUnavailable);
      const [inactive] = await db
        .insert(givingFunds)
        .values({ slug: `paused-${rand()}`, name: "Paused", active: false })
        .returning();
      const paused = await give(giftForm({ fundId: String(inactive!.id) }), { language: "es" });
      expect(paused.status).toBe(422);
      expect(paused.body.message).toBe(es.errors.fundUnavailable);
      const recurring = await give(giftForm({ frequency: "monthly" }));
      expect(recurring.status).toBe(403);
      expect(recurring.body.fieldErrors.frequency).toBe(en.errors.recurringVisitor);
      expect(fake.requests.length).toBe(before);
      await db.delete(givingFunds).where(eq(givingFunds.id, inactive!.id));
    });

    test("a one-time gift asks Checkout for a donation payment with everything the webhook needs", async () => {
      const email = `one-time-${rand()}@example.test`;
      const answer = await give(giftForm({ email: email.toUpperCase(), name: "Olga One-Time", amount: "100" }));
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`${fake.url}/checkout/${answer.session!.id}`);
      const p = answer.params!;
      expect(p.mode).toBe("payment");
      expect(p.submit_type).toBe("donate");
      expect(p.payment_method_types).toBeUndefined();
      expect(p.customer_email).toBe(email);
      expect(p.locale).toBe("en");
      expect(p.success_url).toBe(`${PUBLIC_URL}/give/thanks?session_id={CHECKOUT_SESSION_ID}`);
      expect(p.cancel_url).toBe(`${PUBLIC_URL}/give?canceled=1`);
      expect(p.client_reference_id).toBeUndefined();
      expect(p.metadata).toMatchObject({
        kind: "gift",
        fund_id: String(funds["missions"]),
        amount_cents: "10000",
        fee_cents: "0",
        frequency: "one_time",
        user_id: "",
        donor_name: "Olga One-Time",
        donor_email: email,
        language: "en",
      });

      const spanish = await give(giftForm({ amount: "50" }), { language: "es", path: "/give?lang=es" });
      expect(spanish.params!.locale).toBe("es");
      expect(lineNames(spanish.params)).toEqual(["Ofrenda para Misiones"]);
      expect(spanish.params!.success_url).toBe(`${PUBLIC_URL}/give/thanks?session_id={CHECKOUT_SESSION_ID}&lang=es`);
      expect((spanish.params!.metadata as Params).language).toBe("es");
    });

    test("a member's recurring gift is a subscription in their name, with the interval of its frequency", async () => {
      const member = await createMember("Rita Recurring");
      const cases = [
        ["weekly", "week", "1"],
        ["biweekly", "week", "2"],
        ["monthly", "month", "1"],
      ] as const;
      for (const [frequency, interval, count] of cases) {
        // A member's name and email are their account's, whatever the form says.
        const answer = await give(giftForm({ frequency, coverFee: "1", amount: "25", name: "Someone Else", email: "else@example.test" }), {
          cookie: member.cookie,
        });
        expect(answer.status).toBe(303);
        const p = answer.params!;
        expect(p.mode).toBe("subscription");
        expect(p.submit_type).toBeUndefined();
        expect(p.client_reference_id).toBe(member.id);
        expect(p.customer_email).toBe(member.email);
        const items = p.line_items as Params[];
        expect(items.map((i) => (i.price_data as Params).recurring)).toEqual([
          { interval, interval_count: count },
          { interval, interval_count: count },
        ]);
        expect(lineAmounts(p)).toEqual([2_500, 106]);
        const meta = (p.subscription_data as Params).metadata as Params;
        expect(meta).toMatchObject({
          kind: "gift",
          frequency,
          user_id: member.id,
          donor_name: "Rita Recurring",
          donor_email: member.email,
          amount_cents: "2500",
          fee_cents: "106",
        });
        expect(p.metadata).toEqual(meta);
      }
    });

    test("checkouts are rate limited per address", async () => {
      const limit = 10 * getEnv().RATE_LIMIT_IP_SCALE;
      if (limit > 40) return;
      const address = "198.51.100.99";
      for (let i = 0; i < limit; i++) expect((await give(giftForm(), { ip: address })).status).toBe(303);
      const blocked = await give(giftForm(), { ip: address });
      expect(blocked.status).toBe(429);
      expect(blocked.sent).toBe(0);
    });

    test("Stripe down: a friendly message, nothing written; Stripe not configured: the page says so and nothing is called", async () => {
      const before = await counts();
      fake.failNext(5, 500);
      const down = await give(giftForm());
      expect(down.status).toBe(503);
      expect(down.body.message).toBe(en.errors.paymentService);
      expect(down.body.values.name).toBe("Grace Giver");
      fake.failNext(0);
      expect(await counts()).toEqual(before);

      setStripeForTests(null);
      try {
        const page = (await h.call(giveLoader, { path: "/give" })).body as { configured: boolean; ways: { churchName: string } };
        expect(page.configured).toBe(false);
        expect(page.ways.churchName).not.toBe("");
        const requests = fake.requests.length;
        const refused = await give(giftForm());
        expect(refused.status).toBe(503);
        expect(refused.body.message).toBe(en.errors.notConfigured);
        expect(fake.requests.length).toBe(requests);
      } finally {
        setStripeForTests({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.url });
      }
    });
  });

  describe("the webhook", () => {
    async function startGift(extra: Record<string, string> = {}, o: { cookie?: string; language?: "en" | "es" } = {}) {
      const answer = await give(giftForm(extra), o);
      expect(answer.status).toBe(303);
      return answer.session!;
    }

    test("a signed completed checkout records one gift and one receipt; replays, second event ids, forged and stale events change nothing", async () => {
      const email = `receipt-${rand()}@example.test`;
      const session = await startGift({ email, amount: "100", coverFee: "1", name: "Paula Payer" });
      const event = completedSessionEvent(session);
      const before = await counts();
      expect((await deliver(event, { secret: "whsec_wrong_secret_0000000000" })).status).toBe(400);
      expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 })).status).toBe(400);
      expect(await counts()).toEqual(before);

      const first = await deliver(event);
      expect(first.status).toBe(200);
      expect(JSON.parse(first.body)).toMatchObject({ outcome: "processed" });
      const [gift] = await giftsBySession(session.id);
      expect(gift).toMatchObject({
        amountCents: 10_000,
        feeCents: 330,
        frequency: "one_time",
        donorEmail: email,
        donorName: "Paula Payer",
        fundId: funds["missions"],
        fundName: "Missions",
        status: "succeeded",
        userId: null,
        language: "en",
      });
      expect(gift!.stripePaymentIntentId).toMatch(/^pi_test_/);
      expect(gift!.receiptSentAt).not.toBeNull();
      const mails = await mailsTo(email);
      expect(mails).toHaveLength(1);
      const [church] = await db.select({ name: churchSettings.nameEn }).from(churchSettings);
      expect(mails[0]!.subject).toBe(fill(en.email.subject, { church: church!.name }));
      expect(mails[0]!.text).toContain(fill(en.email.amount, { amount: "$100", fund: "Missions" }));
      expect(mails[0]!.text).toContain(fill(en.email.fee, { fee: "$3.30" }));
      expect(mails[0]!.text).toContain(fill(en.email.total, { total: "$103.30" }));
      expect(mails[0]!.text).toContain(en.email.taxNote);
      expect(mails[0]!.text).toContain(en.email.oneTime);
      expect(mails[0]!.text).not.toContain("/give/history");

      const replay = await deliver(event);
      expect(JSON.parse(replay.body)).toMatchObject({ outcome: "duplicate" });
      const again = await deliver({ ...event, id: `evt_test_${rand()}` });
      expect(again.status).toBe(200);
      const async = await deliver(stripeEvent("checkout.session.async_payment_succeeded", event.data.object));
      expect(async.status).toBe(200);
      expect(await giftsBySession(session.id)).toHaveLength(1);
      expect(await mailsTo(email)).toHaveLength(1);
    });

    test("five parallel deliveries of one event, and of five event ids for one session, record one gift", async () => {
      const email = `race-${rand()}@example.test`;
      const session = await startGift({ email });
      const event = completedSessionEvent(session);
      const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(event)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      const other = await startGift({ email });
      const paid = completedSessionEvent(other);
      await Promise.all(Array.from({ length: 5 }, () => deliver({ ...paid, id: `evt_test_${rand()}` })));
      expect(await giftsBySession(session.id)).toHaveLength(1);
      expect(await giftsBySession(other.id)).toHaveLength(1);
      expect(await mailsTo(email)).toHaveLength(2);
    });

    test("a bank payment still pending records nothing until it succeeds", async () => {
      const email = `ach-${rand()}@example.test`;
      const session = await startGift({ email });
      const pending = completedSessionEvent(session, { payment_status: "unpaid" });
      expect(JSON.parse((await deliver(pending)).body)).toMatchObject({ outcome: "processed" });
      expect(await giftsBySession(session.id)).toHaveLength(0);
      const thanks = await h.call(thanksLoader, { path: `/give/thanks?session_id=${session.id}` });
      expect(thanks.status).toBe(200);
      fake.sessions.get(session.id)!.status = "complete";
      expect(
        ((await h.call(thanksLoader, { path: `/give/thanks?session_id=${session.id}` })).body as { view: { state: string; bank: boolean } })
          .view,
      ).toEqual({ state: "pending", bank: true });
      await deliver(stripeEvent("checkout.session.async_payment_succeeded", { ...pending.data.object, payment_status: "paid" }));
      expect(await giftsBySession(session.id)).toHaveLength(1);
      expect(await mailsTo(email)).toHaveLength(1);
    });

    test("a malformed event of ours is refused whole (Stripe retries); other sites' events are ignored", async () => {
      const session = await startGift();
      const event = completedSessionEvent(session, { metadata: { ...session.metadata, amount_cents: "lots" } });
      const before = await counts();
      // 500: nothing written, and Stripe delivers it again later.
      expect((await deliver(event)).status).toBe(500);
      expect(await counts()).toEqual(before);
      const foreign = await deliver(
        stripeEvent("checkout.session.completed", {
          ...completedSessionEvent(session).data.object,
          id: `cs_test_${rand()}`,
          metadata: { kind: "something-else" },
        }),
      );
      expect(JSON.parse(foreign.body)).toMatchObject({ outcome: "ignored" });
    });

    test("a recurring gift: the subscription checkout, invoice payments (before or after it), cancellation and refunds", async () => {
      const member = await createMember("Manuel Monthly");
      const session = await startGift({ frequency: "monthly", amount: "40", coverFee: "1" }, { cookie: member.cookie, language: "es" });
      const completed = completedSessionEvent(session);
      const subscription = completed.data.object.subscription!;
      const customer = completed.data.object.customer!;
      const metadata = session.metadata;

      // The first invoice can arrive before the checkout event: the recurring gift is made from its metadata.
      const firstInvoice = invoicePaid(subscription, customer, metadata, 4_000 + 151);
      await deliver(firstInvoice);
      await deliver(completed);
      await deliver(completed);
      const recurring = await db.select().from(recurringGifts).where(eq(recurringGifts.stripeSubscriptionId, subscription));
      expect(recurring).toHaveLength(1);
      expect(recurring[0]).toMatchObject({
        stripeCheckoutSessionId: session.id,
        amountCents: 4_000,
        feeCents: 151,
        frequency: "monthly",
        status: "active",
        userId: member.id,
        language: "es",
      });
      expect(recurring[0]!.stripeCustomerId).toBe(customer);

      await deliver({ ...firstInvoice, id: `evt_test_${rand()}` });
      const second = invoicePaid(subscription, customer, metadata, 4_151);
      await deliver(second);
      const payments = await db.select().from(gifts).where(eq(gifts.recurringGiftId, recurring[0]!.id));
      expect(payments).toHaveLength(2);
      expect(payments.map((p) => p.stripeInvoiceId).sort()).toEqual([firstInvoice.data.object.id, second.data.object.id].sort());
      expect(payments[0]).toMatchObject({ frequency: "monthly", amountCents: 4_000, feeCents: 151, userId: member.id });
      expect(payments[0]!.stripePaymentIntentId).toMatch(/^pi_test_/);
      // (The account's own sign-up email goes to the same address.)
      const receipts = (await mailsTo(member.email)).filter((m) => m.text.includes(es.email.taxNote));
      expect(receipts).toHaveLength(2);
      expect(receipts[0]!.text).toContain(fill(es.email.recurring, { frequency: es.form.frequencies.monthly }));
      expect(receipts[0]!.text).toContain(es.email.taxNote);
      expect(receipts[0]!.text).toContain("/give/history?lang=es");

      // The member's next checkout reuses their Stripe customer.
      const next = await give(giftForm({ amount: "10" }), { cookie: member.cookie });
      expect(next.params!.customer).toBe(recurring[0]!.stripeCustomerId);
      expect(next.params!.customer_email).toBeUndefined();
      expect(next.params!.customer_creation).toBeUndefined();

      // The thanks page finds the recurring gift by its checkout session.
      const thanks = await h.call(thanksLoader, { path: `/give/thanks?session_id=${session.id}&lang=es`, language: "es" });
      expect((thanks.body as { view: object }).view).toEqual({
        state: "recorded",
        amountCents: 4_000,
        fund: "Misiones",
        frequency: "monthly",
      });

      // A refund of part of one payment, then all of it.
      const intent = payments[0]!.stripePaymentIntentId!;
      await deliver(
        stripeEvent("charge.refunded", {
          id: `ch_test_${rand()}`,
          object: "charge",
          payment_intent: intent,
          amount: 4_151,
          amount_refunded: 1_000,
        }),
      );
      expect((await db.select().from(gifts).where(eq(gifts.id, payments[0]!.id)))[0]).toMatchObject({
        status: "partially_refunded",
        refundedCents: 1_000,
      });
      await deliver(
        stripeEvent("charge.refunded", {
          id: `ch_test_${rand()}`,
          object: "charge",
          payment_intent: intent,
          amount: 4_151,
          amount_refunded: 4_151,
        }),
      );
      expect((await db.select().from(gifts).where(eq(gifts.id, payments[0]!.id)))[0]).toMatchObject({
        status: "refunded",
        refundedCents: 4_151,
      });

      // Stripe says the subscription is past due, then deleted.
      await deliver(
        stripeEvent("customer.subscription.updated", {
          id: subscription,
          object: "subscription",
          status: "past_due",
          canceled_at: null,
          metadata,
        }),
      );
      expect((await db.select().from(recurringGifts).where(eq(recurringGifts.id, recurring[0]!.id)))[0]!.status).toBe("past_due");
      await deliver(
        stripeEvent("customer.subscription.deleted", {
          id: subscription,
          object: "subscription",
          status: "canceled",
          canceled_at: Math.floor(Date.now() / 1000),
          metadata,
        }),
      );
      const ended = (await db.select().from(recurringGifts).where(eq(recurringGifts.id, recurring[0]!.id)))[0]!;
      expect(ended.status).toBe("canceled");
      expect(ended.canceledAt).not.toBeNull();
    });

    test("a Spanish donor's receipt is in Spanish; names are text in the email", async () => {
      const email = `spanish-${rand()}@example.test`;
      const session = await startGift({ email, name: '<script>alert("x")</script> Ana', amount: "25" }, { language: "es" });
      await deliver(completedSessionEvent(session));
      const [mail] = await mailsTo(email);
      expect(mail!.subject.startsWith(es.email.subject.split("{{")[0]!)).toBe(true);
      expect(mail!.text).toContain(fill(es.email.amount, { amount: "$25", fund: "Misiones" }));
      expect(mail!.text).toContain(es.email.oneTime);
      expect(mail!.text).toContain(es.email.taxNote);
      expect(mail!.html).not.toContain("<script>");
      expect(mail!.html).toContain("&lt;script&gt;");
    });
  });

  describe("the thanks page", () => {
    test("says it is confirming until the webhook has recorded the gift, then thanks with the amount; unknown sessions are 404", async () => {
      const answer = await give(giftForm({ amount: "75" }));
      const session = answer.session!;
      const before = await h.call(thanksLoader, { path: `/give/thanks?session_id=${session.id}` });
      expect(before.status).toBe(200);
      expect((before.body as { view: object }).view).toEqual({ state: "pending", bank: false });
      await deliver(completedSessionEvent(session));
      const after = await h.call(thanksLoader, { path: `/give/thanks?session_id=${session.id}` });
      expect((after.body as { view: object }).view).toEqual({
        state: "recorded",
        amountCents: 7_500,
        fund: "Missions",
        frequency: "one_time",
      });
      for (const bad of ["", "?session_id=nope", "?session_id=cs_test_doesnotexist123", "?session_id=%3Cscript%3E"]) {
        expect((await h.call(thanksLoader, { path: `/give/thanks${bad}` })).status).toBe(404);
      }
    });
  });

  describe("giving history and statements", () => {
    async function recordGift(values: Partial<typeof gifts.$inferInsert> & { donorEmail: string; paidAt: Date }) {
      const [row] = await db
        .insert(gifts)
        .values({
          fundId: funds["missions"],
          fundName: "Missions",
          amountCents: 5_000,
          donorName: "Someone",
          stripeCheckoutSessionId: `cs_test_${rand()}`,
          ...values,
        })
        .returning();
      return row!;
    }

    test("a member sees their own gifts (and earlier ones under their verified email), never another's; visitors sign in first", async () => {
      const member = await createMember("Helen History");
      const other = await createMember("Oscar Other");
      const year = new Date().getUTCFullYear();
      await recordGift({
        userId: member.id,
        donorEmail: member.email,
        amountCents: 12_345,
        feeCents: 100,
        paidAt: new Date(`${year}-03-10T18:00:00Z`),
      });
      await recordGift({
        userId: null,
        donorEmail: member.email.toUpperCase(),
        amountCents: 2_000,
        paidAt: new Date(`${year - 1}-06-01T18:00:00Z`),
      });
      await recordGift({ userId: other.id, donorEmail: other.email, amountCents: 99_900, paidAt: new Date(`${year}-03-11T18:00:00Z`) });
      await recordGift({
        userId: member.id,
        donorEmail: member.email,
        amountCents: 1_000,
        refundedCents: 1_000,
        status: "refunded",
        paidAt: new Date(`${year}-04-01T18:00:00Z`),
      });

      const page = await h.call(historyLoader, { path: "/give/history", cookie: member.cookie });
      expect(page.status).toBe(200);
      const body = page.body as {
        gifts: { amountCents: number; status: string; year: number }[];
        yearTotals: { year: number; cents: number }[];
      };
      expect(body.gifts.map((g) => g.amountCents)).toEqual([1_000, 12_345, 2_000]);
      expect(body.gifts[0]!.status).toBe("refunded");
      expect(body.yearTotals).toEqual([
        { year, cents: 12_445 },
        { year: year - 1, cents: 2_000 },
      ]);
      const others = (await h.call(historyLoader, { path: "/give/history", cookie: other.cookie })).body as {
        gifts: { amountCents: number }[];
      };
      expect(others.gifts.map((g) => g.amountCents)).toEqual([99_900]);

      const visitor = await h.call(historyLoader, { path: "/give/history?lang=es" });
      expect(visitor.status).toBe(302);
      expect(visitor.headers.get("location")).toBe("/auth?redirectTo=/give/history&lang=es");
      expect((await h.call(statementLoader, { path: `/give/statement/${year}.pdf` })).status).toBe(302);

      // The statement: a PDF with the member's gifts of that year and the totals.
      const call = (y: string) => statement(y, member.cookie);
      const pdfAnswer = await call(String(year));
      expect(pdfAnswer.status).toBe(200);
      expect(pdfAnswer.headers.get("content-type")).toBe("application/pdf");
      expect(pdfAnswer.headers.get("content-disposition")).toBe(`attachment; filename="giving-statement-${year}.pdf"`);
      expect(pdfAnswer.headers.get("cache-control")).toBe("no-store");
      expect(readPdf(pdfAnswer.bytes).pages).toBeGreaterThanOrEqual(1);
      const text = pdfText(pdfAnswer.bytes);
      expect(text).toContain("$124.45");
      expect(text).toContain("Total contributions: $124.45");
      expect(text).toContain(en.statement.taxNote);
      expect(text).not.toContain("$999");

      const { content, totalCents } = await buildStatement({
        db,
        userId: member.id,
        name: member.name,
        email: member.email,
        year,
        language: "es",
      });
      expect(totalCents).toBe(12_445);
      expect(content.rows).toEqual([[expect.stringMatching(/^1[01]\/03\/\d{4}$/), "Misiones", "$124.45"]]);
      expect(content.byFund).toEqual([["Misiones", "$124.45"]]);
      expect(content.notes[0]).toBe(es.statement.taxNote);

      // A year without gifts is a statement saying so; years out of range are 404.
      const empty = await call("2001");
      expect(empty.status).toBe(200);
      expect(pdfText(empty.bytes)).toContain(fill(en.statement.none, { year: "2001" }));
      for (const bad of ["1999", String(year + 1), "abcd", "20245"]) expect((await call(bad)).status).toBe(404);
    });

    test("the PDF draws any name (characters outside its font become ?)", async () => {
      expect(printable("José\u0007\tMüller")).toBe("José? Müller");
      expect(printable("Nguye\u0302\u0303n", () => true)).toBe("Nguyễn"); // NFC: one glyph, not three
      expect(printable("Ana 李", (code) => code < 0x3000)).toBe("Ana ?");
      const bytes = await renderStatementPdf({
        title: "Giving statement 2024",
        church: ["Iglesia 教会", "1 Main St"],
        donor: "Donor: 李小龙 (li@example.test)",
        period: "x",
        headers: ["Date", "Fund", "Amount"],
        rows: [["01/02/2024", "Misiones ✝", "$10"]],
        byFundHeading: "By fund",
        byFund: [["Misiones ✝", "$10"]],
        total: "Total: $10",
        notes: ["No goods or services were provided in exchange for these contributions."],
      });
      const pdf = readPdf(bytes);
      expect(pdf.pages).toBe(1);
      // DejaVu Sans has no Chinese: "?" rather than empty boxes; the cross it has.
      expect(pdf.lines).toEqual(expect.arrayContaining(["Iglesia ??", "Donor: ??? (li@example.test)", "Misiones ✝"]));
    });

    test("a statement prints donors' names as written (Vietnamese, Polish), in English and in Spanish", async () => {
      const year = new Date().getUTCFullYear();
      for (const name of ["Nguyễn Thị Ánh", "Łukasz Żółć"]) {
        const member = await createMember(name);
        await recordGift({ userId: member.id, donorEmail: member.email, amountCents: 4_250, paidAt: new Date(`${year}-02-02T18:00:00Z`) });
        for (const [language, strings] of [
          ["en", en],
          ["es", es],
        ] as const) {
          const answer = await statement(String(year), member.cookie, language);
          expect(answer.status).toBe(200);
          const pdf = readPdf(answer.bytes);
          // Both faces embedded (regular and bold), never a standard font that turns "ễ" into "?".
          expect(pdf.fonts).toEqual(
            expect.arrayContaining([expect.stringMatching(/\+DejaVuSans$/), expect.stringMatching(/\+DejaVuSans-Bold$/)]),
          );
          expect(pdf.lines).toContain(fill(strings.statement.donor, { name, email: member.email }));
          expect(pdf.lines).toContain(fill(strings.statement.title, { year: String(year) }));
          expect(pdf.lines).toContain(fill(strings.statement.total, { amount: "$42.50" }));
          expect(pdf.lines.join("\n")).not.toContain("?");
        }
      }
    });

    test("a member cancels a recurring gift after confirming; Stripe is asked first; a stranger's gift is not found", async () => {
      const member = await createMember("Carla Cancel");
      const stranger = await createMember("Sam Stranger");
      const subscription = `sub_test_${rand()}`;
      const [row] = await db
        .insert(recurringGifts)
        .values({
          stripeSubscriptionId: subscription,
          fundId: funds["missions"],
          fundName: "Missions",
          amountCents: 2_000,
          frequency: "weekly",
          userId: member.id,
          donorName: member.name,
          donorEmail: member.email,
        })
        .returning();
      const post = (intent: string, cookie: string, id = row!.id) =>
        h.call(historyAction, { path: "/give/history", cookie, form: { intent, recurringId: id } });

      expect((await post("cancel-confirm", stranger.cookie)).status).toBe(404);
      expect((await post("cancel", stranger.cookie)).status).toBe(404);
      expect((await post("cancel", member.cookie, "not-a-uuid")).status).toBe(400);
      const ask = await post("cancel", member.cookie);
      expect(ask.body).toEqual({ confirm: row!.id });
      expect(fake.requests.some((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${subscription}`)).toBe(false);

      fake.failNext(5, 500);
      const down = await post("cancel-confirm", member.cookie);
      expect(down.status).toBe(503);
      expect((await db.select().from(recurringGifts).where(eq(recurringGifts.id, row!.id)))[0]!.status).toBe("active");
      fake.failNext(0);

      const done = await post("cancel-confirm", member.cookie);
      expect(done.status).toBe(200);
      expect(done.body).toEqual({ ok: true, message: en.history.canceledMessage });
      expect(
        fake.requests.filter((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/${subscription}`).length,
      ).toBeGreaterThanOrEqual(1);
      expect(fake.subscriptions.get(subscription)?.status).toBe("canceled");
      const [after] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, row!.id));
      expect(after!.status).toBe("canceled");
      expect(after!.canceledAt).not.toBeNull();
      expect((await post("cancel-confirm", member.cookie)).status).toBe(409);
      const visitor = await h.call(historyAction, { path: "/give/history", form: { intent: "cancel", recurringId: row!.id } });
      expect(visitor.status).toBe(303);
    });
  });
});

/** The statement route's answer as bytes (a redirect or 404 as thrown or returned). */
async function statement(year: string, cookie: string, language: "en" | "es" = "en") {
  const url = new URL(`/give/statement/${year}.pdf${language === "es" ? "?lang=es" : ""}`, PUBLIC_URL);
  const request = new Request(url, { headers: { cookie, "x-church-client-ip": "192.0.2.200" } });
  let response: Response;
  try {
    response = await statementLoader({
      request,
      url: new URL(request.url),
      params: { year },
      context: createLoadContext("test"),
    } as unknown as Parameters<typeof statementLoader>[0]);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    response = thrown;
  }
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** The text drawn on a PDF's pages, one string per text-showing operator (see readPdf). */
function pdfText(bytes: Uint8Array): string {
  return readPdf(bytes).lines.join("\n");
}

/**
 * What a reader copying the text out of a statement gets. pdfkit draws with subset Identity-H
 * fonts, so a string's bytes are glyph numbers: each is decoded through the ToUnicode CMap of
 * the font in use (`/Fn size Tf`), as viewers do for copy, search and screen readers. A name
 * turned into "?" or boxes, or a font that is not embedded, fails here. The cross-reference
 * table is checked too, so a broken file does not pass on its text alone. (Test code reading
 * the app's own output: no PDF library is installed to do it.)
 */
function readPdf(bytes: Uint8Array): { pages: number; lines: string[]; fonts: string[] } {
  const raw = Buffer.from(bytes).toString("latin1");
  if (!raw.startsWith("%PDF-")) throw new Error("not a PDF");
  // Each object's dictionary, and its stream's bytes by its /Length (compressed bytes may hold
  // anything, "endstream" or a CR before it included), inflated only when read.
  const objects = new Map<number, { dict: string; stream: string | null }>();
  for (let at = 0, m: RegExpExecArray | null; (m = /(\d+) 0 obj\b/g.exec(raw.slice(at)));) {
    const begin = at + m.index + m[0].length;
    const streamAt = /^(?:(?!endobj)[\s\S])*?\bstream\r?\n/.exec(raw.slice(begin));
    const length = streamAt ? Number(/\/Length (\d+)/.exec(streamAt[0])?.[1]) : NaN;
    if (streamAt && Number.isInteger(length)) {
      const data = raw.slice(begin + streamAt[0].length, begin + streamAt[0].length + length);
      const dict = streamAt[0];
      objects.set(Number(m[1]), {
        dict,
        get stream() {
          return /\/FlateDecode/.test(dict) ? inflateSync(Buffer.from(data, "latin1")).toString("latin1") : data;
        },
      });
      at = raw.indexOf("endobj", begin + streamAt[0].length + length) + 6;
    } else {
      const end = raw.indexOf("endobj", begin);
      objects.set(Number(m[1]), { dict: raw.slice(begin, end), stream: null });
      at = end + 6;
    }
  }
  const start = Number(/startxref\s+(\d+)\s+%%EOF\s*$/.exec(raw)?.[1]);
  if (!(start > 0) || !raw.startsWith("xref", start)) throw new Error("no cross-reference table where startxref points");
  const xref = /xref\s+0 (\d+)\s+([\s\S]*?)trailer/.exec(raw.slice(start));
  const entries = [...(xref?.[2] ?? "").matchAll(/(\d{10}) (\d{5}) ([nf])/g)];
  if (!xref || entries.length !== Number(xref[1])) throw new Error("a malformed cross-reference table");
  entries.forEach(([, offset, , kind], id) => {
    if (kind === "n" && !raw.startsWith(`${id} 0 obj`, Number(offset))) throw new Error(`object ${id} is not at offset ${Number(offset)}`);
  });

  const ref = (text: string, key: string) => Number(new RegExp(`/${key}\\s+(\\d+) 0 R`).exec(text)?.[1]);
  const utf16 = (hex: string) => Buffer.from(hex.replace(/\s+/g, ""), "hex").swap16().toString("utf16le");
  const cmapOf = (id: number) => {
    const map = new Map<number, string>();
    const cmap = objects.get(id)?.stream ?? "";
    for (const block of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
      for (const r of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
        const first = parseInt(r[1]!, 16);
        if (r[3]!.startsWith("[")) [...r[3]!.matchAll(/<([0-9a-fA-F ]*)>/g)].forEach((u, i) => map.set(first + i, utf16(u[1]!)));
        else
          for (let c = first, u = parseInt(r[3]!.slice(1, -1), 16); c <= parseInt(r[2]!, 16); c++, u++) map.set(c, String.fromCodePoint(u));
      }
    }
    for (const block of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
      for (const r of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F ]+)>/g)) map.set(parseInt(r[1]!, 16), utf16(r[2]!));
    }
    return map;
  };

  const lines: string[] = [];
  const fonts = new Set<string>();
  const pages = [...objects.values()].filter((o) => /\/Type\s*\/Page\b(?!s)/.test(o.dict));
  for (const page of pages) {
    const resources = objects.get(ref(page.dict, "Resources"))?.dict ?? page.dict;
    const fontDict = /\/Font\s*<<([\s\S]*?)>>/.exec(resources)?.[1] ?? "";
    const cmaps = new Map<string, Map<number, string>>();
    for (const [, name, id] of fontDict.matchAll(/\/(\S+?)\s+(\d+) 0 R/g)) {
      const font = objects.get(Number(id))?.dict ?? "";
      fonts.add(/\/BaseFont\s*\/(\S+)/.exec(font)?.[1] ?? "?");
      const descendant = objects.get(Number(/\/DescendantFonts\s*\[\s*(\d+) 0 R/.exec(font)?.[1]))?.dict ?? "";
      const descriptor = objects.get(ref(descendant, "FontDescriptor"))?.dict ?? "";
      if (!/\/FontFile2\s+\d+ 0 R/.test(descriptor)) throw new Error(`font ${name} is not an embedded TrueType font`);
      cmaps.set(name!, cmapOf(ref(font, "ToUnicode")));
    }
    const content = objects.get(ref(page.dict, "Contents"))?.stream ?? "";
    let cmap = new Map<number, string>();
    const decode = (hex: string) => {
      let out = "";
      for (let i = 0; i + 4 <= hex.length; i += 4) out += cmap.get(parseInt(hex.slice(i, i + 4), 16)) ?? "\uFFFD";
      return out;
    };
    for (const op of content.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      if (op[1]) cmap = cmaps.get(op[1]) ?? new Map();
      else if (op[2] !== undefined) lines.push([...op[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => decode(h[1]!)).join(""));
      else lines.push(decode(op[3]!));
    }
  }
  return { pages: pages.length, lines, fonts: [...fonts] };
}
