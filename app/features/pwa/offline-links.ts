/**
 * Offline, a link inside the site is followed as a document load, which the service worker
 * answers: the copy kept for offline reading, else the offline page (app/sw.ts). A client
 * navigation needs the route's module, its data and, for a route the page has not discovered
 * yet, React Router's route manifest; offline, a module not at hand made React Router reload
 * the page the visitor was leaving ("Error loading route module … reloading page"), and the
 * other two are caught later (the worker's `.data` answer, the error boundaries' document load).
 * Online with the server out of reach (`navigator.onLine` still true), those later catches apply.
 */

/** What decides how a click on a link is followed. */
export interface LinkClick {
  onLine: boolean;
  /** Already handled (a component's own handler, or a link that is not one to follow). */
  defaultPrevented: boolean;
  button: number;
  /** Ctrl, Meta, Shift or Alt held: a new tab or window, the browser's to open. */
  modified: boolean;
  /** The link's resolved address (`HTMLAnchorElement.href`). */
  href: string;
  /** Its `target` attribute ("" when none). */
  target: string;
  download: boolean;
}

/** The address to load as a document instead of the router's navigation, or null to leave the click alone. */
export function offlineDocumentHref(click: LinkClick, here: URL): string | null {
  if (click.onLine || click.defaultPrevented || click.button !== 0 || click.modified || click.download) return null;
  if (click.target !== "" && click.target !== "_self") return null;
  const url = new URL(click.href, here);
  if (url.origin !== here.origin) return null;
  // A jump within the page (the skip link, a section's anchor) stays one.
  if (url.hash && url.pathname === here.pathname && url.search === here.search) return null;
  return url.href;
}

/** Listens before React does (capture, on the document), so React Router's links see the click as handled. */
export function followLinksAsDocumentsWhenOffline(): void {
  document.addEventListener(
    "click",
    (event) => {
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement)) return;
      const href = offlineDocumentHref(
        {
          onLine: navigator.onLine,
          defaultPrevented: event.defaultPrevented,
          button: event.button,
          modified: event.metaKey || event.ctrlKey || event.shiftKey || event.altKey,
          href: anchor.href,
          target: anchor.getAttribute("target") ?? "",
          download: anchor.hasAttribute("download"),
        },
        new URL(window.location.href),
      );
      if (href === null) return;
      event.preventDefault();
      window.location.assign(href);
    },
    { capture: true },
  );
}
