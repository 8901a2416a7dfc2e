// Issue 34, point 2: an empty install (SEED_DEMO=false, a fresh DATA_DIR: no church settings, no
// service times, leaders, values, events, sermons, photos, products, home cards or hero videos).
// Every public page answers 200 in both languages and reads as a finished page: a fact the church
// has not filled in is left out (no lone comma, no `tel:` without a number, no sms link without
// number and keyword, no Church JSON-LD with an empty address), a section with nothing in it is
// gone or says kindly what is coming. Over HTTP against the production server (`node server.js`
// on a snapshot of build/), exactly as `npm start` serves a new church.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import enCommon from "~/i18n/locales/en/common";
import esCommon from "~/i18n/locales/es/common";
import enHome from "~/i18n/locales/en/home";
import esHome from "~/i18n/locales/es/home";
import enVisit from "~/i18n/locales/en/visit";
import esVisit from "~/i18n/locales/es/visit";
import enGiving from "~/i18n/locales/en/giving";
import esGiving from "~/i18n/locales/es/giving";
import enPrivacy from "~/i18n/locales/en/privacy";
import esPrivacy from "~/i18n/locales/es/privacy";
import enPwa from "~/i18n/locales/en/pwa";
import esPwa from "~/i18n/locales/es/pwa";
import enWatch from "~/i18n/locales/en/watch";
import esWatch from "~/i18n/locales/es/watch";
import enEvents from "~/i18n/locales/en/events";
import esEvents from "~/i18n/locales/es/events";
import enSermons from "~/i18n/locales/en/sermons";
import esSermons from "~/i18n/locales/es/sermons";
import enStore from "~/i18n/locales/en/store";
import esStore from "~/i18n/locales/es/store";
import enPrayer from "~/i18n/locales/en/prayer";
import esPrayer from "~/i18n/locales/es/prayer";
import enMembership from "~/i18n/locales/en/membership";
import esMembership from "~/i18n/locales/es/membership";
import { snapshotProductionBuild, startAppServer, type AppServer } from "../support/app-server";

const strings = {
  en: {
    common: enCommon,
    home: enHome,
    visit: enVisit,
    giving: enGiving,
    privacy: enPrivacy,
    pwa: enPwa,
    watch: enWatch,
    events: enEvents,
    sermons: enSermons,
    store: enStore,
    prayer: enPrayer,
    membership: enMembership,
  },
  es: {
    common: esCommon,
    home: esHome,
    visit: esVisit,
    giving: esGiving,
    privacy: esPrivacy,
    pwa: esPwa,
    watch: esWatch,
    events: esEvents,
    sermons: esSermons,
    store: esStore,
    prayer: esPrayer,
    membership: esMembership,
  },
};
type Strings = (typeof strings)["en"];

/** Each public page and the kind texts it shows on an empty install, beyond the footer's. */
const PAGES: Array<[path: string, texts: (s: Strings) => string[]]> = [
  ["/", (s) => [s.home.hero.welcome, s.home.contact.introNoPhone, s.common.time.none]],
  ["/about", (s) => [s.common.time.none]],
  ["/plan-visit", (s) => [s.visit.location.noAddress, s.common.time.none]],
  ["/join-church", () => []],
  ["/kingdom-builders-class", (s) => [s.membership.class.none]],
  ["/events", (s) => [s.events.list.empty]],
  ["/sermons", (s) => [s.sermons.list.empty]],
  ["/study", () => []],
  ["/past-bible-studies", () => []],
  ["/prayer", (s) => [s.prayer.wall.empty]],
  ["/prayer-generator", () => []],
  ["/give", (s) => [s.giving.ways.inPersonNoTimes]],
  ["/community", () => []],
  ["/watch", (s) => [s.watch.serviceTimes.empty]],
  ["/store", (s) => [s.store.emptyAll]],
  ["/store/cart", (s) => [s.store.cart.empty]],
  ["/auth", () => []],
  ["/privacy", (s) => [s.privacy.page.contact.none]],
  ["/offline", (s) => [s.pwa.offline.introPlain, s.common.time.none]],
];

const decode = (html: string) =>
  html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

/** The visible markup: the body without scripts (the router's data is not what a visitor sees). */
function bodyMarkup(html: string): string {
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return body.replace(/<script\b[\s\S]*?<\/script>/gi, "").replace(/<!-- -->/g, "");
}

describe("an empty install's public pages (production server, SEED_DEMO=false)", () => {
  let snapshot: ReturnType<typeof snapshotProductionBuild>;
  let dataDir: string;
  let server: AppServer;

  beforeAll(async () => {
    snapshot = snapshotProductionBuild();
    dataDir = mkdtempSync(path.join(tmpdir(), "church-empty-install-"));
    server = await startAppServer({ cwd: snapshot.dir, dataDir, env: { SEED_DEMO: "false", LOG_LEVEL: "error" } });
  });
  afterAll(async () => {
    await server?.stop();
    snapshot?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  for (const language of ["en", "es"] as const) {
    test(`every public page is whole, with kind empty states (${language})`, async () => {
      const s = strings[language];
      for (const [page, texts] of PAGES) {
        const response = await fetch(`${server.baseURL}${page}`, {
          headers: { accept: "text/html", cookie: `lang=${language}; lhc_welcome=guest` },
        });
        const label = `${page} (${language})`;
        expect(response.status, label).toBe(200);
        const html = await response.text();
        const markup = bodyMarkup(html);
        const visible = decode(markup);
        expect(html, label).toMatch(new RegExp(`<html[^>]*\\slang="${language}"`));

        // The kind texts: the page's own, and the footer's service times.
        for (const text of [...texts(s), s.common.footer.serviceTimes]) expect(visible, `${label}: ${text}`).toContain(text);
        expect(visible, `${label}: footer service times`).toContain(s.common.time.none);

        // None of the broken bits of a blank church profile.
        expect(markup, `${label}: tel: without a number`).not.toMatch(/href="tel:\+?"/);
        expect(markup, `${label}: sms link`).not.toMatch(/href="sms:/);
        expect(markup, `${label}: a lone comma`).not.toMatch(/>\s*,\s*</);
        expect(markup, `${label}: an empty link`).not.toMatch(/href=""/);
        expect(markup, `${label}: an empty heading`).not.toMatch(/<h[1-6]\b[^>]*>\s*<\/h[1-6]>/);
        expect(markup, `${label}: an empty list`).not.toMatch(/<(ul|ol|dl)\b[^>]*>\s*<\/\1>/);
        expect(markup, `${label}: an empty address`).not.toMatch(/<address\b[^>]*>\s*<\/address>/);
        // The footer has no Contact or Follow us column with nothing in it.
        expect(markup, `${label}: footer contact`).not.toContain('id="footer-contact"');
        expect(markup, `${label}: footer follow us`).not.toContain('id="footer-social"');
        // Sentences that would send a visitor to a number the site does not have.
        for (const sentence of [s.home.contact.intro, s.visit.times.none]) {
          expect(visible, `${label}: ${sentence}`).not.toContain(sentence);
        }
        expect(visible, `${label}: empty placeholder`).not.toMatch(/\{\{\w+\}\}/);
        expect(html, `${label}: Church JSON-LD`).not.toContain('"@type":"Church"');
      }
    });
  }

  test("the home page shows no empty Who we are section and the hero's buttons lead somewhere", async () => {
    for (const language of ["en", "es"] as const) {
      const html = await (await fetch(`${server.baseURL}/?lang=${language}`, { headers: { accept: "text/html" } })).text();
      const markup = bodyMarkup(html);
      expect(markup).not.toContain('id="home-about"');
      expect(markup).toContain(`>${strings[language].common.common.unnamedChurch}</h1>`);
      for (const to of ["/plan-visit", "/watch", "/give"]) expect(markup).toContain(`href="${to}"`);
    }
  });
});
