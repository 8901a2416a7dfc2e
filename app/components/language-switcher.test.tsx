// Issue 32 item 6: on `//evil.example/phish` the switcher linked to `//evil.example/phish?lang=es`,
// another host to the browser. Rendered here as the server and the browser both render it,
// from the router's location (which keeps the request's path as it came).
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, test } from "vitest";
import { I18nProvider } from "~/i18n/react";
import en from "~/i18n/locales/en";
import es from "~/i18n/locales/es";
import { LanguageSwitcher } from "./language-switcher";

const SITE = "https://church.example";

function switcherHref(entry: string, language: "en" | "es" = "en"): string {
  const html = renderToStaticMarkup(
    <MemoryRouter initialEntries={[entry]}>
      <I18nProvider language={language} strings={language === "es" ? es : en}>
        <LanguageSwitcher />
      </I18nProvider>
    </MemoryRouter>,
  );
  const href = /\shref="([^"]*)"/.exec(html)?.[1];
  if (href === undefined) throw new Error(`no href in ${html}`);
  return href.replaceAll("&amp;", "&");
}

describe("LanguageSwitcher", () => {
  test("links to the same page in the other language, keeping the query and the hash", () => {
    expect(switcherHref("/sermons")).toBe("/sermons?lang=es");
    expect(switcherHref("/sermons?lang=es", "es")).toBe("/sermons?lang=en");
    expect(switcherHref("/events?month=5#rsvp")).toBe("/events?month=5&lang=es#rsvp");
  });

  test.each([
    ["//evil.example/phish", "/evil.example/phish?lang=es"],
    ["///evil.example", "/evil.example?lang=es"],
    ["/\\evil.example", "/evil.example?lang=es"],
    ["/%5Cevil.example", "/evil.example?lang=es"],
    ["/%2F%2Fevil.example", "/evil.example?lang=es"],
    ["/.//evil.example", "/evil.example?lang=es"],
    ["//evil.example/phish?x=1", "/evil.example/phish?x=1&lang=es"],
  ])("on %j it links to %j, on this site", (entry, expected) => {
    const href = switcherHref(entry);
    expect(href).toBe(expected);
    expect(new URL(href, `${SITE}/page`).origin).toBe(SITE);
  });
});
