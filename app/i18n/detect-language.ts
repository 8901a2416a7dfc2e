import { defaultLanguage, isLanguage, languageCookieName, type Language } from "./config";

export interface LanguageSignals {
  /** `?lang=` on the URL: an explicit, shareable choice. */
  queryParam?: string | null;
  /** The raw Cookie header. */
  cookieHeader?: string | null;
  /** The raw Accept-Language header. */
  acceptLanguage?: string | null;
}

export interface DetectedLanguage {
  language: Language;
  /** Where it came from; "query" means the choice must be stored in the cookie. */
  source: "query" | "cookie" | "header" | "default";
}

export function readLanguageCookie(cookieHeader: string | null | undefined): Language | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === languageCookieName) {
      const value = decodeURIComponent(rest.join("=").trim());
      if (isLanguage(value)) return value;
    }
  }
  return undefined;
}

/** Picks the best supported language from an Accept-Language header, honouring q-values. */
export function parseAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(",")
    .map((entry, index) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().toLowerCase().split("-")[0], quality, index };
    })
    .filter((e) => e.base && Number.isFinite(e.quality) && e.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((e) => e.base).find(isLanguage);
}

/** Order: explicit `?lang=` → stored choice (cookie) → Accept-Language → English. */
export function detectLanguage(signals: LanguageSignals): DetectedLanguage {
  const query = signals.queryParam?.toLowerCase();
  if (isLanguage(query)) return { language: query, source: "query" };
  const cookie = readLanguageCookie(signals.cookieHeader);
  if (cookie) return { language: cookie, source: "cookie" };
  const header = parseAcceptLanguage(signals.acceptLanguage);
  if (header) return { language: header, source: "header" };
  return { language: defaultLanguage, source: "default" };
}

export function detectRequestLanguage(request: Request): DetectedLanguage {
  return detectLanguage({
    queryParam: new URL(request.url).searchParams.get("lang"),
    cookieHeader: request.headers.get("Cookie"),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
}

export function languageCookie(language: Language, secure: boolean): string {
  return `${languageCookieName}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? "; Secure" : ""}`;
}
