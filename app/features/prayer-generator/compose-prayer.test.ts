import { describe, expect, test } from "vitest";
import { composePrayer, fillTemplate, prayerText, seededRandom, type PrayerPart } from "./compose-prayer";
import { PRAYER_TOPICS } from "./generator-views";
import { PRAYER_LIBRARY } from "./prayer-library";

const library: PrayerPart[] = PRAYER_LIBRARY.map((p, i) => ({ ...p, id: i + 1 }));

describe("composePrayer", () => {
  test.each(["en", "es"] as const)("a prayer for every topic without name or words (%s)", (language) => {
    for (const topic of PRAYER_TOPICS) {
      const prayer = composePrayer({ parts: library, topic, language, random: seededRandom(7) });
      const text = prayerText(prayer);
      expect(prayer.paragraphs.length).toBeGreaterThanOrEqual(4);
      expect(text.endsWith(language === "es" ? "Amén." : "Amen.")).toBe(true);
      expect(text).not.toMatch(/\{\{|\}\}/);
      expect(text).not.toMatch(/Amen\. Amen|Amén\. Amén/);
      expect(prayer.scriptures.length).toBeGreaterThanOrEqual(2);
      expect(prayer.scriptures.length).toBeLessThanOrEqual(3);
      const topicRefs = library
        .filter((p) => p.kind === "scripture" && p.topic === topic)
        .map((p) => (language === "es" ? p.textEs : p.textEn));
      for (const s of prayer.scriptures) expect(topicRefs).toContain(s.reference);
      // Intercession only with a name.
      const intercessions = library
        .filter((p) => p.kind === "intercession")
        .map((p) => (language === "es" ? p.textEs : p.textEn).split("{{name}}")[0]!);
      expect(prayer.paragraphs.some((para) => intercessions.some((start) => para.startsWith(start) && start.length > 5))).toBe(false);
      // Petitions of this topic only.
      const petitions = library
        .filter((p) => p.kind === "petition")
        .map((p) => ({ topic: p.topic, text: language === "es" ? p.textEs : p.textEn }));
      const used = petitions.filter((p) => prayer.paragraphs.includes(p.text));
      expect(used).toHaveLength(2);
      expect(used.every((p) => p.topic === topic)).toBe(true);
    }
  });

  test("English with a name and words: intercession with the name, the words quoted, no placeholder left", () => {
    const prayer = composePrayer({
      parts: library,
      topic: "healing",
      language: "en",
      name: "Maria",
      words: "her surgery on Friday",
      random: seededRandom(3),
    });
    const text = prayerText(prayer);
    expect(text).toContain("Maria");
    expect(text).toContain("“her surgery on Friday.”");
    expect(text).not.toMatch(/\{\{|\}\}/);
    expect(text.endsWith("Amen.")).toBe(true);
  });

  test("Spanish with a name and words: «…» with the stop outside, Amén", () => {
    const prayer = composePrayer({
      parts: library,
      topic: "family",
      language: "es",
      name: "José",
      words: "la reconciliación con mi hermano.",
      random: seededRandom(11),
    });
    const text = prayerText(prayer);
    expect(text).toContain("José");
    expect(text).toMatch(/«la reconciliación con mi hermano»/);
    expect(text).not.toMatch(/\{\{|\}\}/);
    expect(text.endsWith("Amén.")).toBe(true);
    // Spanish only: no English part slipped in.
    expect(text).not.toMatch(/\b(the|and|you)\b/);
  });

  test("never two identical parts, and different seeds give different prayers", () => {
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const prayer = composePrayer({ parts: library, topic: "peace", language: "en", name: "Sam", random: seededRandom(seed) });
      expect(new Set(prayer.paragraphs).size).toBe(prayer.paragraphs.length);
      expect(new Set(prayer.scriptures.map((s) => s.reference)).size).toBe(prayer.scriptures.length);
      seen.add(prayerText(prayer));
    }
    expect(seen.size).toBeGreaterThan(20);
    // Same seed, same prayer.
    const a = composePrayer({ parts: library, topic: "work", language: "es", random: seededRandom(5) });
    const b = composePrayer({ parts: library, topic: "work", language: "es", random: seededRandom(5) });
    expect(a).toEqual(b);
  });

  test("duplicate texts in the library are not used twice", () => {
    const dup: PrayerPart[] = [
      { id: 1, kind: "opening", topic: null, textEn: "Lord, hear me.", textEs: "Señor, escúchame." },
      { id: 2, kind: "petition", topic: "work", textEn: "Give me work.", textEs: "Dame trabajo." },
      { id: 3, kind: "petition", topic: "work", textEn: "Give me work.", textEs: "Dame trabajo." },
      { id: 4, kind: "closing", topic: null, textEn: "In Jesus' name. Amen.", textEs: "En el nombre de Jesús. Amén." },
    ];
    for (let seed = 1; seed < 10; seed++) {
      const prayer = composePrayer({ parts: dup, topic: "work", language: "en", random: seededRandom(seed) });
      expect(prayer.paragraphs).toEqual(["Lord, hear me.", "Give me work.", "In Jesus' name. Amen."]);
    }
  });

  test("the visitor's text stays text: markup and placeholders are not expanded", () => {
    const prayer = composePrayer({
      parts: library,
      topic: "grief",
      language: "en",
      name: "<b>{{words}}</b>",
      words: "<script>alert(1)</script> {{name}}",
      random: seededRandom(2),
    });
    const text = prayerText(prayer);
    expect(text).toContain("<b>{{words}}</b>");
    expect(text).toContain("“<script>alert(1)</script> {{name}}.”");
    expect(fillTemplate("Hi {{name}} {{unknown}}!", { name: "{{name}}" })).toBe("Hi {{name}} !");
  });

  test("an empty library falls back to the built-in parts", () => {
    for (const language of ["en", "es"] as const) {
      const prayer = composePrayer({ parts: [], topic: "provision", language, name: "Ana", words: "rent", random: seededRandom(9) });
      expect(prayer.paragraphs.length).toBeGreaterThanOrEqual(5);
      expect(prayer.scriptures.length).toBeGreaterThanOrEqual(2);
      expect(prayerText(prayer)).toContain("Ana");
    }
  });

  test("the library has what every topic needs in both languages", () => {
    for (const topic of PRAYER_TOPICS) {
      const forTopic = (kind: string, anyTopic: boolean) =>
        PRAYER_LIBRARY.filter((p) => p.kind === kind && (p.topic === topic || (anyTopic && p.topic === null)));
      expect(forTopic("opening", true).length).toBeGreaterThanOrEqual(2);
      expect(forTopic("petition", false).length).toBeGreaterThanOrEqual(3);
      expect(forTopic("scripture", false).length).toBeGreaterThanOrEqual(3);
    }
    expect(
      PRAYER_LIBRARY.filter((p) => p.kind === "intercession" && p.textEn.includes("{{name}}") && p.textEs.includes("{{name}}")).length,
    ).toBeGreaterThanOrEqual(3);
    expect(PRAYER_LIBRARY.filter((p) => p.kind === "closing").length).toBeGreaterThanOrEqual(3);
    for (const p of PRAYER_LIBRARY) expect(p.textEs).not.toBe(p.textEn);
  });
});
