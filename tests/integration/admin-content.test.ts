import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, expect, test } from "vitest";
import { appMeta, auditLog, contentBlocks, events, leaders } from "~/db/schema";
import { handleContentAction } from "~/features/content/admin/content-action.server";
import { requireAdmin } from "~/platform/admin/require-admin.server";
import { CLIENT_IP_HEADER } from "~/server/request-input.server";
import { loadHomePage } from "~/features/content/load-home-page.server";
import { loadAboutPage } from "~/features/content/load-about-page.server";
import { action, loader } from "~/routes/admin/content";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { PUBLIC_URL } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

type Body = Record<string, unknown>;

describeOnBackend("admin content section", (backend) => {
  let h: AdminHarness;
  let cookie: string;
  let uploadDir: string;
  beforeAll(async () => {
    h = await startAdminHarness(backend);
    cookie = (await h.createAdmin({ scopes: ["content"] })).cookie;
    uploadDir = await mkdtemp(path.join(os.tmpdir(), "content-uploads-"));
  });
  afterAll(async () => {
    await h?.close();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  const db = () => h.database.handle.db;
  const hero = async () => (await db().select().from(contentBlocks).where(eq(contentBlocks.key, "home.hero")))[0]!;
  const blockForm = (row: typeof contentBlocks.$inferSelect, changes: Record<string, string>) => ({
    intent: "save-block",
    id: row.key,
    titleEn: row.titleEn,
    titleEs: row.titleEs ?? "",
    bodyEn: row.bodyEn,
    bodyEs: row.bodyEs ?? "",
    summaryEn: row.summaryEn ?? "",
    summaryEs: row.summaryEs ?? "",
    imageAltEn: row.imageAltEn ?? "",
    imageAltEs: row.imageAltEs ?? "",
    imageUrl: row.imageUrl ?? "",
    linkUrl: row.linkUrl ?? "",
    ...changes,
  });

  test("saving a Spanish title shows on the Spanish home page, with an audit entry and a new content version", async () => {
    const page = await h.call(loader, { path: "/admin/content", cookie });
    expect(page.status).toBe(200);
    const items = (page.body as { items: Array<{ anchor: string }> }).items;
    expect(items.some((i) => i.anchor === "home.hero")).toBe(true);

    const before = await hero();
    const result = await h.call(action, {
      path: "/admin/content",
      cookie,
      form: blockForm(before, { titleEs: "Bienvenidos a casa, amigos" }),
    });
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ ok: true, message: "saved", id: "home.hero" });

    const request = new Request(new URL("/?lang=es", PUBLIC_URL), { headers: { "accept-language": "es" } });
    const home = await loadHomePage({ request });
    expect(home.home.blocks["home.hero"]?.title).toBe("Bienvenidos a casa, amigos");

    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "content.block.update"), eq(auditLog.entityId, "home.hero")));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.before).toEqual({ titleEs: before.titleEs });
    expect(audits[0]!.after).toEqual({ titleEs: "Bienvenidos a casa, amigos" });
    const [version] = await db().select().from(appMeta).where(eq(appMeta.key, "content_version"));
    expect(Number(version?.value)).toBeGreaterThan(0);
  });

  test("a too-long title or a bad link is refused with 400 and changes nothing", async () => {
    const before = await hero();
    const auditsBefore = (await db().select().from(auditLog)).length;
    const long = await h.call(action, { path: "/admin/content", cookie, form: blockForm(before, { titleEs: "x".repeat(201) }) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ ok: false, fieldErrors: { titleEs: "tooLong" } });
    const link = await h.call(action, {
      path: "/admin/content",
      cookie,
      form: blockForm(before, { linkUrl: "javascript:alert(1)", titleEs: "Otro" }),
    });
    expect(link.status).toBe(400);
    expect(link.body).toMatchObject({ fieldErrors: { linkUrl: "url" } });
    const missing = await h.call(action, { path: "/admin/content", cookie, form: blockForm(before, { titleEn: "  " }) });
    expect(missing.status).toBe(400);
    expect(await hero()).toEqual(before);
    expect((await db().select().from(auditLog)).length).toBe(auditsBefore);
    const unknown = await h.call(action, { path: "/admin/content", cookie, form: blockForm(before, { id: "no.such.block" }) });
    expect(unknown.status).toBe(404);
  });

  test("a page text not written yet is offered empty, and saving it creates it (audit-logged); an unknown key is not found", async () => {
    await db().delete(contentBlocks).where(eq(contentBlocks.key, "page.store"));
    const page = await h.call(loader, { path: "/admin/content", cookie });
    const items = (page.body as { items: Array<{ id: string; unsaved: boolean; values: Record<string, string> }> }).items;
    const store = items.find((i) => i.id === "page.store");
    expect(store).toMatchObject({ unsaved: true, values: { titleEn: "", bodyEn: "" } });

    const empty = { titleEs: "", bodyEs: "", summaryEn: "", summaryEs: "", imageAltEn: "", imageAltEs: "", imageUrl: "", linkUrl: "" };
    const created = await h.call(action, {
      path: "/admin/content",
      cookie,
      form: { intent: "save-block", id: "page.store", titleEn: "Our Bookshop", bodyEn: "Bibles and books.", ...empty },
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ ok: true, message: "created", id: "page.store" });
    const [row] = await db().select().from(contentBlocks).where(eq(contentBlocks.key, "page.store"));
    expect(row).toMatchObject({ titleEn: "Our Bookshop", bodyEn: "Bibles and books.", titleEs: null });
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "content.block.create"), eq(auditLog.entityId, "page.store")));
    expect(audits).toHaveLength(1);

    const unknown = await h.call(action, {
      path: "/admin/content",
      cookie,
      form: { intent: "save-block", id: "page.not-a-page", titleEn: "Nope", bodyEn: "", ...empty },
    });
    expect(unknown.status).toBe(404);
    expect(await db().select().from(contentBlocks).where(eq(contentBlocks.key, "page.not-a-page"))).toHaveLength(0);
  });

  test("a leader is added (last, with a key of its name) and removed, both audit-logged; removing it twice is not found", async () => {
    const leaderForm = {
      name: "Ana María Núñez",
      roleEn: "Youth pastor",
      roleEs: "Pastora de jóvenes",
      bioEn: "Leads the youth.",
      bioEs: "",
      photoUrl: "",
    };
    const added = await h.call(action, { path: "/admin/content", cookie, form: { intent: "save-leader", id: "new", ...leaderForm } });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ ok: true, message: "created" });
    const id = (added.body as { id: string }).id;
    const all = await db().select().from(leaders);
    const row = all.find((l) => String(l.id) === id)!;
    expect(row).toMatchObject({ key: "ana-maria-nunez", name: "Ana María Núñez", roleEs: "Pastora de jóvenes", bioEs: null });
    expect(row.sortOrder).toBe(Math.max(...all.map((l) => l.sortOrder)));
    const about = await loadAboutPage({ request: new Request(new URL("/about", PUBLIC_URL)) });
    expect(JSON.stringify(about)).toContain("Ana María Núñez");

    const blank = await h.call(action, {
      path: "/admin/content",
      cookie,
      form: { intent: "save-leader", id: "new", ...leaderForm, name: "" },
    });
    expect(blank.status).toBe(400);
    expect((await db().select().from(leaders)).length).toBe(all.length);

    const removed = await h.call(action, { path: "/admin/content", cookie, form: { intent: "delete-leader", id } });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ ok: true, message: "deleted" });
    expect((await db().select().from(leaders)).some((l) => String(l.id) === id)).toBe(false);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "content.leader.delete"), eq(auditLog.entityId, id)));
    expect(audit?.before).toMatchObject({ name: "Ana María Núñez", roleEn: "Youth pastor" });

    const again = await h.call(action, { path: "/admin/content", cookie, form: { intent: "delete-leader", id } });
    expect(again.status).toBe(404);
    const bad = await h.call(action, { path: "/admin/content", cookie, form: { intent: "delete-value", id: "new" } });
    expect(bad.status).toBe(400);
  });

  test("?missing=es lists only items whose Spanish is empty, with a count", async () => {
    const [leader] = await db().select().from(leaders).limit(1);
    const save = await h.call(action, {
      path: "/admin/content",
      cookie,
      form: {
        intent: "save-leader",
        id: String(leader!.id),
        name: leader!.name,
        roleEn: leader!.roleEn,
        roleEs: "",
        bioEn: leader!.bioEn,
        bioEs: leader!.bioEs ?? "",
        photoUrl: leader!.photoUrl ?? "",
      },
    });
    expect(save.status).toBe(200);
    const filtered = await h.call(loader, { path: "/admin/content?missing=es", cookie });
    const body = filtered.body as {
      items: Array<{ kind: string; id: string; missingSpanish: boolean }>;
      missingCount: number;
      totalCount: number;
    };
    expect(body.items.length).toBe(body.missingCount);
    expect(body.items.every((i) => i.missingSpanish)).toBe(true);
    expect(body.items).toContainEqual(expect.objectContaining({ kind: "leader", id: String(leader!.id) }));
    expect(body.totalCount).toBeGreaterThan(body.missingCount);
  });

  test("featuring another event leaves exactly one featured", async () => {
    const target = (await db().select().from(events).where(eq(events.isFeatured, false)))[0]!;
    const result = await h.call(action, {
      path: "/admin/content",
      cookie,
      form: { intent: "set-featured-event", eventId: String(target.id) },
    });
    expect(result.status).toBe(200);
    const featured = await db().select().from(events).where(eq(events.isFeatured, true));
    expect(featured.map((e) => e.id)).toEqual([target.id]);
    expect((await db().select().from(auditLog).where(eq(auditLog.action, "content.flyer.feature"))).length).toBe(1);
    const bad = await h.call(action, { path: "/admin/content", cookie, form: { intent: "set-featured-event", eventId: "abc" } });
    expect(bad.status).toBe(400);
  });

  test("an admin without the content scope is refused with 403", async () => {
    const other = await h.createAdmin({ scopes: ["members"] });
    const before = await hero();
    expect((await h.call(loader, { path: "/admin/content", cookie: other.cookie })).status).toBe(403);
    const post = await h.call(action, { path: "/admin/content", cookie: other.cookie, form: blockForm(before, { titleEs: "Intruso" }) });
    expect(post.status).toBe(403);
    expect((await hero()).titleEs).toBe(before.titleEs);
  });

  const uploadRequest = (form: FormData) =>
    new Request(new URL("/admin/content", PUBLIC_URL), {
      method: "POST",
      body: form,
      headers: { cookie, [CLIENT_IP_HEADER]: "198.51.100.20" },
    });

  test("an uploaded PNG becomes three WebP files and the block's image", async () => {
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set("intent", "upload-image");
    form.set("kind", "block");
    form.set("id", "home.welcome");
    form.set("file", new File([new Uint8Array(png)], "photo.png", { type: "image/png" }));
    const request = uploadRequest(form);
    const ctx = await requireAdmin(request, "content");
    const result = (await handleContentAction(request, ctx, uploadDir)) as unknown as { data: Body; init: ResponseInit };
    expect(result.init.status ?? 200).toBe(200);
    expect(result.data).toMatchObject({ ok: true, message: "uploaded" });
    const files = (await readdir(uploadDir)).sort();
    expect(files).toHaveLength(3);
    expect(files.every((f) => /^[0-9a-f]{24}-(480|960|1600)\.webp$/.test(f))).toBe(true);
    const widths = await Promise.all(files.map(async (f) => (await sharp(path.join(uploadDir, f)).metadata()).width));
    expect(widths.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([480, 640, 640]);
    const meta = await sharp(path.join(uploadDir, files[0]!)).metadata();
    expect(meta.format).toBe("webp");
    const [row] = await db().select().from(contentBlocks).where(eq(contentBlocks.key, "home.welcome"));
    expect(row!.imageUrl).toMatch(/^\/uploads\/[0-9a-f]{24}-1600\.webp$/);
    expect((await db().select().from(auditLog).where(eq(auditLog.action, "content.block.image.upload"))).length).toBe(1);
  });

  test("a text file named .png is refused with 400", async () => {
    const form = new FormData();
    form.set("intent", "upload-image");
    form.set("kind", "block");
    form.set("id", "home.welcome");
    form.set("file", new File(["just some text, not an image"], "fake.png", { type: "image/png" }));
    const request = uploadRequest(form);
    const ctx = await requireAdmin(request, "content");
    const result = (await handleContentAction(request, ctx, uploadDir)) as unknown as { data: Body; init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(result.data).toMatchObject({ ok: false, message: "badType" });
  });
});
