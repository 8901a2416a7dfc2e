import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { appMeta, auditLog, churchSettings, serviceTimes } from "~/db/schema";
import { getChurchProfile } from "~/platform/church/get-church-profile.server";
import { action, loader } from "~/routes/admin/settings";
import { startAdminHarness, type AdminHarness, type TestAdmin } from "../support/admin-harness";
import { describeOnBackend } from "../support/test-database";

const PATH = "/admin/settings";

describeOnBackend("admin settings", (backend) => {
  let h: AdminHarness;
  let admin: TestAdmin;
  beforeAll(async () => {
    h = await startAdminHarness(backend);
    admin = await h.createAdmin({ scopes: ["settings"] });
  });
  afterAll(async () => {
    await h?.close();
  });

  const db = () => h.database.handle.db;
  const post = (form: Record<string, string>, who: TestAdmin = admin) => h.call(action, { path: PATH, cookie: who.cookie, form });
  async function profileForm(overrides: Record<string, string> = {}): Promise<Record<string, string>> {
    const page = await h.call(loader, { path: PATH, cookie: admin.cookie });
    expect(page.status).toBe(200);
    const { profile } = page.body as { profile: Record<string, string> };
    return { intent: "save-profile", ...profile, ...overrides };
  }
  const auditRows = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));
  const contentVersion = async () => (await db().select().from(appMeta).where(eq(appMeta.key, "content_version")))[0]?.value ?? null;

  test("the page loads with the seeded profile, service times and integration status", async () => {
    const page = await h.call(loader, { path: PATH, cookie: admin.cookie });
    expect(page.status).toBe(200);
    const body = page.body as {
      configured: boolean;
      serviceTimes: unknown[];
      integrations: { email: { folder: string }; payments: { configured: boolean }; assistant: unknown };
    };
    expect(body.configured).toBe(true);
    expect(body.serviceTimes.length).toBeGreaterThan(0);
    expect(body.integrations.payments.configured).toBe(false);
    expect(body.integrations.assistant).toEqual({ configured: false, host: null, model: null });
    expect(body.integrations.email.folder).toMatch(/outbox[/\\]mail$/);
  });

  test("saving the profile changes what every page reads, with an audit row of the changed fields", async () => {
    const versionBefore = await contentVersion();
    const form = await profileForm({
      nameEs: "Iglesia de Prueba",
      phone: "+13125550199",
      smsKeyword: "visit",
      timeZone: "America/New_York",
      instagramUrl: "https://www.instagram.com/testchurch",
      mapEmbedUrl: "https://www.openstreetmap.org/export/embed.html?bbox=-87.7,41.8,-87.6,41.9&layer=mapnik",
      latitude: "41.8781",
      longitude: "-87.6298",
    });
    const result = await post(form);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ ok: true, notice: { key: "settings.profile.saved" } });

    const profile = await getChurchProfile({ db: db(), language: "es" });
    expect(profile).toMatchObject({ name: "Iglesia de Prueba", phone: "+13125550199", smsKeyword: "VISIT", timeZone: "America/New_York" });
    expect(profile!.geo?.latitude).toBeCloseTo(41.8781, 3);
    const [row] = await db().select().from(churchSettings);
    expect(row!.instagramUrl).toBe("https://www.instagram.com/testchurch");

    const audits = await auditRows("settings.profile.update");
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actorUserId).toBe(admin.userId);
    const after = audits[0]!.after as Record<string, unknown>;
    expect(after).toMatchObject({ nameEs: "Iglesia de Prueba", phone: "+13125550199", smsKeyword: "VISIT" });
    expect(after).not.toHaveProperty("nameEn");
    expect(audits[0]!.before).toHaveProperty("phone");
    expect(await contentVersion()).not.toBe(versionBefore);

    // The same values again: nothing to save, no second audit row.
    expect((await post(await profileForm())).body).toMatchObject({ ok: true, notice: { key: "settings.profile.unchanged" } });
    expect(await auditRows("settings.profile.update")).toHaveLength(1);
  });

  test.each([
    ["phone", { phone: "312-555" }, "settings.errors.phone"],
    ["directionsUrl", { directionsUrl: "http://maps.example.com/x" }, "settings.errors.httpsUrl"],
    ["mapEmbedUrl", { mapEmbedUrl: "https://evil.example/export/embed.html" }, "settings.errors.mapEmbedUrl"],
    ["facebookUrl", { facebookUrl: "https://facebook.evil.example/page" }, "settings.errors.facebookUrl"],
    ["timeZone", { timeZone: "Mars/Olympus_Mons" }, "settings.errors.timeZone"],
    ["smsKeyword", { smsKeyword: "two words" }, "settings.errors.smsKeyword"],
    ["latitude", { latitude: "123" }, "settings.errors.latitude"],
  ])("an invalid %s is refused with 400 and nothing is written", async (field, overrides, key) => {
    const [before] = await db().select().from(churchSettings);
    const auditsBefore = (await db().select().from(auditLog)).length;
    const result = await post(await profileForm({ nameEn: "Should Not Be Saved", ...overrides }));
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ ok: false, fieldErrors: { [field]: { key } } });
    const [after] = await db().select().from(churchSettings);
    expect(after).toEqual(before);
    expect((await db().select().from(auditLog)).length).toBe(auditsBefore);
  });

  test("service times: add, edit, one main service at most, reorder, delete", async () => {
    const invalid = await post({ intent: "save-service-time", id: "", dayOfWeek: "3", startTime: "25:00", nameEn: "Bad", nameEs: "" });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ fieldErrors: { startTime: { key: "settings.errors.startTime" } } });

    const added = await post({
      intent: "save-service-time",
      id: "",
      dayOfWeek: "3",
      startTime: "19:00",
      nameEn: "Midweek Prayer",
      nameEs: "Oración de mitad de semana",
      isMainService: "on",
    });
    expect(added.status).toBe(200);
    const [created] = await db().select().from(serviceTimes).where(eq(serviceTimes.nameEn, "Midweek Prayer"));
    expect(created).toMatchObject({ dayOfWeek: 3, startTime: "19:00", isMainService: true });
    const mains = await db().select().from(serviceTimes).where(eq(serviceTimes.isMainService, true));
    expect(mains.map((m) => m.id)).toEqual([created!.id]);
    expect(await auditRows("settings.service-time.create")).toHaveLength(1);

    // Every page reads the new row, in order, last.
    const profile = await getChurchProfile({ db: db(), language: "es" });
    expect(profile!.serviceTimes.at(-1)).toMatchObject({ key: created!.key, name: "Oración de mitad de semana", isMainService: true });

    // Making another the main one clears this one.
    const others = await db().select().from(serviceTimes).orderBy(asc(serviceTimes.sortOrder), asc(serviceTimes.id));
    const first = others[0]!;
    const edited = await post({
      intent: "save-service-time",
      id: String(first.id),
      dayOfWeek: "0",
      startTime: "10:30",
      nameEn: "Sunday Worship",
      nameEs: "",
      isMainService: "on",
    });
    expect(edited.status).toBe(200);
    const afterEdit = await db().select().from(serviceTimes).where(eq(serviceTimes.isMainService, true));
    expect(afterEdit.map((m) => m.id)).toEqual([first.id]);
    const [firstNow] = await db().select().from(serviceTimes).where(eq(serviceTimes.id, first.id));
    expect(firstNow).toMatchObject({ startTime: "10:30", nameEn: "Sunday Worship", nameEs: null });
    expect((await auditRows("settings.service-time.update")).length).toBeGreaterThanOrEqual(2);

    // Move the new row up one place.
    const moved = await post({ intent: "move-service-time", id: String(created!.id), direction: "up" });
    expect(moved.status).toBe(200);
    const order = (await db().select().from(serviceTimes).orderBy(asc(serviceTimes.sortOrder), asc(serviceTimes.id))).map((r) => r.id);
    expect(order.indexOf(created!.id)).toBe(order.length - 2);

    // Editing a row that doesn't exist is a 404; nothing is created.
    const count = (await db().select().from(serviceTimes)).length;
    expect(
      (await post({ intent: "save-service-time", id: "999999", dayOfWeek: "1", startTime: "09:00", nameEn: "Ghost", nameEs: "" })).status,
    ).toBe(404);
    expect((await db().select().from(serviceTimes)).length).toBe(count);

    const deleted = await post({ intent: "delete-service-time", id: String(created!.id) });
    expect(deleted.status).toBe(200);
    expect(await db().select().from(serviceTimes).where(eq(serviceTimes.id, created!.id))).toHaveLength(0);
    const deletions = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "settings.service-time.delete"), eq(auditLog.entityId, String(created!.id))));
    expect(deletions).toHaveLength(1);
    expect((await post({ intent: "delete-service-time", id: String(created!.id) })).status).toBe(404);
  });

  test("a test email reaches the SMTP server, in the admin's language; a test text goes to the outbox", async () => {
    const sender = await h.createAdmin({ scopes: ["settings"] });
    const sent = await h.call(action, { path: PATH, cookie: sender.cookie, form: { intent: "send-test-email" }, language: "es" });
    expect(sent.status).toBe(200);
    const mail = await h.waitForMail(sender.email);
    expect(mail).toContain("Correo de prueba");

    expect((await post({ intent: "send-test-sms", to: "12345" }, sender)).status).toBe(400);
    const text = await post({ intent: "send-test-sms", to: "+13125550142" }, sender);
    expect(text.status).toBe(200);
    await expect.poll(() => h.smsLines().some((line) => line.to === "+13125550142"), { timeout: 10_000 }).toBe(true);

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "settings.test-send"), eq(auditLog.actorUserId, sender.userId)));
    expect(audits.map((a) => a.entityId).sort()).toEqual(["email", "sms"]);

    // Five test sends per 15 minutes per administrator (the refused 400 didn't count).
    for (let i = 0; i < 3; i++) expect((await post({ intent: "send-test-sms", to: "+13125550142" }, sender)).status).toBe(200);
    const limited = await post({ intent: "send-test-sms", to: "+13125550142" }, sender);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ error: { key: "settings.integrations.rateLimited" } });
  });

  test("an administrator without the settings scope is refused with 403 and nothing changes", async () => {
    const other = await h.createAdmin({ scopes: ["content"] });
    expect((await h.call(loader, { path: PATH, cookie: other.cookie })).status).toBe(403);
    const [before] = await db().select().from(churchSettings);
    const result = await post(await profileForm({ nameEn: "Hijacked" }), other);
    expect(result.status).toBe(403);
    expect((await post({ intent: "send-test-email" }, other)).status).toBe(403);
    const [after] = await db().select().from(churchSettings);
    expect(after).toEqual(before);
    const anonymous = await h.call(action, { path: PATH, form: { intent: "save-profile" } });
    expect(anonymous.status).toBe(303);
  });

  test("an unreadable body or unknown intent is a 400", async () => {
    expect((await post({ intent: "nope" })).status).toBe(400);
    expect((await post({ intent: "move-service-time", id: "abc", direction: "up" })).status).toBe(400);
  });
});
