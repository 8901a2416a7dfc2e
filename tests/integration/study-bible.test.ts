// Bible tools of the study hub (issue 6): the reference parser in English and Spanish, the
// reader links, and the HTTP text provider against a real local HTTP server.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { formatOsis } from "~/features/study/bible-books";
import { readerLinks } from "~/features/study/bible-links";
import { parseBibleReference } from "~/features/study/bible-reference.server";
import { createBibleTextProvider } from "~/features/study/bible-text-provider.server";
import { showPassage } from "~/features/study/show-passage.server";

describe("Bible references in English and Spanish", () => {
  test.each([
    ["John 3:16-18", "en", "John.3.16-John.3.18", "John 3:16–18"],
    ["Juan 3:16", "es", "John.3.16", "Juan 3:16"],
    ["Juan 3:16", "en", "John.3.16", "John 3:16"],
    ["1 Cor 13", "en", "1Cor.13", "1 Corinthians 13"],
    ["1 Cor 13", "es", "1Cor.13", "1 Corintios 13"],
    ["Salmos 23", "es", "Ps.23", "Salmo 23"],
    ["Salmos 23", "en", "Ps.23", "Psalm 23"],
    ["1 Corintios 13:4-7", "es", "1Cor.13.4-1Cor.13.7", "1 Corintios 13:4–7"],
    ["Psalm 23", "es", "Ps.23", "Salmo 23"],
    ["Mateo 5-7", "en", "Matt.5-Matt.7", "Matthew 5–7"],
    ["Génesis 1", "es", "Gen.1", "Génesis 1"],
    ["Apocalipsis 21:1-4", "es", "Rev.21.1-Rev.21.4", "Apocalipsis 21:1–4"],
    ["Juan 1:1-2:5", "es", "John.1.1-John.2.5", "Juan 1:1–2:5"],
    ["Juan 3:16; Romanos 5:8", "es", "John.3.16,Rom.5.8", "Juan 3:16; Romanos 5:8"],
    ["  jn 3:16  ", "en", "John.3.16", "John 3:16"],
  ] as const)("%s (reader: %s) → %s", (input, language, osis, display) => {
    expect(parseBibleReference(input, language)).toEqual({ ok: true, osis, display });
  });

  test.each(["hello world", "John 99", "Juan 3:99", "xyz 3:16", "", "   ", "hello John 3:16 world", "Juan", "x".repeat(300)])(
    "rejects %j",
    (input) => {
      expect(parseBibleReference(input, "en")).toEqual({ ok: false });
      expect(parseBibleReference(input, "es")).toEqual({ ok: false });
    },
  );

  test("OSIS reads back in either language, and other text is left alone", () => {
    expect(formatOsis("Gen.50-Exod.2", "es")).toBe("Génesis 50 – Éxodo 2");
    expect(formatOsis("Ps.1-Ps.3", "en")).toBe("Psalms 1–3");
    expect(formatOsis("not osis", "en")).toBe("not osis");
  });

  test("reader links: Bible Gateway (NIV / RVR1960) and Bible.com in the reader's language", () => {
    expect(readerLinks("John.3.16-John.3.18", "en")).toEqual([
      { site: "biblegateway", version: "NIV", url: "https://www.biblegateway.com/passage/?search=John%203%3A16-18&version=NIV" },
      { site: "youversion", version: "NIV", url: "https://www.bible.com/bible/111/JHN.3.16-18.NIV" },
    ]);
    const es = readerLinks("Ps.23", "es");
    expect(es.map((l) => l.url)).toEqual([
      "https://www.biblegateway.com/passage/?search=Psalm%2023&version=RVR1960",
      "https://www.bible.com/bible/149/PSA.23.RVR1960",
    ]);
    // A range over two chapters opens its first chapter on Bible.com.
    expect(readerLinks("John.1.1-John.2.5", "en")[1]!.url).toBe("https://www.bible.com/bible/111/JHN.1.NIV");
  });
});

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

describe("Bible text provider over HTTP", () => {
  let server: Server;
  let baseUrl: string;
  let handler: Handler = () => {};
  const requests: string[] = [];
  const hanging: ServerResponse[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      requests.push(req.url ?? "");
      handler(req, res);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/`;
  });
  afterAll(async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const json =
    (body: unknown, status = 200): Handler =>
    (_req, res) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
  const answer = {
    reference: "John 3:16-17",
    verses: [
      { book_id: "JHN", book_name: "John", chapter: 3, verse: 16, text: "For God so loved the world,\n" },
      {
        book_id: "JHN",
        book_name: "John",
        chapter: 3,
        verse: 17,
        text: "For God didn't send his Son into the world to judge the world.\n",
      },
    ],
    text: "For God so loved the world…",
    translation_id: "web",
    translation_name: "World English Bible",
  };
  const provider = (timeoutMs = 3000) => createBibleTextProvider({ baseUrl, translations: { en: "web", es: "rvr1909" }, timeoutMs });

  test("success: the verses, the translation asked for the reader's language, and a cache", async () => {
    handler = json(answer);
    requests.length = 0;
    const p = provider();
    const text = await p.getPassage("John.3.16-John.3.17", "es");
    expect(text).toEqual({
      translationName: "World English Bible",
      verses: [
        { book: "John", chapter: 3, verse: 16, text: "For God so loved the world," },
        { book: "John", chapter: 3, verse: 17, text: "For God didn't send his Son into the world to judge the world." },
      ],
    });
    expect(requests).toEqual(["/api/John%203%3A16-17?translation=rvr1909"]);
    await p.getPassage("John.3.16-John.3.17", "es");
    expect(requests).toHaveLength(1);
    await p.getPassage("John.3.16-John.3.17", "en");
    expect(requests).toEqual(["/api/John%203%3A16-17?translation=rvr1909", "/api/John%203%3A16-17?translation=web"]);

    const view = await showPassage({ osis: "John.3.16-John.3.17", language: "en", provider: p });
    expect(view.text?.verses).toHaveLength(2);
    expect(view.providerFailed).toBe(false);
    expect(view.links.map((l) => l.site)).toEqual(["biblegateway", "youversion"]);
  });

  test("a 500 falls back to links", async () => {
    handler = json({ error: "boom" }, 500);
    const view = await showPassage({ osis: "Ps.23", language: "es", provider: provider() });
    expect(view).toMatchObject({ text: null, providerFailed: true, reference: "Salmo 23" });
    expect(view.links[0]!.url).toContain("version=RVR1960");
  });

  test("malformed JSON and the wrong shape fall back to links", async () => {
    handler = json("{not json");
    expect(await provider().getPassage("Ps.23", "en")).toBeNull();
    handler = json({ reference: "Psalm 23", verses: [], text: "", translation_name: "WEB" });
    expect(await provider().getPassage("Ps.23", "en")).toBeNull();
    handler = json({ ...answer, verses: [{ book_name: "John", chapter: "three", verse: 16, text: "x" }] });
    expect(await provider().getPassage("John.3.16", "en")).toBeNull();
  });

  test("a provider that never answers times out and falls back to links", async () => {
    handler = (_req, res) => {
      hanging.push(res);
    };
    const view = await showPassage({ osis: "Rom.8.28", language: "en", provider: provider(200) });
    expect(view).toMatchObject({ text: null, providerFailed: true, reference: "Romans 8:28" });
  });

  test("an unreachable provider falls back to links; without one there is no failure notice", async () => {
    const closed = createBibleTextProvider({ baseUrl: "http://127.0.0.1:1", translations: { en: "web", es: "rvr1909" } });
    expect(await closed.getPassage("John.3.16", "en")).toBeNull();
    const none = await showPassage({ osis: "John.3.16", language: "en", provider: null });
    expect(none).toMatchObject({ text: null, providerFailed: false, reference: "John 3:16" });
    expect(none.links).toHaveLength(2);
  });
});
