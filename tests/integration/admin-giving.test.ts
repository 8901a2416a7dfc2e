// The admin portal's giving section (issue 8): period totals in the church's time zone, the
// gifts list and its CSV export, the funds editor, the giving settings, and a staff
// cancellation of a recurring gift through the fake Stripe; every change audited; the
// "giving" scope required everywhere.
import { randomBytes } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { auditLog, churchSettings, gifts, givingFunds, recurringGifts } from "~/db/schema";
import { loadDashboard } from "~/features/admin/load-dashboard.server";
import { exportGiftsCsv } from "~/features/giving/admin/export-gifts-csv.server";
import { readGivingFilters } from "~/features/giving/admin/giving-filters";
import { action as givingAction, loader as givingLoader } from "~/routes/admin/giving";
import { loader as exportLoader } from "~/routes/admin/gifts-export";
import type { AppDatabase } from "~/server/db.server";
import { setStripeForTests } from "~/server/stripe.server";
import en from "~/i18n/locales/en/giving-admin";
import es from "~/i18n/locales/es/giving-admin";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { FAKE_STRIPE_SECRET_KEY, FAKE_STRIPE_WEBHOOK_SECRET, startFakeStripe, type FakeStripe } from "../support/fake-stripe";
import { describeOnBackend } from "../support/test-database";

type PageBody = {
  title: string;
  range: { from: string; to: string; invalid: boolean };
  summary: { totalCents: number; gifts: number; donors: number; feesCents: number; refundsCents: number };
  byFund: { fundId: number | null; name: string; gifts: number; totalCents: number }[];
  gifts: { donorName: string; donorEmail: string; fundName: string; amountCents: number; status: string; refundedCents: number }[];
  giftsTotal: number;
  recurring: { id: string; status: string }[];
  funds: { id: number; name: string; active: boolean; sortOrder: number; gifts: number }[];
  editFund: { id: number; values: Record<string, string> } | null;
  settings: { feePercent: string; feeFixed: string; textKeyword: string; textNumber: string };
  stripeConfigured: boolean;
};
type ActionBody = { ok: false; intent: string; message: string; fieldErrors: Record<string, string>; targetId?: string };

describeOnBackend("admin giving", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let staff: TestAdmin;
  let outsider: TestAdmin;
  let fake: FakeStripe;
  const tag = randomBytes(4).toString("hex");
  const funds: Record<string, number> = {};

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    staff = await h.createAdmin({ scopes: ["giving"], name: "Giving Staff" });
    outsider = await h.createAdmin({ scopes: ["store", "members"], name: "Store Only" });
    fake = await startFakeStripe();
    setStripeForTests({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.url });
    await db.update(churchSettings).set({ timeZone: "America/Chicago" });
    for (const name of ["Tithes", "Missions"]) {
      const [row] = await db
        .insert(givingFunds)
        .values({ slug: `${name.toLowerCase()}-${tag}`, name: `${name} ${tag}`, sortOrder: 900 })
        .returning();
      funds[name] = row!.id;
    }
    const gift = (o: Partial<typeof gifts.$inferInsert> & { paidAt: Date }) => ({
      fundId: funds.Tithes!,
      fundName: `Tithes ${tag}`,
      amountCents: 5000,
      donorName: "Ana Donor",
      donorEmail: "ana@example.test",
      ...o,
    });
    // March 2019 in Chicago: 1 March 06:00 UTC (midnight CST) to 1 April 05:00 UTC (midnight CDT).
    await db.insert(gifts).values([
      gift({ amountCents: 10_000, feeCents: 320, paidAt: new Date("2019-03-10T15:00:00Z") }),
      gift({
        amountCents: 2_500,
        paidAt: new Date("2019-04-01T04:30:00Z"),
        donorName: '=HYPERLINK("http://evil.test","x")',
        donorEmail: "evil@example.test",
        frequency: "monthly",
      }),
      gift({
        fundId: funds.Missions!,
        fundName: `Missions ${tag}`,
        amountCents: 4_000,
        refundedCents: 1_000,
        status: "partially_refunded",
        paidAt: new Date("2019-03-20T12:00:00Z"),
        donorName: "Bo Giver, Jr.",
        donorEmail: "BO@example.test",
      }),
      gift({
        fundId: funds.Missions!,
        fundName: `Missions ${tag}`,
        amountCents: 3_000,
        refundedCents: 3_000,
        status: "refunded",
        paidAt: new Date("2019-03-21T12:00:00Z"),
        donorName: "Bo Giver, Jr.",
        donorEmail: "bo@example.test",
      }),
      // Outside: 28 February 23:30 in Chicago, and April.
      gift({ amountCents: 99_900, paidAt: new Date("2019-03-01T05:30:00Z") }),
      gift({ amountCents: 77_700, paidAt: new Date("2019-04-01T05:00:00Z") }),
    ]);
  });
  afterAll(async () => {
    setStripeForTests(undefined);
    await fake?.close();
    await h?.close();
  });

  const march = "period=custom&from=2019-03-01&to=2019-03-31";
  const page = async (query = march, cookie = staff.cookie) => {
    const answer = await h.call(givingLoader, { path: `/admin/giving?${query}`, cookie });
    expect(answer.status).toBe(200);
    return answer.body as PageBody;
  };
  const post = (form: Record<string, string>, o: { cookie?: string; language?: "en" | "es" } = {}) =>
    h.call(givingAction, { path: "/admin/giving", cookie: o.cookie ?? staff.cookie, form, language: o.language });
  const audits = (action: string) => db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.createdAt));

  test("without the giving scope every loader, action and the CSV answer 403; without a session, a redirect to sign in", async () => {
    expect((await h.call(givingLoader, { path: "/admin/giving", cookie: outsider.cookie })).status).toBe(403);
    expect((await h.call(exportLoader, { path: "/admin/giving/gifts.csv", cookie: outsider.cookie })).status).toBe(403);
    for (const intent of ["save-fund", "delete-fund", "save-settings", "cancel-recurring"]) {
      expect((await post({ intent, name: "Hijack", feePercent: "9", feeFixed: "1" }, { cookie: outsider.cookie })).status).toBe(403);
    }
    expect((await h.call(givingLoader, { path: "/admin/giving" })).status).toBe(302);
    expect(await db.select().from(givingFunds).where(eq(givingFunds.name, "Hijack"))).toHaveLength(0);
  });

  test("the period's totals in cents, net of refunds, across funds, in the church's time zone; the page title is the section label", async () => {
    const body = await page();
    expect(body.title).toBe("Giving");
    expect(body.range).toEqual({ from: "2019-03-01", to: "2019-03-31", invalid: false });
    // 10000+320 + 2500 + (4000−1000) + (3000−3000)
    expect(body.summary).toEqual({ totalCents: 15_820, gifts: 4, donors: 3, feesCents: 320, refundsCents: 4_000 });
    expect(body.byFund).toEqual([
      { fundId: funds.Tithes, name: `Tithes ${tag}`, gifts: 2, totalCents: 12_820 },
      { fundId: funds.Missions, name: `Missions ${tag}`, gifts: 2, totalCents: 3_000 },
    ]);
    // Newest first.
    expect(body.gifts.map((g) => g.amountCents)).toEqual([2_500, 3_000, 4_000, 10_000]);
    expect(body.gifts[1]).toMatchObject({ status: "refunded", refundedCents: 3_000 });

    // Reversed or malformed custom dates fall back to this month, and say so.
    expect((await page("period=custom&from=2019-03-31&to=2019-03-01")).range.invalid).toBe(true);
    expect((await page("period=custom&from=2019-02-30&to=nope")).range.invalid).toBe(true);
    expect((await page("period=last-year")).range.invalid).toBe(false);
  });

  test("filters: fund, status, and a donor search where % and _ match literally", async () => {
    expect((await page(`${march}&fund=${funds.Missions}`)).gifts.map((g) => g.amountCents)).toEqual([3_000, 4_000]);
    expect((await page(`${march}&status=partially_refunded`)).gifts.map((g) => g.amountCents)).toEqual([4_000]);
    expect((await page(`${march}&q=bo@EXAMPLE`)).gifts).toHaveLength(2);
    expect((await page(`${march}&q=Giver`)).giftsTotal).toBe(2);
    expect((await page(`${march}&q=%25`)).gifts).toHaveLength(0);
    expect((await page(`${march}&q=_`)).gifts).toHaveLength(0);
    // Totals stay the period's whatever the list filter.
    expect((await page(`${march}&status=refunded`)).summary.totalCents).toBe(15_820);
  });

  test("the CSV: BOM, attachment, dollars with two decimals, ISO dates in the church's zone, a formula neutralised, quotes escaped; audited", async () => {
    const answer = await h.call(exportLoader, { path: `/admin/giving/gifts.csv?${march}`, cookie: staff.cookie });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(answer.headers.get("content-disposition")).toBe('attachment; filename="gifts-2019-03-01-to-2019-03-31.csv"');
    const text = answer.body as string;
    const raw = await exportGiftsCsv({
      db,
      actor: { userId: staff.userId, name: "Giving Staff" },
      ip: "198.51.100.20",
      language: "en",
      filters: readGivingFilters(new URL(`http://x/?${march}`)),
    });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = text
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Date,Donor,Email,Fund,Amount,Fee covered,Refunded,Frequency,Status,Stripe payment");
    expect(lines).toHaveLength(5);
    expect(lines[1]).toBe(
      `2019-03-31T23:30:00-05:00,"'=HYPERLINK(""http://evil.test"",""x"")",evil@example.test,Tithes ${tag},25.00,0.00,0.00,Monthly,Received,`,
    );
    expect(lines[2]).toBe(`2019-03-21T07:00:00-05:00,"Bo Giver, Jr.",bo@example.test,Missions ${tag},30.00,0.00,30.00,One time,Refunded,`);
    expect(lines[4]).toContain("2019-03-10T10:00:00-05:00,Ana Donor,ana@example.test");
    expect(lines[4]).toContain(",100.00,3.20,0.00,");
    const [audit] = await audits("gift.export");
    expect(audit).toMatchObject({ actorUserId: staff.userId, entityType: "gift" });
    expect((await audits("gift.export")).map((a) => a.after)).toContainEqual(
      expect.objectContaining({ count: 4, from: "2019-03-01", to: "2019-03-31" }),
    );

    // Spanish headers for a Spanish-speaking admin; the filters apply.
    const spanish = await h.call(exportLoader, {
      path: `/admin/giving/gifts.csv?${march}&status=refunded`,
      cookie: staff.cookie,
      language: "es",
    });
    const rows = (spanish.body as string)
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(rows[0]!.startsWith(`${es.admin.csv.date},${es.admin.csv.donor}`)).toBe(true);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(es.admin.status.refunded);
  });

  test("funds: add (slug from the name), edit in both languages, refuse bad input, delete only when unused (else deactivate); audited, content version bumped", async () => {
    const bad = await post({ intent: "save-fund", name: "  ", sortOrder: "abc" });
    expect(bad.status).toBe(400);
    expect((bad.body as ActionBody).fieldErrors).toEqual({ name: "required", sortOrder: "sortOrder" });

    const created = await post({
      intent: "save-fund",
      name: `Building Fund ${tag}`,
      nameEs: "Fondo de construcción",
      description: "New roof",
      descriptionEs: "Techo nuevo",
      sortOrder: "5",
      active: "on",
    });
    expect(created.status).toBe(303);
    expect(created.headers.get("location")).toBe("/admin/giving?notice=fundCreated#funds");
    const [fund] = await db
      .select()
      .from(givingFunds)
      .where(eq(givingFunds.name, `Building Fund ${tag}`));
    expect(fund).toMatchObject({ slug: `building-fund-${tag}`, nameEs: "Fondo de construcción", sortOrder: 5, active: true });
    expect((await audits("giving_fund.create"))[0]).toMatchObject({ entityId: String(fund!.id) });

    const edited = await page(`editFund=${fund!.id}`);
    expect(edited.editFund).toMatchObject({ id: fund!.id, values: { name: `Building Fund ${tag}`, descriptionEs: "Techo nuevo" } });
    const saved = await post({
      intent: "save-fund",
      fundId: String(fund!.id),
      name: `Building Fund ${tag}`,
      nameEs: "Construcción",
      description: "New roof",
      descriptionEs: "",
      sortOrder: "1",
      active: "",
    });
    expect(saved.status).toBe(303);
    const [after] = await db.select().from(givingFunds).where(eq(givingFunds.id, fund!.id));
    expect(after).toMatchObject({ nameEs: "Construcción", descriptionEs: null, sortOrder: 1, active: false, slug: `building-fund-${tag}` });
    const [update] = await audits("giving_fund.update");
    expect(update!.before).toEqual({ nameEs: "Fondo de construcción", descriptionEs: "Techo nuevo", active: true, sortOrder: 5 });

    // A fund with gifts cannot be deleted: 409 with the message, and it can be deactivated instead.
    const refused = await post({ intent: "delete-fund", fundId: String(funds.Missions), confirm: "yes" }, { language: "es" });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ message: "fundInUse", targetId: String(funds.Missions) });
    expect(es.admin.messages.fundInUse).toMatch(/desactivarlo/);
    expect(await db.select().from(givingFunds).where(eq(givingFunds.id, funds.Missions!))).toHaveLength(1);
    expect((await post({ intent: "deactivate-fund", fundId: String(funds.Missions) })).status).toBe(303);
    expect((await db.select().from(givingFunds).where(eq(givingFunds.id, funds.Missions!)))[0]!.active).toBe(false);

    expect((await post({ intent: "delete-fund", fundId: String(fund!.id) })).body).toMatchObject({ message: "confirmDelete" });
    expect((await post({ intent: "delete-fund", fundId: String(fund!.id), confirm: "yes" })).status).toBe(303);
    expect(await db.select().from(givingFunds).where(eq(givingFunds.id, fund!.id))).toHaveLength(0);
    expect((await audits("giving_fund.delete"))[0]).toMatchObject({ entityId: String(fund!.id) });
    expect((await post({ intent: "delete-fund", fundId: String(fund!.id), confirm: "yes" })).status).toBe(404);
    expect((await post({ intent: "delete-fund", fundId: "x" })).status).toBe(400);
  });

  test("giving settings: the fee rate in percent (≤ 10 %, two decimals) and fixed cents (≤ 500), text-to-give; bad input 400 with a translated message, nothing saved", async () => {
    const [before] = await db.select().from(churchSettings);
    for (const [feePercent, feeFixed, field] of [
      ["-1", "30", "feePercent"],
      ["10.01", "30", "feePercent"],
      ["abc", "30", "feePercent"],
      ["2.999", "30", "feePercent"],
      ["2.9", "501", "feeFixed"],
      ["2.9", "-5", "feeFixed"],
      ["2.9", "0.5", "feeFixed"],
    ] as const) {
      const answer = await post({ intent: "save-settings", feePercent, feeFixed, textKeyword: "", textNumber: "" }, { language: "es" });
      expect(answer.status, `${feePercent} ${feeFixed}`).toBe(400);
      const body = answer.body as ActionBody;
      expect(body.fieldErrors[field]).toBe(field);
      expect(es.admin.errors[field]).not.toBe(en.admin.errors[field]);
    }
    expect(
      (await post({ intent: "save-settings", feePercent: "3", feeFixed: "30", textKeyword: "GIVE", textNumber: "" })).body,
    ).toMatchObject({ fieldErrors: { textKeyword: "textPair" } });
    expect((await db.select().from(churchSettings))[0]).toMatchObject({
      givingFeePercentBp: before!.givingFeePercentBp,
      givingFeeFixedCents: before!.givingFeeFixedCents,
    });

    const ok = await post({
      intent: "save-settings",
      feePercent: "3.25",
      feeFixed: "0",
      textKeyword: "give",
      textNumber: "(555) 010-7777",
    });
    expect(ok.status).toBe(303);
    expect((await db.select().from(churchSettings))[0]).toMatchObject({
      givingFeePercentBp: 325,
      givingFeeFixedCents: 0,
      givingTextKeyword: "GIVE",
      givingTextNumber: "(555) 010-7777",
    });
    expect((await audits("giving_settings.update"))[0]!.after).toMatchObject({
      givingFeePercentBp: 325,
      givingFeeFixedCents: 0,
      givingTextNumber: "(555) 010-7777",
    });
    expect((await page()).settings).toMatchObject({ feePercent: "3.25", feeFixed: "0" });
    expect((await post({ intent: "save-settings", feePercent: "10", feeFixed: "500", textKeyword: "", textNumber: "" })).status).toBe(303);
    expect((await db.select().from(churchSettings))[0]).toMatchObject({
      givingFeePercentBp: 1000,
      givingFeeFixedCents: 500,
      givingTextKeyword: null,
    });
  });

  test("a staff cancel of a recurring gift: Stripe's DELETE first, then the row; Stripe failing or not configured changes nothing", async () => {
    const make = async (sub: string) =>
      (
        await db
          .insert(recurringGifts)
          .values({
            stripeSubscriptionId: sub,
            fundId: funds.Tithes!,
            fundName: `Tithes ${tag}`,
            amountCents: 2_000,
            frequency: "monthly",
            donorName: "Rita Recurring",
            donorEmail: "rita@example.test",
          })
          .returning()
      )[0]!;
    const gift = await make(`sub_test_${tag}a`);
    expect((await page()).recurring.some((r) => r.id === gift.id && r.status === "active")).toBe(true);

    expect((await post({ intent: "cancel-recurring", recurringId: gift.id })).body).toMatchObject({ message: "confirmCancel" });

    fake.failNext(2, 500);
    const failed = await post({ intent: "cancel-recurring", recurringId: gift.id, confirm: "yes" });
    expect(failed.status).toBe(409);
    expect(failed.body).toMatchObject({ message: "stripeFailed", targetId: gift.id });
    expect((await db.select().from(recurringGifts).where(eq(recurringGifts.id, gift.id)))[0]!.status).toBe("active");
    fake.failNext(0);

    setStripeForTests(null);
    const off = await post({ intent: "cancel-recurring", recurringId: gift.id, confirm: "yes" });
    expect(off.body).toMatchObject({ message: "stripeNotConfigured" });
    expect((await page()).stripeConfigured).toBe(false);
    setStripeForTests({ secretKey: FAKE_STRIPE_SECRET_KEY, webhookSecret: FAKE_STRIPE_WEBHOOK_SECRET, apiUrl: fake.url });
    expect((await db.select().from(recurringGifts).where(eq(recurringGifts.id, gift.id)))[0]!.status).toBe("active");
    expect(await audits("recurring_gift.cancel")).toHaveLength(0);

    const done = await post({ intent: "cancel-recurring", recurringId: gift.id, confirm: "yes" });
    expect(done.status).toBe(303);
    const deletes = fake.requests.filter((r) => r.method === "DELETE" && r.path === `/v1/subscriptions/sub_test_${tag}a`);
    expect(deletes.length).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(recurringGifts).where(eq(recurringGifts.id, gift.id));
    expect(row).toMatchObject({ status: "canceled" });
    expect(row!.canceledAt).toBeInstanceOf(Date);
    const [audit] = await audits("recurring_gift.cancel");
    expect(audit).toMatchObject({ entityId: gift.id, actorUserId: staff.userId });
    expect((await post({ intent: "cancel-recurring", recurringId: gift.id, confirm: "yes" })).body).toMatchObject({
      message: "alreadyCanceled",
    });
    expect((await post({ intent: "cancel-recurring", recurringId: "not-a-uuid", confirm: "yes" })).status).toBe(400);
  });

  test("the dashboard shows this month's and year's net totals and active recurring gifts to a giving admin only", async () => {
    const now = new Date();
    const staffIdentity = { userId: staff.userId, name: "Giving Staff", email: staff.email, roles: [], scopes: ["giving" as const] };
    const before = await loadDashboard({ db, admin: staffIdentity, now });
    await db.insert(gifts).values({
      fundId: funds.Tithes!,
      fundName: `Tithes ${tag}`,
      amountCents: 1_234,
      feeCents: 66,
      refundedCents: 100,
      status: "partially_refunded",
      donorName: "Now",
      donorEmail: "now@example.test",
      paidAt: now,
    });
    const after = await loadDashboard({ db, admin: staffIdentity, now });
    expect(after.giving!.monthCents - before.giving!.monthCents).toBe(1_200);
    expect(after.giving!.yearCents - before.giving!.yearCents).toBe(1_200);
    expect(after.giving!.activeRecurring).toBe((await db.select().from(recurringGifts).where(eq(recurringGifts.status, "active"))).length);
    expect(after.storeWaiting).toBeNull();
    const other = await loadDashboard({
      db,
      admin: { userId: outsider.userId, name: "Store Only", email: outsider.email, roles: [], scopes: ["store"] },
      now,
    });
    expect(other.giving).toBeNull();
    expect(typeof other.storeWaiting).toBe("number");
  });
});
