import { describe, expect, test } from "vitest";
import { detectLanguage, detectRequestLanguage, languageCookie, parseAcceptLanguage, readLanguageCookie } from "./detect-language";

describe("detectLanguage: ?lang= → cookie → Accept-Language → en", () => {
  test("nothing at all → English (default)", () => {
    expect(detectLanguage({})).toEqual({ language: "en", source: "default" });
  });

  test("?lang= wins over cookie and header, and is marked to be stored", () => {
    expect(detectLanguage({ queryParam: "es", cookieHeader: "lang=en", acceptLanguage: "en-US" })).toEqual({
      language: "es",
      source: "query",
    });
    expect(detectLanguage({ queryParam: "en", cookieHeader: "lang=es", acceptLanguage: "es" })).toEqual({
      language: "en",
      source: "query",
    });
  });

  test("?lang= is case-insensitive; an unsupported value is ignored", () => {
    expect(detectLanguage({ queryParam: "ES" }).language).toBe("es");
    expect(detectLanguage({ queryParam: "fr", cookieHeader: "lang=es" })).toEqual({ language: "es", source: "cookie" });
    expect(detectLanguage({ queryParam: "", acceptLanguage: "es" })).toEqual({ language: "es", source: "header" });
  });

  test("the cookie wins over Accept-Language", () => {
    expect(detectLanguage({ cookieHeader: "lang=en", acceptLanguage: "es" })).toEqual({ language: "en", source: "cookie" });
    expect(detectLanguage({ cookieHeader: "theme=dark; lang=es", acceptLanguage: "en" })).toEqual({
      language: "es",
      source: "cookie",
    });
  });

  test("an unsupported cookie value falls through to the header", () => {
    expect(detectLanguage({ cookieHeader: "lang=de", acceptLanguage: "es-MX" })).toEqual({ language: "es", source: "header" });
  });

  test("Accept-Language alone", () => {
    expect(detectLanguage({ acceptLanguage: "es-419,es;q=0.9" })).toEqual({ language: "es", source: "header" });
    expect(detectLanguage({ acceptLanguage: "fr-FR,de;q=0.8" })).toEqual({ language: "en", source: "default" });
  });
});

describe("parseAcceptLanguage", () => {
  test.each([
    ["es", "es"],
    ["es-MX", "es"],
    ["ES-us", "es"],
    ["en-GB,en;q=0.9", "en"],
    ["en;q=0.5, es;q=0.9", "es"],
    ["es;q=0.4, en;q=0.8", "en"],
    ["fr, es;q=0.5, en;q=0.4", "es"],
    ["fr, de", undefined],
    ["es;q=0, en;q=0.1", "en"],
    ["es;q=0", undefined],
    ["*", undefined],
    ["", undefined],
  ])("%j → %s", (header, expected) => {
    expect(parseAcceptLanguage(header)).toBe(expected);
  });

  test("equal q-values keep the header's order", () => {
    expect(parseAcceptLanguage("es;q=0.8, en;q=0.8")).toBe("es");
    expect(parseAcceptLanguage("en;q=0.8, es;q=0.8")).toBe("en");
  });

  test("null and undefined", () => {
    expect(parseAcceptLanguage(null)).toBeUndefined();
    expect(parseAcceptLanguage(undefined)).toBeUndefined();
  });
});

describe("readLanguageCookie", () => {
  test.each([
    ["lang=es", "es"],
    ["a=1; lang=en; b=2", "en"],
    ["  lang=es  ", "es"],
    ["xlang=es", undefined],
    ["lang=", undefined],
    ["lang=fr", undefined],
    ["", undefined],
  ])("%j → %s", (header, expected) => {
    expect(readLanguageCookie(header)).toBe(expected);
  });
});

describe("detectRequestLanguage", () => {
  test("reads the URL, the Cookie header and Accept-Language of a request", () => {
    const req = (url: string, headers: Record<string, string> = {}) => new Request(url, { headers });
    expect(detectRequestLanguage(req("http://x/about?lang=es")).language).toBe("es");
    expect(detectRequestLanguage(req("http://x/about", { Cookie: "lang=es" })).source).toBe("cookie");
    expect(detectRequestLanguage(req("http://x/about", { "Accept-Language": "es-ES" }))).toEqual({ language: "es", source: "header" });
    expect(detectRequestLanguage(req("http://x/about"))).toEqual({ language: "en", source: "default" });
  });
});

describe("languageCookie", () => {
  test("a year-long, site-wide, Lax cookie; Secure only over HTTPS", () => {
    const plain = languageCookie("es", false);
    expect(plain).toMatch(/^lang=es;/);
    expect(plain).toContain("Path=/");
    expect(plain).toContain("Max-Age=31536000");
    expect(plain).toContain("SameSite=Lax");
    expect(plain).not.toContain("Secure");
    expect(languageCookie("en", true)).toMatch(/; Secure$/);
  });

  test("what it writes, readLanguageCookie reads back", () => {
    const [pair] = languageCookie("es", false).split(";");
    expect(readLanguageCookie(pair)).toBe("es");
  });
});
