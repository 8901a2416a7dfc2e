import { getChurchProfile } from "~/platform/church/get-church-profile.server";
import { pwaTranslator } from "~/features/pwa/pwa-translation";
import type { Language } from "~/i18n/config";
import type { AppDatabase } from "~/server/db.server";

/** Brand colours (app/app.css): --color-brand-700 for the bars, white behind the splash. */
export const THEME_COLOR = "#0f5257";
export const BACKGROUND_COLOR = "#ffffff";
const SHORT_NAME_MAX = 12;

/** The first words of the name that fit a home-screen label ("Living Hope Church" → "Living Hope"). */
export function shortName(name: string): string {
  let out = "";
  for (const word of name.trim().split(/\s+/)) {
    const next = out ? `${out} ${word}` : word;
    if (next.length > SHORT_NAME_MAX) break;
    out = next;
  }
  return out || name.trim().slice(0, SHORT_NAME_MAX);
}

/** The web app manifest in one language, the church's name and tagline from its settings. */
export async function buildManifest({ db, language }: { db: AppDatabase; language: Language }) {
  const church = await getChurchProfile({ db, language });
  const t = pwaTranslator(language);
  const name = church?.name ?? "Church";
  const startUrl = language === "es" ? "/?lang=es" : "/";
  return {
    id: "/",
    name,
    short_name: shortName(name),
    description: church?.tagline ? `${name}: ${church.tagline}` : t("manifest.description", { name }),
    lang: language,
    dir: "ltr",
    start_url: startUrl,
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ["lifestyle", "education"],
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
