import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { churchSettings, churchValues, contentBlocks, homeCards, leaders, serviceTimes } from "~/db/schema";
import { getChurchProfile } from "~/platform/church/get-church-profile.server";
import { getContentBlocks } from "~/platform/content/get-content-blocks.server";
import { getHomePage } from "~/features/content/get-home-page.server";
import { listChurchValues } from "~/features/content/list-church-values.server";
import { listLeaders } from "~/features/content/list-leaders.server";
import { seedDemoChurch } from "~/seed/seed-demo-church.server";
import { describeOnBackend, openMigrated, type TestDatabase } from "../support/test-database";

describeOnBackend("content reads", (backend) => {
  let database: TestDatabase;
  const db = () => database.handle.db;

  beforeAll(async () => {
    database = await openMigrated(backend);
  });
  afterAll(() => database?.dispose());

  test("before the church is configured: a blank profile, empty lists", async () => {
    // An empty install: the pages still render, with the neutral name and no facts (issue 34, point 2).
    const blank = await getChurchProfile({ db: db(), language: "es" });
    expect(blank).toMatchObject({ configured: false, name: "Nuestra iglesia", tagline: "", phone: "", smsKeyword: "", email: null });
    expect(blank.address).toMatchObject({ street: "", city: "", region: "", postalCode: "" });
    expect(blank.serviceTimes).toEqual([]);
    expect(await listLeaders({ db: db(), language: "en" })).toEqual([]);
    expect(await listChurchValues({ db: db(), language: "es" })).toEqual([]);
    expect(await getContentBlocks({ db: db(), language: "en", keys: ["home.hero"] })).toEqual({});
    await seedDemoChurch({ db: db() });
  });

  test("getChurchProfile in English and Spanish", async () => {
    const en = (await getChurchProfile({ db: db(), language: "en" }))!;
    const es = (await getChurchProfile({ db: db(), language: "es" }))!;
    expect(en.name).toBe("Living Hope Church");
    expect(es.name).toBe("Iglesia Esperanza Viva");
    expect(en.tagline).toBe("Hear. Understand. Live.");
    expect(es.tagline).toBe("Escuchar. Entender. Vivir.");
    // Facts that are not text are the same in both languages.
    expect(es.address).toEqual(en.address);
    expect(es.phone).toBe(en.phone);
    expect(en.phone).toMatch(/^\+1\d{10}$/);
    expect(en.smsKeyword).toBe("HOME");
    expect(en.geo).toEqual({ latitude: expect.any(Number), longitude: expect.any(Number) });
  });

  test("service times: the spec's three, in order, one truth for both languages", async () => {
    const en = (await getChurchProfile({ db: db(), language: "en" }))!;
    const es = (await getChurchProfile({ db: db(), language: "es" }))!;
    expect(en.serviceTimes.map((t) => [t.name, t.dayOfWeek, t.startTime])).toEqual([
      ["Sunday School", 0, "09:30"],
      ["Sunday Worship", 0, "11:00"],
      ["Wednesday Bible Study", 3, "19:00"],
    ]);
    expect(es.serviceTimes.map((t) => t.name)).toEqual(["Escuela Dominical", "Culto Dominical", "Estudio Bíblico de los Miércoles"]);
    expect(es.serviceTimes.map((t) => t.startTime)).toEqual(en.serviceTimes.map((t) => t.startTime));
    expect(en.serviceTimes.filter((t) => t.isMainService).map((t) => t.startTime)).toEqual(["11:00"]);
  });

  test("listLeaders: the two leaders with photos, bios in each language", async () => {
    const en = await listLeaders({ db: db(), language: "en" });
    const es = await listLeaders({ db: db(), language: "es" });
    expect(en.map((l) => l.key)).toEqual(["founder-bishop", "ministry-pastor"]);
    expect(en.map((l) => l.role)).toEqual(["Founder & Bishop", "Ministry Pastor"]);
    expect(es.map((l) => l.role)).toEqual(["Fundador y obispo", "Pastora de ministerios"]);
    expect(es[0]!.bio).not.toBe(en[0]!.bio);
    for (const leader of en) expect(leader.photoUrl).toMatch(/^\/media\//);
  });

  test("listChurchValues in order, both languages", async () => {
    const en = await listChurchValues({ db: db(), language: "en" });
    const es = await listChurchValues({ db: db(), language: "es" });
    expect(en.map((v) => v.key)).toEqual(["scripture", "welcome", "prayer", "service"]);
    expect(en[0]!.title).toBe("Rooted in Scripture");
    expect(es[0]!.title).toBe("Arraigados en las Escrituras");
  });

  test("getContentBlocks returns the requested keys only, missing keys absent", async () => {
    const blocks = await getContentBlocks({ db: db(), language: "es", keys: ["home.new_here", "home.welcome", "no.such.key"] });
    expect(Object.keys(blocks).sort()).toEqual(["home.new_here", "home.welcome"]);
    expect(blocks["home.new_here"]!.title).toBe("Soy nuevo aquí");
    expect(blocks["home.welcome"]!.imageAlt.length).toBeGreaterThan(0);
    expect(await getContentBlocks({ db: db(), language: "en", keys: [] })).toEqual({});
  });

  test("getHomePage: hero videos, six + four cards, blocks, values, leaders", async () => {
    const home = await getHomePage({ db: db(), language: "en" });
    expect(home.heroVideos).toHaveLength(4);
    for (const video of home.heroVideos) {
      expect(video.posterUrl).toBeTruthy();
      expect(video.mp4Url).toMatch(/\.mp4$/);
      expect(video.playbackRate).toBe(0.5);
    }
    expect(home.spiritualHomeCards.map((c) => [c.title, c.href])).toEqual([
      ["Weekly Study Guide", "/study"],
      ["Sermon Archive", "/sermons"],
      ["Events & Calendar", "/events"],
      ["Prayer Wall", "/prayer"],
      ["Community Hub", "/community"],
      ["Give Online", "/give"],
    ]);
    for (const card of home.spiritualHomeCards) {
      expect(card.icon).toBeTruthy();
      expect(card.gradient).toBeTruthy();
    }
    expect(home.whyChooseCards).toHaveLength(4);
    expect(home.blocks["home.new_here"]!.title).toBe("I'm New Here");
    expect(home.blocks["home.welcome"]!.title).toBe("Welcome Home");
    // The featured demo event (Harvest Festival, with an image) is the flyer.
    expect(home.blocks["home.flyer"]!.linkUrl).toBe("/events/harvest-festival");
    expect(home.blocks["home.flyer"]!.title).toBe("Harvest Festival");
    expect(home.leaders).toHaveLength(2);
    expect(home.values).toHaveLength(4);

    const es = await getHomePage({ db: db(), language: "es" });
    expect(es.spiritualHomeCards[0]!.title).toBe("Guía de estudio semanal");
    expect(es.blocks["home.welcome"]!.title).toBe("Bienvenido a casa");
  });

  test("a missing Spanish field falls back to English, field by field", async () => {
    await db().update(churchSettings).set({ nameEs: null, taglineEs: null });
    await db().update(serviceTimes).set({ nameEs: null }).where(eq(serviceTimes.key, "sunday-worship"));
    await db().update(leaders).set({ bioEs: null }).where(eq(leaders.key, "ministry-pastor"));
    await db().update(churchValues).set({ descriptionEs: null }).where(eq(churchValues.key, "prayer"));
    await db().update(contentBlocks).set({ bodyEs: null, imageAltEs: null }).where(eq(contentBlocks.key, "home.welcome"));
    await db().update(homeCards).set({ titleEs: null }).where(eq(homeCards.key, "give"));

    const profile = (await getChurchProfile({ db: db(), language: "es" }))!;
    expect(profile.name).toBe("Living Hope Church");
    expect(profile.tagline).toBe("Hear. Understand. Live.");
    expect(profile.serviceTimes.map((t) => t.name)).toEqual(["Escuela Dominical", "Sunday Worship", "Estudio Bíblico de los Miércoles"]);

    const pastor = (await listLeaders({ db: db(), language: "es" })).find((l) => l.key === "ministry-pastor")!;
    expect(pastor.role).toBe("Pastora de ministerios");
    expect(pastor.bio).toMatch(/^Pastor Elena grew up in San Antonio/);

    const prayer = (await listChurchValues({ db: db(), language: "es" })).find((v) => v.key === "prayer")!;
    expect(prayer.title).toBe("Oración constante");
    expect(prayer.description).toMatch(/^We carry one another's burdens/);

    const welcome = (await getContentBlocks({ db: db(), language: "es", keys: ["home.welcome"] }))["home.welcome"]!;
    expect(welcome.title).toBe("Bienvenido a casa");
    expect(welcome.body).toMatch(/^Living Hope is a place to belong/);
    expect(welcome.imageAlt).toMatch(/^Church members talking/);

    const home = await getHomePage({ db: db(), language: "es" });
    expect(home.spiritualHomeCards.find((c) => c.key === "give")!.title).toBe("Give Online");
    expect(home.spiritualHomeCards.find((c) => c.key === "give")!.description).toBe("Ofrendas seguras y donaciones recurrentes.");
  });

  test("an empty Spanish string also falls back to English", async () => {
    await db().update(leaders).set({ roleEs: "" }).where(eq(leaders.key, "founder-bishop"));
    const bishop = (await listLeaders({ db: db(), language: "es" })).find((l) => l.key === "founder-bishop")!;
    expect(bishop.role).toBe("Founder & Bishop");
  });

  test("English never shows the Spanish text", async () => {
    await db().update(leaders).set({ roleEn: "Founding Bishop", roleEs: "Obispo fundador" }).where(eq(leaders.key, "founder-bishop"));
    const en = (await listLeaders({ db: db(), language: "en" })).find((l) => l.key === "founder-bishop")!;
    const es = (await listLeaders({ db: db(), language: "es" })).find((l) => l.key === "founder-bishop")!;
    expect(en.role).toBe("Founding Bishop");
    expect(es.role).toBe("Obispo fundador");
  });
});
