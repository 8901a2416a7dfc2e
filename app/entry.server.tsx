import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { NonceProvider } from "~/components/nonce";
import { detectRequestLanguage } from "~/i18n/detect-language";
import { loadTranslation } from "~/i18n/i18n";
import { I18nProvider } from "~/i18n/react";
import { createCoalescedBody } from "~/server/coalesced-body.server";
import { unavailableHeaders } from "~/server/database-outage.server";
import { cspNonceContext } from "~/server/load-context.server";
import { logger } from "~/server/logger.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { language } = detectRequestLanguage(request);
  const strings = await loadTranslation(language);
  const nonce = loadContext.get(cspNonceContext);
  // Bots get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent")) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Stops a render still streaming after the timeout. The timer holds the whole render (the
    // request, its loader data, React's request state) until it fires, so it is cleared as soon
    // as the page is written: left to run 6 s under load it kept hundreds of finished renders
    // alive (~570 in a heap snapshot, 186 MB; issue 10, goal 5, ADR 026). React Router's own
    // template clears it the same way.
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const stopTimeout = () => {
      clearTimeout(timeout);
      timeout = undefined;
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nProvider language={language} strings={strings}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nProvider>
      </NonceProvider>,
      {
        nonce,
        // A finished Suspense boundary is written in place, never "outlined" (React 19.2 moves
        // boundaries that complete after ~12.8 KB of HTML to the end of the document, shown by an
        // inline script). The page's sections stay in the HTML where they belong, for visitors
        // without JavaScript and crawlers alike (components/deferred-hydration.tsx, breadcrumbs).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyEvent]() {
          shellRendered = true;
          const body = createCoalescedBody(stopTimeout);
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          responseHeaders.set("Content-Language", language);
          responseHeaders.append("Vary", "Cookie, Accept-Language");
          applyLoaderPolicyHeaders(responseHeaders, routerContext);
          // The "we'll be right back" page of a database outage (database-outage.server.ts):
          // never stored, and the visitor's browser or a proxy is told when to try again.
          if (responseStatusCode === 503) {
            for (const [name, value] of Object.entries(unavailableHeaders())) responseHeaders.set(name, value);
          }
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          stopTimeout();
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger.error({ err: error }, "render error");
        },
      },
    );
    timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/** For each header a loader may set for its page, its values from strictest to loosest. */
const LOADER_POLICY_HEADERS: Record<string, RegExp[]> = {
  "Cache-Control": [/\bno-store\b/, /\bprivate\b/, /\bno-cache\b/],
  // A page whose address holds a secret (a registration's or an order's token) says no-referrer.
  "Referrer-Policy": [/^no-referrer$/, /^same-origin$/, /^strict-origin$/, /^strict-origin-when-cross-origin$/],
  "X-Robots-Tag": [/\bnoindex\b/],
};

/**
 * A route without a `headers` export loses its loader's headers on a document request (React
 * Router keeps only their cookies). The Cache-Control a loader chose ("private, no-store" for a
 * signed-in page, "no-store" for a payment page), its Referrer-Policy and X-Robots-Tag must still
 * reach the browser, a CDN and the page cache: for each, the strictest one of the matched loaders
 * and actions applies unless a `headers` export set one.
 */
function applyLoaderPolicyHeaders(responseHeaders: Headers, routerContext: EntryContext) {
  const { loaderHeaders, actionHeaders } = routerContext.staticHandlerContext;
  const sources = [...Object.values(loaderHeaders), ...Object.values(actionHeaders)];
  for (const [name, strictness] of Object.entries(LOADER_POLICY_HEADERS)) {
    if (responseHeaders.has(name)) continue;
    const values = sources.map((headers) => headers.get(name)).filter((value): value is string => Boolean(value));
    if (values.length === 0) continue;
    const rank = (value: string) => {
      const index = strictness.findIndex((pattern) => pattern.test(value.trim()));
      return index === -1 ? strictness.length : index;
    };
    responseHeaders.set(
      name,
      values.reduce((best, value) => (rank(value) < rank(best) ? value : best)),
    );
  }
}
