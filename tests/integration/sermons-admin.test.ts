// The sermons admin section (issue 6): the list, series and topics, the editor with real
// multipart uploads streamed to disk (type checked from the first bytes, nothing left behind
// on a refusal), deletion, the audit log and the "content" scope.
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import { auditLog, sermonSeries, sermonTopicLinks, sermonTopics, sermons } from "~/db/schema";
import { requireAdmin } from "~/platform/admin/require-admin.server";
import { handleSermonFormAction } from "~/features/sermons/admin/sermon-form-action.server";
import { createSermonUploads } from "~/features/sermons/admin/sermon-uploads.server";
import { readStreamedForm } from "~/platform/uploads/stream-form-data.server";
import { CLIENT_IP_HEADER } from "~/server/request-input.server";
import { sermonsTranslator } from "~/features/sermons/sermons-translation";
import { action as editAction, loader as editLoader } from "~/routes/admin/sermon-edit";
import { action as listAction, loader as listLoader } from "~/routes/admin/sermons";
import { loader as feedLoader } from "~/routes/sermons/feed";
import { startAdminHarness, type AdminHarness } from "../support/admin-harness";
import { PUBLIC_URL } from "../support/auth-harness";
import { describeOnBackend } from "../support/test-database";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteFn = (args: any) => unknown;
const withParams =
  (fn: RouteFn, sermonId?: number | string): RouteFn =>
  (args: { params: Record<string, string> }) =>
    fn({ ...args, params: sermonId === undefined ? {} : { sermonId: String(sermonId) } });

const MP3 = path.resolve("public/media/sermons/new-wine.mp3");
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

function sermonForm(changes: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "save",
    titleEn: "Living Water",
    titleEs: "Agua viva",
    summaryEn: "A conversation at a well about thirst that water cannot fix.",
    summaryEs: "Una conversación junto a un pozo sobre una sed que el agua no calma.",
    slug: "",
    seriesId: "",
    speaker: "Pastor Elena Martínez",
    preachedOn: "2030-03-10",
    scripture: "John 4:1-26",
    videoUrl: "",
    audioUrl: "",
    audioDuration: "",
    status: "published",
    ...changes,
  };
}

describeOnBackend("admin sermons section", (backend) => {
  let h: AdminHarness;
  let cookie: string;
  let uploadDir: string;
  beforeAll(async () => {
    h = await startAdminHarness(backend);
    cookie = (await h.createAdmin({ scopes: ["content"] })).cookie;
    uploadDir = await mkdtemp(path.join(os.tmpdir(), "sermon-uploads-"));
  });
  afterAll(async () => {
    await h?.close();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  const db = () => h.database.handle.db;
  const bySlug = async (slug: string) => (await db().select().from(sermons).where(eq(sermons.slug, slug)))[0];
  const stored = async () => (await readdir(path.join(uploadDir, "sermons")).catch(() => [] as string[])).sort();
  const audits = async (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));

  /** A real multipart POST through the editor's action (files streamed into `uploadDir`). */
  const postMultipart = async (sermonId: number | null, fields: Record<string, string | string[]>, files: Record<string, File> = {}) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const value of Array.isArray(v) ? v : [v]) form.append(k, value);
    for (const [k, f] of Object.entries(files)) form.append(k, f);
    const request = new Request(new URL(sermonId === null ? "/admin/sermons/new" : `/admin/sermons/${sermonId}`, PUBLIC_URL), {
      method: "POST",
      body: form,
      headers: { cookie, [CLIENT_IP_HEADER]: "198.51.100.20" },
    });
    const ctx = await requireAdmin(request, "content");
    try {
      const answer = (await handleSermonFormAction(request, ctx, sermonId, uploadDir)) as unknown as { data: unknown; init: ResponseInit };
      return {
        status: answer.init.status ?? 200,
        body: answer.data as { message: string; fieldErrors: Record<string, string> },
        location: null as string | null,
      };
    } catch (thrown) {
      const response = thrown as Response;
      return { status: response.status, body: { message: "", fieldErrors: {} }, location: response.headers.get("location") };
    }
  };
  const mp3File = async (name = "sermon.mp3") => new File([new Uint8Array(await readFile(MP3))], name, { type: "audio/mpeg" });

  test("the list shows every sermon (drafts too), filtered by status and words; series and topics with counts", async () => {
    const page = await h.call(listLoader, { path: "/admin/sermons", cookie });
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const body = page.body as {
      title: string;
      sermons: Array<{ slug: string; status: string }>;
      taxonomy: { series: Array<{ slug: string; sermons: number }>; topics: Array<{ slug: string; nameEs: string }> };
    };
    expect(body.title).toBe("Sermons");
    expect(body.sermons).toHaveLength(7);
    expect(body.taxonomy.series.find((s) => s.slug === "the-gospel-of-john")?.sermons).toBe(3);
    expect(body.taxonomy.topics.find((t) => t.slug === "prayer")?.nameEs).toBe("Oración");
    const search = await h.call(listLoader, { path: "/admin/sermons?q=oracion", cookie });
    expect((search.body as { sermons: Array<{ slug: string }> }).sermons.map((s) => s.slug)).toEqual(["a-house-of-prayer"]);
    const drafts = await h.call(listLoader, { path: "/admin/sermons?status=draft", cookie });
    expect((drafts.body as { sermons: unknown[] }).sermons).toHaveLength(0);
    expect((await h.call(listLoader, { path: "/admin/sermons", cookie, language: "es" })).body).toMatchObject({ title: "Sermones" });
  });

  test("creating a sermon with an MP3 and PDF notes streams both to disk and records size, type and topics", async () => {
    const [faith] = await db().select().from(sermonTopics).where(eq(sermonTopics.slug, "faith"));
    const [john] = await db().select().from(sermonSeries).where(eq(sermonSeries.slug, "the-gospel-of-john"));
    const mp3 = await mp3File("Living Water.mp3");
    const created = await postMultipart(
      null,
      { ...sermonForm({ seriesId: String(john!.id), audioDuration: "0:14" }), topicIds: [String(faith!.id)] },
      { audioFile: mp3, notesFile: new File([PDF], "Study guide – week 4.pdf", { type: "application/pdf" }) },
    );
    expect(created.status).toBe(303);
    const row = (await bySlug("living-water"))!;
    expect(created.location).toBe(`/admin/sermons/${row.id}?created=1`);
    expect(row).toMatchObject({
      titleEs: "Agua viva",
      seriesId: john!.id,
      audioMimeType: "audio/mpeg",
      audioBytes: mp3.size,
      audioDurationSeconds: 14,
      notesFileName: "Study guide – week 4.pdf",
      status: "published",
    });
    expect(row.audioUrl).toMatch(/^\/uploads\/sermons\/[0-9a-f]{32}\.mp3$/);
    expect(row.notesUrl).toMatch(/^\/uploads\/sermons\/[0-9a-f]{32}\.pdf$/);
    const onDisk = path.join(uploadDir, "sermons", path.basename(row.audioUrl!));
    expect((await stat(onDisk)).size).toBe(mp3.size);
    expect(Buffer.compare(await readFile(onDisk), await readFile(MP3))).toBe(0);
    expect(await stored()).toHaveLength(2);
    const links = await db().select().from(sermonTopicLinks).where(eq(sermonTopicLinks.sermonId, row.id));
    expect(links.map((l) => l.topicId)).toEqual([faith!.id]);
    const [audit] = (await audits("sermon.create")).filter((a) => a.entityId === String(row.id));
    expect(audit?.after).toMatchObject({ titleEn: "Living Water", audioBytes: mp3.size, topicIds: [faith!.id] });

    // It is in the podcast with its real length and type.
    const feed = await (
      (await feedLoader({ request: new Request(`${PUBLIC_URL}/sermons/feed.xml`), params: {}, context: {} } as never)) as Response
    ).text();
    expect(feed).toContain(`<enclosure url="${PUBLIC_URL}${row.audioUrl}" length="${mp3.size}" type="audio/mpeg"/>`);

    // The editor loads it back.
    const editor = await h.call(withParams(editLoader, row.id), { path: `/admin/sermons/${row.id}`, cookie });
    expect(editor.body).toMatchObject({
      editor: { values: { titleEn: "Living Water", audioDuration: "0:14", seriesId: String(john!.id) }, topicIds: [String(faith!.id)] },
    });
  });

  test("a text file renamed .mp3 is refused with a message and nothing is saved or left on disk", async () => {
    const before = await stored();
    const fake = new File(["This is not audio at all, just words.\n".repeat(200)], "sermon.mp3", { type: "audio/mpeg" });
    const refused = await postMultipart(null, sermonForm({ titleEn: "Fake Audio" }), { audioFile: fake });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: "invalid", fieldErrors: { audioFile: "uploadType" } });
    expect(await bySlug("fake-audio")).toBeUndefined();
    expect(await stored()).toEqual(before);
    // The message is a translated sentence in both languages.
    for (const language of ["en", "es"] as const)
      expect(sermonsTranslator(language)("admin.errors.uploadType")).not.toContain("admin.errors");

    // A PDF is not audio either, whatever its name; a real MP3 named .pdf is not notes.
    const pdfAsMp3 = await postMultipart(null, sermonForm({ titleEn: "Fake Audio" }), { audioFile: new File([PDF], "talk.mp3") });
    expect(pdfAsMp3.body.fieldErrors).toMatchObject({ audioFile: "uploadType" });
    const mp3AsNotes = await postMultipart(null, sermonForm({ titleEn: "Fake Notes" }), { notesFile: await mp3File("notes.pdf") });
    expect(mp3AsNotes.body.fieldErrors).toMatchObject({ notesFile: "uploadType" });
    expect(await stored()).toEqual(before);
  });

  test("a good upload with a bad field is refused and its file removed; bad input answers 400 with field errors", async () => {
    const before = await stored();
    const refused = await postMultipart(
      null,
      sermonForm({ titleEn: "", videoUrl: "https://evil.example/video.mp4", preachedOn: "2030-02-31", audioDuration: "soon" }),
      { audioFile: await mp3File() },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toEqual({ titleEn: "required", videoUrl: "videoUrl", preachedOn: "date", audioDuration: "duration" });
    expect(await stored()).toEqual(before);

    const form = (changes: Record<string, string>) =>
      h.call(withParams(editAction), { path: "/admin/sermons/new", cookie, form: sermonForm(changes) });
    expect((await form({ slug: "Not A Slug!" })).body).toMatchObject({ fieldErrors: { slug: "slug" } });
    expect((await form({ slug: "new-wine" })).body).toMatchObject({ fieldErrors: { slug: "slugTaken" } });
    expect((await form({ seriesId: "999999" })).body).toMatchObject({ fieldErrors: { seriesId: "series" } });
    expect((await form({ status: "archived" })).status).toBe(400);
    expect((await form({ audioUrl: "javascript:alert(1)" })).body).toMatchObject({ fieldErrors: { audioUrl: "audioUrl" } });
    expect((await form({ titleEn: "x".repeat(201) })).body).toMatchObject({ fieldErrors: { titleEn: "tooLong" } });
    expect((await form({ titleEn: "Nul\u0000byte" })).status).toBe(400);
    expect((await bySlug("living-water-2")) ?? null).toBeNull();
    for (const key of ["required", "videoUrl", "date", "duration", "slug", "slugTaken", "series", "audioUrl", "tooLong"] as const) {
      expect(sermonsTranslator("es")(`admin.errors.${key}`)).not.toBe(sermonsTranslator("en")(`admin.errors.${key}`));
    }
  });

  test("a Vimeo link is kept and a title-made slug is unique; editing replaces the audio and removes the old file", async () => {
    const first = await h.call(withParams(editAction), {
      path: "/admin/sermons/new",
      cookie,
      form: sermonForm({ videoUrl: "https://vimeo.com/76979871", status: "draft" }),
    });
    expect(first.headers.get("location")).toMatch(/^\/admin\/sermons\/\d+\?created=1$/);
    expect(first.status).toBe(303);
    const row = (await bySlug("living-water-2"))!;
    expect(row).toMatchObject({ videoUrl: "https://vimeo.com/76979871", status: "draft", audioUrl: null });

    const withAudio = await postMultipart(
      row.id,
      { ...sermonForm({ slug: "living-water-2", status: "draft", videoUrl: "https://vimeo.com/76979871" }) },
      { audioFile: await mp3File() },
    );
    expect(withAudio.status).toBe(303);
    const firstAudio = (await bySlug("living-water-2"))!.audioUrl!;
    expect(await stored()).toContain(path.basename(firstAudio));
    const replaced = await postMultipart(
      row.id,
      { ...sermonForm({ slug: "living-water-2", status: "draft", audioUrl: firstAudio, videoUrl: "https://vimeo.com/76979871" }) },
      { audioFile: await mp3File("second.mp3") },
    );
    expect(replaced.status).toBe(303);
    const secondAudio = (await bySlug("living-water-2"))!.audioUrl!;
    expect(secondAudio).not.toBe(firstAudio);
    expect(await stored()).not.toContain(path.basename(firstAudio));
    expect(await stored()).toContain(path.basename(secondAudio));

    // An external audio link: no size known, type from its name.
    const linked = await postMultipart(
      row.id,
      sermonForm({
        slug: "living-water-2",
        status: "draft",
        audioUrl: "https://cdn.example.test/water.m4a",
        videoUrl: "https://vimeo.com/76979871",
      }),
    );
    expect(linked.status).toBe(303);
    expect(await bySlug("living-water-2")).toMatchObject({
      audioUrl: "https://cdn.example.test/water.m4a",
      audioMimeType: "audio/mp4",
      audioBytes: null,
    });
    expect(await stored()).not.toContain(path.basename(secondAudio));

    // Saving the same values changes nothing and writes no audit entry.
    const auditCount = (await audits("sermon.update")).length;
    const same = await h.call(withParams(editAction, row.id), {
      path: `/admin/sermons/${row.id}`,
      cookie,
      form: sermonForm({
        slug: "living-water-2",
        status: "draft",
        audioUrl: "https://cdn.example.test/water.m4a",
        videoUrl: "https://vimeo.com/76979871",
      }),
    });
    expect(same.headers.get("location")).toBe(`/admin/sermons/${row.id}?unchanged=1`);
    expect((await audits("sermon.update")).length).toBe(auditCount);
  });

  test("deleting asks for confirmation, then removes the row, its files and logs it", async () => {
    const row = (await bySlug("living-water"))!;
    const files = [row.audioUrl!, row.notesUrl!].map((u) => path.basename(u));
    expect(await stored()).toEqual(expect.arrayContaining(files));
    const unconfirmed = await postMultipart(row.id, { intent: "delete" });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.message).toBe("confirmDelete");
    expect(await bySlug("living-water")).toBeDefined();
    const deleted = await postMultipart(row.id, { intent: "delete", confirm: "yes" });
    expect(deleted).toMatchObject({ status: 303, location: "/admin/sermons?deleted=1" });
    expect(await bySlug("living-water")).toBeUndefined();
    for (const f of files) expect(await stored()).not.toContain(f);
    expect((await audits("sermon.delete")).find((a) => a.entityId === String(row.id))?.before).toMatchObject({ titleEn: "Living Water" });
    const again = await postMultipart(row.id, { intent: "delete", confirm: "yes" });
    expect(again.status).toBe(404);
  });

  test("series and topics: create (slug from the name), rename, delete; sermons keep going without them", async () => {
    const post = (form: Record<string, string>) => h.call(listAction, { path: "/admin/sermons", cookie, form });
    const created = await post({
      intent: "series-save",
      nameEn: "Psalms of Ascent",
      nameEs: "Salmos de los peregrinos",
      descriptionEn: "Songs for the road.",
      descriptionEs: "",
    });
    expect(created.body).toMatchObject({ ok: true, message: "seriesCreated" });
    const [series] = await db().select().from(sermonSeries).where(eq(sermonSeries.slug, "psalms-of-ascent"));
    expect(series).toMatchObject({ titleEs: "Salmos de los peregrinos", descriptionEs: null });
    const renamed = await post({
      intent: "series-save",
      id: String(series!.id),
      nameEn: "Songs of Ascent",
      nameEs: "Cánticos graduales",
      slug: "psalms-of-ascent",
    });
    expect(renamed.body).toMatchObject({ ok: true, message: "seriesSaved" });
    expect((await db().select().from(sermonSeries).where(eq(sermonSeries.id, series!.id)))[0]).toMatchObject({
      titleEn: "Songs of Ascent",
      titleEs: "Cánticos graduales",
    });
    expect((await audits("sermon_series.update")).at(-1)?.after).toMatchObject({ titleEn: "Songs of Ascent" });

    const bad = await post({ intent: "series-save", nameEn: "", slug: "Bad Slug" });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      ok: false,
      message: "taxonomyInvalid",
      form: "series-new",
      fieldErrors: { nameEn: "required", slug: "slug" },
    });
    const clash = await post({ intent: "topic-save", nameEn: "Trust", slug: "faith" });
    expect(clash.body).toMatchObject({ fieldErrors: { slug: "slugTaken" } });

    // Delete a series in use: the sermon stays, without a series.
    const [wisdom] = await db().select().from(sermonSeries).where(eq(sermonSeries.slug, "wisdom-for-everyday-life"));
    expect((await post({ intent: "series-delete", id: String(wisdom!.id) })).status).toBe(400);
    expect((await post({ intent: "series-delete", id: String(wisdom!.id), confirm: "yes" })).body).toMatchObject({
      ok: true,
      message: "seriesDeleted",
    });
    expect((await bySlug("a-gentle-answer"))?.seriesId).toBeNull();
    expect((await post({ intent: "series-delete", id: String(wisdom!.id), confirm: "yes" })).status).toBe(404);

    const topic = await post({ intent: "topic-save", nameEn: "Worship", nameEs: "Adoración" });
    expect(topic.body).toMatchObject({ ok: true, message: "topicCreated" });
    const [worship] = await db().select().from(sermonTopics).where(eq(sermonTopics.slug, "worship"));
    const [family] = await db().select().from(sermonTopics).where(eq(sermonTopics.slug, "family"));
    expect((await post({ intent: "topic-delete", id: String(family!.id), confirm: "yes" })).body).toMatchObject({
      ok: true,
      message: "topicDeleted",
    });
    expect(await db().select().from(sermonTopicLinks).where(eq(sermonTopicLinks.topicId, family!.id))).toHaveLength(0);
    expect(await bySlug("a-house-of-prayer")).toBeDefined();
    expect(worship).toMatchObject({ nameEs: "Adoración" });
    expect((await audits("sermon_topic.delete")).map((a) => a.entityId)).toContain(String(family!.id));
    expect((await post({ intent: "nonsense" })).status).toBe(400);
  });

  test("an admin without the content scope gets 403 on every loader and action, and nothing is stored", async () => {
    const other = await h.createAdmin({ scopes: ["events"] });
    const count = (await db().select({ id: sermons.id }).from(sermons)).length;
    expect((await h.call(listLoader, { path: "/admin/sermons", cookie: other.cookie })).status).toBe(403);
    expect(
      (await h.call(listAction, { path: "/admin/sermons", cookie: other.cookie, form: { intent: "topic-save", nameEn: "Sneaky" } })).status,
    ).toBe(403);
    expect((await h.call(withParams(editLoader), { path: "/admin/sermons/new", cookie: other.cookie })).status).toBe(403);
    const before = await stored();
    // A real multipart post to the route's action: refused before any byte of it is stored.
    const form = new FormData();
    for (const [k, v] of Object.entries(sermonForm({ titleEn: "Sneaky" }))) form.set(k, v);
    form.set("audioFile", await mp3File());
    const request = new Request(new URL("/admin/sermons/new", PUBLIC_URL), {
      method: "POST",
      body: form,
      headers: { cookie: other.cookie, [CLIENT_IP_HEADER]: "198.51.100.20" },
    });
    let status = 0;
    try {
      await editAction({ request, params: {}, context: {} } as never);
    } catch (thrown) {
      status = (thrown as { init?: ResponseInit }).init?.status ?? (thrown as Response).status;
    }
    expect(status).toBe(403);
    expect(await stored()).toEqual(before);
    expect((await db().select({ id: sermons.id }).from(sermons)).length).toBe(count);
    expect(await db().select().from(sermonTopics).where(eq(sermonTopics.nameEn, "Sneaky"))).toHaveLength(0);
    // Signed out: to the login page.
    expect((await h.call(listLoader, { path: "/admin/sermons" })).status).toBe(302);
  });

  test("the streamed reader: boundaries split across tiny chunks, a big file byte-exact, a size limit, a broken body", async () => {
    const encode = async (fileBytes: number) => {
      const file = new Uint8Array(fileBytes);
      for (let i = 0; i < file.length; i++) file[i] = (i * 31 + (i >> 8)) & 0xff;
      file.set([0x49, 0x44, 0x33, 0x03], 0); // "ID3": an MP3 as far as the check goes
      const form = new FormData();
      form.set("titleEn", "Ünïcode ✓ title");
      form.set("audioFile", new File([file], "big.mp3"));
      form.set("notes", "after the file");
      const encoded = new Response(form);
      return { file, contentType: encoded.headers.get("content-type")!, bytes: new Uint8Array(await encoded.arrayBuffer()) };
    };
    const chunked = (body: { contentType: string; bytes: Uint8Array }, size: number) =>
      new Request(`${PUBLIC_URL}/x`, {
        method: "POST",
        headers: { "content-type": body.contentType },
        duplex: "half",
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            for (let i = 0; i < body.bytes.length; i += size) controller.enqueue(body.bytes.slice(i, i + size));
            controller.close();
          },
        }),
      } as RequestInit);
    const small = await encode(40 * 1024 + 3);
    const big = await encode(3 * 1024 * 1024 + 17);
    // 7-byte chunks: every boundary and header is split somewhere; 64 KB chunks: what a browser sends.
    for (const [body, size] of [
      [small, 7],
      [big, 65_536],
    ] as const) {
      const dir = await mkdtemp(path.join(os.tmpdir(), "sermon-stream-"));
      try {
        const uploads = createSermonUploads(dir);
        const fields = await readStreamedForm(chunked(body, size), { onFile: uploads.onFile });
        expect(fields).toEqual([
          ["titleEn", "Ünïcode ✓ title"],
          ["notes", "after the file"],
        ]);
        expect(uploads.stored.audio).toMatchObject({ bytes: body.file.length, mimeType: "audio/mpeg" });
        expect(Buffer.compare(await readFile(uploads.stored.audio!.filePath), Buffer.from(body.file))).toBe(0);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    }
    const dir = await mkdtemp(path.join(os.tmpdir(), "sermon-stream-"));
    try {
      const limited = createSermonUploads(dir, { audio: 1024 * 1024, video: 1, notes: 1 });
      const fields = await readStreamedForm(chunked(big, 65_536), { onFile: limited.onFile });
      expect(fields).toHaveLength(2);
      expect(limited.errors).toEqual({ audio: "uploadTooLarge" });
      expect(limited.stored.audio).toBeUndefined();
      expect(await readdir(path.join(dir, "sermons"))).toEqual([]);

      // Cut off in the middle of the file: refused, and the partial file removed.
      const broken = createSermonUploads(dir);
      const cut = new Request(`${PUBLIC_URL}/x`, {
        method: "POST",
        headers: { "content-type": big.contentType },
        body: big.bytes.slice(0, 2 * 1024 * 1024),
      });
      await expect(readStreamedForm(cut, { onFile: broken.onFile })).rejects.toMatchObject({ code: "malformed" });
      await broken.removeAll();
      expect(await readdir(path.join(dir, "sermons"))).toEqual([]);
      // Not multipart at all, or no boundary.
      await expect(
        readStreamedForm(
          new Request(`${PUBLIC_URL}/x`, { method: "POST", headers: { "content-type": "multipart/form-data" }, body: "x" }),
          { onFile: broken.onFile },
        ),
      ).rejects.toMatchObject({ code: "malformed" });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("drafts made in the admin never reach the public archive or the feed", async () => {
    const draft = await bySlug("living-water-2");
    expect(draft?.status).toBe("draft");
    const feed = await (
      (await feedLoader({ request: new Request(`${PUBLIC_URL}/sermons/feed.xml`), params: {}, context: {} } as never)) as Response
    ).text();
    expect(feed).not.toContain("living-water-2");
    const published = await db()
      .select()
      .from(sermons)
      .where(and(eq(sermons.slug, "living-water-2"), eq(sermons.status, "published")));
    expect(published).toHaveLength(0);
  });
});
