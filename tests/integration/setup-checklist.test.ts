import { afterAll, beforeAll, expect, test } from "vitest";
import { churchSettings, events, leaders, sermons, serviceTimes } from "~/db/schema";
import { loadDashboard } from "~/features/admin/load-dashboard.server";
import { loadSetupChecklist, SETUP_STEPS } from "~/features/admin/load-setup-checklist.server";
import type { AdminIdentity } from "~/platform/admin/admin-session.server";
import { parseEnv } from "~/server/env.server";
import { describeOnBackend, openMigrated, type TestDatabase } from "../support/test-database";

const admin = (scopes: string[]) => ({ userId: "u1", name: "Office", email: "office@example.test", scopes }) as unknown as AdminIdentity;
const noServices = parseEnv({});
const allServices = parseEnv({
  SMTP_URL: "smtp://mail.example.test:587",
  TWILIO_ACCOUNT_SID: "AC123",
  TWILIO_AUTH_TOKEN: "token",
  TWILIO_FROM_NUMBER: "+12175550100",
  STRIPE_SECRET_KEY: "sk_test_123",
  STRIPE_WEBHOOK_SECRET: "whsec_123",
});

describeOnBackend("the dashboard's set-up checklist", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openMigrated(backend);
  });
  afterAll(async () => {
    await database?.dispose();
  });
  const db = () => database.handle.db;
  const done = async (env = noServices) =>
    Object.fromEntries((await loadSetupChecklist(db(), env)).steps.map((step) => [step.id, step.done]));

  test("an empty install has every step still to do, each with a link into the portal", async () => {
    const checklist = await loadSetupChecklist(db(), noServices);
    expect(checklist.steps.map((step) => step.id)).toEqual([...SETUP_STEPS]);
    expect(checklist.done).toBe(0);
    for (const step of checklist.steps) expect(step.href).toMatch(/^\/admin\//);
    expect((await loadDashboard({ db: db(), admin: admin(["admin:*"]) })).checklist).not.toBeNull();
    // Only those who can fill in the settings see it.
    expect((await loadDashboard({ db: db(), admin: admin(["events"]) })).checklist).toBeNull();
  });

  test("each step is done once its data exists; the profile needs a name, an address and a phone", async () => {
    await db().insert(churchSettings).values({
      nameEn: "Grace Chapel",
      taglineEn: "",
      streetAddress: "",
      city: "",
      region: "",
      postalCode: "",
      phone: "",
      phoneDisplay: "",
    });
    expect((await done()).profile).toBe(false);
    await db().update(churchSettings).set({ streetAddress: "1 Main St", phone: "+12175550100" });
    await db().insert(serviceTimes).values({ key: "sunday", dayOfWeek: 0, startTime: "10:00", nameEn: "Sunday worship" });
    await db().insert(leaders).values({ key: "pastor", name: "Pat Doe", roleEn: "Pastor", bioEn: "Pastor since 2010." });
    await db()
      .insert(events)
      .values({
        slug: "picnic",
        titleEn: "Picnic",
        descriptionEn: "Lunch",
        category: "fellowship",
        startsAt: new Date("2027-06-01T17:00:00Z"),
      });
    expect(await done()).toEqual({
      profile: true,
      serviceTimes: true,
      leaders: true,
      event: true,
      sermon: false,
      giving: false,
      email: false,
      sms: false,
    });
    await db()
      .insert(sermons)
      .values({ slug: "first", titleEn: "First", summaryEn: "A start", speaker: "Pat Doe", preachedOn: "2026-11-29" });
    expect((await loadSetupChecklist(db(), noServices)).done).toBe(5);
  });

  test("giving, email and text messages are done when the server has their services; then the checklist is gone", async () => {
    expect(await done(allServices)).toMatchObject({ giving: true, email: true, sms: true });
    expect((await loadSetupChecklist(db(), allServices)).done).toBe(SETUP_STEPS.length);
  });
});
