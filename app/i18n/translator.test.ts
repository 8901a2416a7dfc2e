import { describe, expect, it } from "vitest";
import en from "./locales/en";
import enAdmin from "./locales/en/admin";
import enEvents from "./locales/en/events";
import es from "./locales/es";
import esAdmin from "./locales/es/admin";
import esEvents from "./locales/es/events";
import enSermons from "./locales/en/sermons";
import esSermons from "./locales/es/sermons";
import enWatch from "./locales/en/watch";
import esWatch from "./locales/es/watch";
import enStudy from "./locales/en/study";
import esStudy from "./locales/es/study";
import enGroups from "./locales/en/groups";
import esGroups from "./locales/es/groups";
import enMembership from "./locales/en/membership";
import esMembership from "./locales/es/membership";
import enPrayer from "./locales/en/prayer";
import esPrayer from "./locales/es/prayer";
import enVisit from "./locales/en/visit";
import esVisit from "./locales/es/visit";
import enGenerator from "./locales/en/generator";
import esGenerator from "./locales/es/generator";
import enGallery from "./locales/en/gallery";
import esGallery from "./locales/es/gallery";
import enDiscussions from "./locales/en/discussions";
import esDiscussions from "./locales/es/discussions";
import enVolunteers from "./locales/en/volunteers";
import esVolunteers from "./locales/es/volunteers";
import enGalleryAdmin from "./locales/en/gallery-admin";
import esGalleryAdmin from "./locales/es/gallery-admin";
import enDiscussionsAdmin from "./locales/en/discussions-admin";
import esDiscussionsAdmin from "./locales/es/discussions-admin";
import enVolunteersAdmin from "./locales/en/volunteers-admin";
import enGiving from "./locales/en/giving";
import esGiving from "./locales/es/giving";
import enGivingAdmin from "./locales/en/giving-admin";
import esGivingAdmin from "./locales/es/giving-admin";
import enStore from "./locales/en/store";
import esStore from "./locales/es/store";
import enStoreAdmin from "./locales/en/store-admin";
import enTour from "./locales/en/tour";
import esTour from "./locales/es/tour";
import enAssistant from "./locales/en/assistant";
import esAssistant from "./locales/es/assistant";
import enPwa from "./locales/en/pwa";
import esPwa from "./locales/es/pwa";
import esStoreAdmin from "./locales/es/store-admin";
import esVolunteersAdmin from "./locales/es/volunteers-admin";
import enGroupsAdmin from "./locales/en/groups-admin";
import esGroupsAdmin from "./locales/es/groups-admin";
import enPrayerAdmin from "./locales/en/prayer-admin";
import esPrayerAdmin from "./locales/es/prayer-admin";
import enStudyAdmin from "./locales/en/study-admin";
import esStudyAdmin from "./locales/es/study-admin";
import { createTranslator } from "./translator";

describe("createTranslator", () => {
  it("looks up nested keys in the chosen language", () => {
    expect(createTranslator("en", en).t("nav.home")).toBe("Home");
    expect(createTranslator("es", es).t("nav.home")).toBe("Inicio");
  });

  it("interpolates values and leaves unknown placeholders visible", () => {
    const { t } = createTranslator("en", en);
    expect(t("footer.textHome", { keyword: "HOME", phone: "(217) 555-0142" })).toBe("Text HOME to (217) 555-0142");
    expect(t("footer.textHome", { keyword: "HOME" })).toBe("Text HOME to {{phone}}");
  });

  it("returns the key for a missing or non-leaf key instead of throwing", () => {
    const { t } = createTranslator("en", en);
    expect(t("nav" as never)).toBe("nav");
    expect(t("nav.nope" as never)).toBe("nav.nope");
  });

  /** Every string of a bundle by its dotted key. */
  const strings = (value: unknown, prefix = ""): [string, string][] =>
    typeof value === "string"
      ? [[prefix, value]]
      : Object.entries(value as object).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
  const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

  describe.each([
    ["site", en, es],
    ["admin", enAdmin, esAdmin],
    ["events", enEvents, esEvents],
    ["sermons", enSermons, esSermons],
    ["watch", enWatch, esWatch],
    ["study", enStudy, esStudy],
    ["groups", enGroups, esGroups],
    ["membership", enMembership, esMembership],
    ["prayer", enPrayer, esPrayer],
    ["visit", enVisit, esVisit],
    ["generator", enGenerator, esGenerator],
    ["gallery", enGallery, esGallery],
    ["discussions", enDiscussions, esDiscussions],
    ["volunteers", enVolunteers, esVolunteers],
    ["gallery-admin", enGalleryAdmin, esGalleryAdmin],
    ["discussions-admin", enDiscussionsAdmin, esDiscussionsAdmin],
    ["volunteers-admin", enVolunteersAdmin, esVolunteersAdmin],
    ["groups-admin", enGroupsAdmin, esGroupsAdmin],
    ["prayer-admin", enPrayerAdmin, esPrayerAdmin],
    ["study-admin", enStudyAdmin, esStudyAdmin],
    ["giving", enGiving, esGiving],
    ["giving-admin", enGivingAdmin, esGivingAdmin],
    ["store", enStore, esStore],
    ["store-admin", enStoreAdmin, esStoreAdmin],
    ["tour", enTour, esTour],
    ["assistant", enAssistant, esAssistant],
    ["pwa", enPwa, esPwa],
  ])("the %s strings", (_name, english, spanish) => {
    it("have every English key in Spanish, and no empty strings", () => {
      const enKeys = strings(english)
        .map(([key]) => key)
        .sort();
      expect(
        strings(spanish)
          .map(([key]) => key)
          .sort(),
      ).toEqual(enKeys);
      for (const [key, text] of strings(spanish)) expect(text.trim(), key).not.toBe("");
    });

    it("use only {{name}} placeholders, the same ones in both languages", () => {
      const spanishByKey = new Map(strings(spanish));
      for (const [key, text] of strings(english)) {
        // A single-brace {name} is not interpolated: it would reach the page as written.
        for (const t of [text, spanishByKey.get(key) ?? ""]) expect(t.replace(/\{\{\s*\w+\s*\}\}/g, ""), key).not.toMatch(/\{\s*\w+\s*\}/);
        expect(placeholders(spanishByKey.get(key) ?? ""), key).toEqual(placeholders(text));
      }
    });
  });
});
