// The installable app's server side (issue 9): the web app manifest route in both languages,
// from the church's settings, and the offline page's loader.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { churchSettings } from "~/db/schema";
import { shortName } from "~/features/pwa/build-manifest.server";
import { loader as manifestLoader } from "~/routes/pwa/manifest";
import { loader as offlineLoader } from "~/routes/pwa/offline";
import type { AppDatabase } from "~/server/db.server";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { describeOnBackend } from "../support/test-database";

type Manifest = {
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
};
type Offline = {
  title: string;
  church: {
    name: string;
    address: { street: string; city: string };
    phoneDisplay: string;
    serviceTimes: { startTime: string; dayOfWeek: number }[];
  };
};

describeOnBackend("installable app: manifest and offline page", (backend) => {
  let h: AdminHarness;
  let db: AppDatabase;
  let settingsId: number | string;
  let original: { nameEn: string; nameEs: string | null };

  beforeAll(async () => {
    h = await startAdminHarness(backend);
    db = h.database.handle.db;
    const [row] = await db.select().from(churchSettings).limit(1);
    settingsId = row!.id;
    original = { nameEn: row!.nameEn, nameEs: row!.nameEs };
  });
  afterAll(async () => {
    await db
      .update(churchSettings)
      .set(original)
      .where(eq(churchSettings.id, settingsId as never));
    await h?.close();
  });

  test("manifest: JSON served as application/manifest+json, in English by default, names from the settings", async () => {
    await db
      .update(churchSettings)
      .set({ nameEn: "Grace Harbor Fellowship", nameEs: "Comunidad Puerto de Gracia" })
      .where(eq(churchSettings.id, settingsId as never));
    const en = await h.call(manifestLoader, { path: "/manifest.webmanifest" });
    expect(en.status).toBe(200);
    expect(en.headers.get("content-type")).toMatch(/^application\/manifest\+json/);
    const manifest = en.body as Manifest;
    expect(manifest).toMatchObject({
      name: "Grace Harbor Fellowship",
      short_name: "Grace Harbor",
      lang: "en",
      dir: "ltr",
      start_url: "/",
      display: "standalone",
      theme_color: "#0f5257",
      background_color: "#ffffff",
    });
    expect(manifest.description).toContain("Grace Harbor Fellowship");
    expect(manifest.icons.map((i) => [i.src, i.sizes, i.purpose])).toEqual([
      ["/icons/icon-192.png", "192x192", "any"],
      ["/icons/icon-512.png", "512x512", "any"],
      ["/icons/icon-maskable-512.png", "512x512", "maskable"],
    ]);
  });

  test("manifest in Spanish: by ?lang=es, by the language cookie, by Accept-Language", async () => {
    await db
      .update(churchSettings)
      .set({ nameEn: "Grace Harbor Fellowship", nameEs: "Comunidad Puerto de Gracia" })
      .where(eq(churchSettings.id, settingsId as never));
    const answers = [
      await h.call(manifestLoader, { path: "/manifest.webmanifest?lang=es" }),
      await h.call(manifestLoader, { path: "/manifest.webmanifest", cookie: "lang=es" }),
      await h.call(manifestLoader, { path: "/manifest.webmanifest", language: "es" }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ name: "Comunidad Puerto de Gracia", lang: "es", start_url: "/?lang=es" });
      expect(answer.headers.get("content-language")).toBe("es");
    }
    // The manifest never sets cookies (the language choice is the page's business).
    expect(answers[0]!.headers.get("set-cookie")).toBeNull();
  });

  test("short names fit a home-screen label", () => {
    expect(shortName("Living Hope Church")).toBe("Living Hope");
    expect(shortName("Bethel")).toBe("Bethel");
    expect(shortName("Supercalifragilistic Church")).toBe("Supercalifra");
  });

  test("offline page loader: service times, address and phone from the database, shareable (not private)", async () => {
    await db
      .update(churchSettings)
      .set(original)
      .where(eq(churchSettings.id, settingsId as never));
    for (const language of ["en", "es"] as const) {
      const answer = await h.call(offlineLoader, { path: "/offline", language });
      expect(answer.status).toBe(200);
      const body = answer.body as Offline;
      expect(body.title).toMatch(language === "es" ? /^Está sin conexión \| / : /^You are offline \| /);
      expect(body.church.name).toBe(language === "es" && original.nameEs ? original.nameEs : original.nameEn);
      expect(body.church.serviceTimes.length).toBeGreaterThan(0);
      expect(body.church.serviceTimes.some((t) => t.dayOfWeek === 0 && t.startTime.startsWith("11:00"))).toBe(true);
      expect(body.church.address.street).toMatch(/\S/);
      expect(body.church.phoneDisplay).toMatch(/\d/);
      expect(answer.headers.get("cache-control")).toBe("no-cache");
    }
  });
});
