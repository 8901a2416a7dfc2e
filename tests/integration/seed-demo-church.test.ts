import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { appMeta, churchSettings, mediaGallery } from "~/db/schema";
import { demoBlocks, demoHeroVideos, demoHomeCards, demoLeaders, demoServiceTimes, demoValues } from "~/platform/seed/demo-church";
import { DEMO_SEED_KEY, isDemoSeeded, seedDemoChurch } from "~/seed/seed-demo-church.server";
import { openDatabase } from "~/server/db.server";
import { countRows } from "../support/table-counts";
import {
  createThrowawayDatabase,
  describeEachBackend,
  openMigrated,
  postgresBackend,
  queryRows,
  type TestDatabase,
} from "../support/test-database";

const now = new Date("2025-10-01T15:00:00Z");

describeEachBackend("seedDemoChurch", (backend) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openMigrated(backend);
  });
  afterAll(() => database?.dispose());

  test("seeds the demo church the first time and returns true", async () => {
    expect(await isDemoSeeded(database.handle.db)).toBe(false);
    expect(await seedDemoChurch({ db: database.handle.db, now })).toBe(true);
    expect(await isDemoSeeded(database.handle.db)).toBe(true);

    const counts = await countRows(database.handle.db);
    expect(counts).toMatchObject({
      church_settings: 1,
      service_times: demoServiceTimes.length,
      leaders: demoLeaders.length,
      church_values: demoValues.length,
      content_blocks: demoBlocks.length,
      home_cards: demoHomeCards.length,
      hero_videos: demoHeroVideos.length,
      app_meta: 6,
    });
    // The spec's shapes: two leaders, six Your Spiritual Home cards, four Why Choose cards,
    // four hero videos, three service times, at least 4 gallery images for Recent Moments.
    expect(counts.leaders).toBe(2);
    expect(demoHomeCards.filter((c) => c.kind === "spiritual_home")).toHaveLength(6);
    expect(demoHomeCards.filter((c) => c.kind === "why_choose")).toHaveLength(4);
    expect(counts.hero_videos).toBe(4);
    expect(counts.service_times).toBe(3);
    expect(counts.media_gallery).toBeGreaterThanOrEqual(4);
    expect(counts.events).toBeGreaterThan(0);
    expect(counts.sermons).toBeGreaterThan(0);
    // A few approved demo prayer requests, so the wall is not empty; no account behind them.
    expect(counts.prayer_requests).toBe(4);
  });

  test("creates no accounts: profiles and user_roles stay empty", async () => {
    const counts = await countRows(database.handle.db);
    expect(counts.profiles).toBe(0);
    expect(counts.user_roles).toBe(0);
  });

  test("a second call returns false and changes no row count", async () => {
    const before = await countRows(database.handle.db);
    expect(await seedDemoChurch({ db: database.handle.db, now: new Date("2026-01-01T00:00:00Z") })).toBe(false);
    expect(await countRows(database.handle.db)).toEqual(before);
  });

  test("does not bring back what the church changed or deleted", async () => {
    const { db } = database.handle;
    await db.update(churchSettings).set({ nameEn: "Grace Chapel" });
    const [first] = await db.select({ id: mediaGallery.id }).from(mediaGallery).limit(1);
    await db.delete(mediaGallery).where(eq(mediaGallery.id, first!.id));
    const before = await countRows(db);

    expect(await seedDemoChurch({ db })).toBe(false);
    expect(await countRows(db)).toEqual(before);
    const [settings] = await db.select({ name: churchSettings.nameEn }).from(churchSettings);
    expect(settings!.name).toBe("Grace Chapel");
    expect(await db.select().from(mediaGallery).where(eq(mediaGallery.id, first!.id))).toEqual([]);
  });

  test("the marker row records the seed", async () => {
    const rows = await database.handle.db.select().from(appMeta).where(eq(appMeta.key, DEMO_SEED_KEY));
    expect(rows).toHaveLength(1);
  });
});

describeEachBackend("seedDemoChurch, called concurrently on one handle", (backend) => {
  test("seeds exactly once", async () => {
    const database = await openMigrated(backend);
    try {
      const results = await Promise.all([1, 2, 3, 4].map(() => seedDemoChurch({ db: database.handle.db, now })));
      expect(results.filter(Boolean)).toHaveLength(1);
      const counts = await countRows(database.handle.db);
      expect(counts.church_settings).toBe(1);
      expect(counts.service_times).toBe(demoServiceTimes.length);
      expect(counts.app_meta).toBe(6);
    } finally {
      await database.dispose();
    }
  });
});

// Several server instances starting at once against one PostgreSQL: each has its own pool.
describe.skipIf(!postgresBackend.available)("several instances on one PostgreSQL [postgres]", () => {
  test("migrate concurrently without error, then seed concurrently exactly once", async () => {
    const throwaway = await createThrowawayDatabase();
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: throwaway.url })));
    try {
      await Promise.all(handles.map((h) => h.migrate()));
      const results = await Promise.all(handles.map((h) => seedDemoChurch({ db: h.db, now })));
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(results.filter((r) => !r)).toHaveLength(2);

      const counts = await countRows(handles[0]!.db);
      expect(counts).toMatchObject({
        church_settings: 1,
        service_times: demoServiceTimes.length,
        leaders: demoLeaders.length,
        content_blocks: demoBlocks.length,
        home_cards: demoHomeCards.length,
        app_meta: 6,
        profiles: 0,
        user_roles: 0,
      });
      // Each migration applied once, not once per instance.
      const migrations = await queryRows<{ n: number; distinct: number }>(
        handles[0]!.db,
        sql`select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
      );
      expect(migrations[0]!.n).toBeGreaterThan(0);
      expect(migrations[0]!.n).toBe(migrations[0]!.distinct);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
      await throwaway.drop();
    }
  });

  test("repeated races always seed exactly once", async () => {
    for (let round = 0; round < 3; round++) {
      const database = await openMigrated(postgresBackend);
      const second = await openDatabase({ databaseUrl: database.url! });
      try {
        const results = await Promise.all([seedDemoChurch({ db: database.handle.db, now }), seedDemoChurch({ db: second.db, now })]);
        expect(results.filter(Boolean), `round ${round}`).toHaveLength(1);
        expect((await countRows(second.db)).service_times).toBe(demoServiceTimes.length);
      } finally {
        await second.close();
        await database.dispose();
      }
    }
  });
});
