import { data, Links, Meta, Outlet, ScrollRestoration, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { AppErrorBoundary } from "~/components/error-boundaries";
import { AfterPaintScripts } from "~/components/scripts";
import { useNonce } from "~/components/nonce";
import { brandCss } from "~/platform/church/brand-palette";
import { readChurchSettings } from "~/platform/church/church-settings.server";
import { useTranslation } from "~/i18n/react";
import { detectRequestLanguage, languageCookie } from "~/i18n/detect-language";
import { getCurrentMember } from "~/platform/auth/get-current-member.server";
import { db } from "~/server/db.server";
import { getEnv, siteUrl } from "~/server/env.server";
import stylesheet from "./app.css?url";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const detected = detectRequestLanguage(request);
  const base = siteUrl(getEnv());
  const headers = new Headers();
  // `?lang=` is an explicit choice: remember it.
  if (detected.source === "query") {
    headers.append("Set-Cookie", languageCookie(detected.language, base.startsWith("https://")));
  }
  const session = await getCurrentMember({ db: db(), request });
  for (const cookie of session?.headers.getSetCookie() ?? []) headers.append("Set-Cookie", cookie);
  const settings = await readChurchSettings(db());
  const brandColor = settings?.brandColor ?? null;
  return data(
    { language: detected.language, siteUrl: base, member: session?.member ?? null, brandCss: brandCss(brandColor), themeColor: brandColor },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  // Without the root's data (its loader failed, e.g. the database is unreachable) the page is
  // still rendered in the language the request asked for; the browser hydrates in this one.
  const { i18n } = useTranslation();
  return (
    <html lang={root?.language ?? i18n.language} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={root?.themeColor ?? "#0f5257"} />
        <link rel="manifest" href={root?.language === "es" ? "/manifest.webmanifest?lang=es" : "/manifest.webmanifest"} />
        {/* A stylesheet with a precedence is written at the top of <head> (React's resource
            order), before anything else it hoists there; as a plain `links` entry it came after
            the modulepreload links, so the render-blocking CSS was requested last. The app's
            scripts now come after the first paint anyway (AfterPaintScripts, ADR 025). */}
        <link rel="stylesheet" href={stylesheet} precedence="app" />
        {/* The church's own main colour (Settings), over the stylesheet's built-in teal. */}
        {root?.brandCss ? <style nonce={nonce}>{root.brandCss}</style> : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {children}
        <ScrollRestoration nonce={nonce} />
        {/* React Router's <Scripts>, fetched only after the first paint (ADR 025). */}
        <AfterPaintScripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export const ErrorBoundary = AppErrorBoundary;
