import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { homeCards, mediaGallery, serviceTimes } from "~/db/schema";
import { listRecentGalleryImages } from "~/features/content/list-recent-gallery-images.server";
import { describeOnBackend, openMigrated, type TestDatabase } from "../support/test-database";

const day = 86_400_000;
const base = Date.parse("2025-06-01T12:00:00Z");

/** Rows with known created_at: image N is N days after `base` (higher N = newer). */
function image(n: number, extra: Partial<typeof mediaGallery.$inferInsert> = {}) {
  return {
    title: `Photo ${n}`,
    titleEs: `Foto ${n}`,
    description: `Description ${n}`,
    descriptionEs: null,
    imageUrl: `/media/test/photo-${n}.webp`,
    eventDate: "2025-06-01",
    createdAt: new Date(base + n * day),
    category: "worship",
    mediaType: "image",
    ...extra,
  };
}

describeOnBackend("listRecentGalleryImages", (backend) => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await openMigrated(backend);
    await db()
      .insert(mediaGallery)
      .values(Array.from({ length: 10 }, (_, i) => image(i + 1)));
    // Newer than every image, but excluded by the spec's filter:
    await db()
      .insert(mediaGallery)
      .values([
        image(100, { title: "A video", mediaType: "video", imageUrl: "/media/test/clip.mp4" }),
        image(101, { title: "No picture", imageUrl: null }),
        // Issue 7: members' photos waiting for review, or rejected, are never shown.
        image(102, { title: "Pending", status: "pending" }),
        image(103, { title: "Rejected", status: "rejected" }),
      ]);
  });
  afterAll(() => database?.dispose());

  test("an empty gallery gives an empty list", async () => {
    const empty = await openMigrated(backend);
    try {
      expect(await listRecentGalleryImages({ db: empty.handle.db, language: "en" })).toEqual([]);
    } finally {
      await empty.dispose();
    }
  });

  test("default: the 8 newest images, newest first", async () => {
    const images = await listRecentGalleryImages({ db: db(), language: "en" });
    expect(images.map((i) => i.title)).toEqual([10, 9, 8, 7, 6, 5, 4, 3].map((n) => `Photo ${n}`));
  });

  test("videos, images without image_url, and unapproved photos are excluded", async () => {
    const images = await listRecentGalleryImages({ db: db(), language: "en", limit: 48 });
    expect(images).toHaveLength(10);
    expect(images.map((i) => i.title)).not.toContain("A video");
    expect(images.map((i) => i.title)).not.toContain("No picture");
    expect(images.map((i) => i.title)).not.toContain("Pending");
    expect(images.map((i) => i.title)).not.toContain("Rejected");
    for (const i of images) expect(i.imageUrl).toMatch(/^\/media\/test\/photo-\d+\.webp$/);
  });

  test("limit 4 (the home page): the 4 newest", async () => {
    const images = await listRecentGalleryImages({ db: db(), language: "en", limit: 4 });
    expect(images.map((i) => i.title)).toEqual(["Photo 10", "Photo 9", "Photo 8", "Photo 7"]);
  });

  test("the spec's fields, created_at as ISO text", async () => {
    const [newest] = await listRecentGalleryImages({ db: db(), language: "en", limit: 1 });
    expect(newest).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: "Photo 10",
      description: "Description 10",
      imageUrl: "/media/test/photo-10.webp",
      eventDate: "2025-06-01",
      createdAt: new Date(base + 10 * day).toISOString(),
      category: "worship",
      // Issue 7: the stored variants and size (none for a photo added without them).
      variantBase: null,
      width: null,
      height: null,
    });
  });

  test("Spanish titles, and descriptions falling back to English", async () => {
    const [newest] = await listRecentGalleryImages({ db: db(), language: "es", limit: 1 });
    expect(newest!.title).toBe("Foto 10");
    expect(newest!.description).toBe("Description 10");
  });

  test("out-of-range limits are refused, not passed to SQL", async () => {
    await expect(listRecentGalleryImages({ db: db(), language: "en", limit: 0 })).rejects.toThrow();
    await expect(listRecentGalleryImages({ db: db(), language: "en", limit: 1000 })).rejects.toThrow();
    await expect(listRecentGalleryImages({ db: db(), language: "en", limit: 2.5 })).rejects.toThrow();
  });
});

describeOnBackend("database check constraints", (backend) => {
  let database: TestDatabase;
  const db = () => database.handle.db;
  const serviceTime = (key: string, startTime: string, dayOfWeek = 0) => ({
    key,
    dayOfWeek,
    startTime,
    nameEn: "Test service",
  });

  beforeAll(async () => {
    database = await openMigrated(backend);
  });
  afterAll(() => database?.dispose());

  test("accept valid service times", async () => {
    await db()
      .insert(serviceTimes)
      .values([serviceTime("early", "00:00"), serviceTime("late", "23:59", 6), serviceTime("worship", "11:00")]);
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(serviceTimes);
    expect(row!.n).toBe(3);
  });

  describe("reject bad service times", () => {
    test.each([
      ["24:00", 0],
      ["7:00", 0],
      ["07:60", 0],
      ["7pm", 0],
      ["", 0],
      ["11:00:00", 0],
      ["11:00", 7],
      ["11:00", -1],
    ])("start %j on day %i", async (startTime, dayOfWeek) => {
      await expect(
        db()
          .insert(serviceTimes)
          .values(serviceTime(`bad-${startTime}-${dayOfWeek}`, startTime, dayOfWeek)),
      ).rejects.toThrow();
      const [row] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(serviceTimes)
        .where(sql`${serviceTimes.key} like 'bad-%'`);
      expect(row!.n).toBe(0);
    });
  });

  test("reject an update to a bad time", async () => {
    await expect(
      db()
        .update(serviceTimes)
        .set({ startTime: "25:00" })
        .where(sql`${serviceTimes.key} = 'worship'`),
    ).rejects.toThrow();
  });

  test("the church profile is a single row", async () => {
    const settings = {
      nameEn: "A",
      taglineEn: "B",
      streetAddress: "1 Main St",
      city: "Town",
      region: "IL",
      postalCode: "62704",
      phone: "+12175550100",
      phoneDisplay: "(217) 555-0100",
    };
    await db().execute(
      sql`insert into church_settings (id, name_en, tagline_en, street_address, city, region, postal_code, phone, phone_display) values (1, ${settings.nameEn}, ${settings.taglineEn}, ${settings.streetAddress}, ${settings.city}, ${settings.region}, ${settings.postalCode}, ${settings.phone}, ${settings.phoneDisplay})`,
    );
    await expect(
      db().execute(
        sql`insert into church_settings (id, name_en, tagline_en, street_address, city, region, postal_code, phone, phone_display) values (2, 'x', 'y', 'z', 'c', 'r', 'p', '+1', '1')`,
      ),
    ).rejects.toThrow();
  });

  test("home cards are of a known kind", async () => {
    await expect(
      db().insert(homeCards).values({ key: "odd", kind: "banner", titleEn: "T", descriptionEn: "D", icon: "heart" }),
    ).rejects.toThrow();
  });
});
