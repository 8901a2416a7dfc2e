import { lazy, memo, Suspense, useEffect, type ComponentType } from "react";
import { HYDRATE_DEFERRED_EVENT, trackDeferredLoad } from "./hydrate-deferred";
import { resolvedThenable } from "./split-component";

const INTERACTIONS = ["pointerdown", "keydown", "touchstart"] as const;
interface RouterStateLike {
  navigation: { state: string };
  revalidation: string;
  fetchers: Map<string, unknown>;
}
type RouterWindow = Window & { __reactRouterDataRouter?: { subscribe(listener: (state: RouterStateLike) => void): () => void } };

/**
 * Progressive hydration for content below the fold (the home page's sections after the hero):
 * the server renders it as usual, and a browser leaves that HTML as it is (visible, links and
 * all) until the code is needed, then hydrates it. The code is one chunk per `group`, fetched
 * when the first of its parts scrolls into view, at the visitor's first interaction (pointer,
 * key, touch), or when they leave the page. On a client-side visit to the page (no server HTML)
 * it is fetched at once.
 *
 * If the chunk cannot be fetched (offline), the server's HTML simply stays; the next
 * interaction or the browser coming back online tries again.
 *
 * A boundary still waiting must not receive an update: React would throw its server HTML away
 * and show the (empty) fallback. So its part is memoized, and the chunk is fetched as soon as the
 * router starts a navigation, a revalidation or a fetcher (React Router renders its state in a
 * transition, which React holds until the boundary has hydrated), or when another part of the app
 * is about to change a context (`await hydrateDeferred()`, hydrate-deferred.ts).
 *
 * `part(pick)` gives a component for one export of the chunk; each renders its content inside
 * `<div data-deferred={group} class="contents">` (no box of its own) so its server HTML can be
 * observed. Pass it props that keep their identity between renders (loader data, not objects
 * made while rendering).
 */
export function deferredModule<M>(load: () => Promise<M>, group: string) {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  // The server loads it with the route modules at start-up and renders it without suspending.
  const fetchOnce = (): Promise<M> =>
    (loading ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  if (import.meta.env.SSR) void fetchOnce();

  let wanted: Promise<void> | undefined;
  let release = () => {};
  const needed = (): Promise<void> =>
    (wanted ??= new Promise<void>((resolve) => {
      const parts = [...document.querySelectorAll(`[data-deferred="${group}"] > *`)];
      if (parts.length === 0 || typeof IntersectionObserver !== "function") return resolve();
      const observer = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) release();
      });
      // A navigation, a revalidation or a fetcher (not the routes lazy discovery adds quietly).
      const unsubscribe = (window as RouterWindow).__reactRouterDataRouter?.subscribe((state) => {
        if (state.navigation.state !== "idle" || state.revalidation !== "idle" || state.fetchers.size > 0) release();
      });
      release = () => {
        observer.disconnect();
        unsubscribe?.();
        for (const type of INTERACTIONS) window.removeEventListener(type, release, true);
        window.removeEventListener(HYDRATE_DEFERRED_EVENT, release);
        release = () => {};
        resolve();
      };
      for (const part of parts) observer.observe(part);
      for (const type of INTERACTIONS) window.addEventListener(type, release, { capture: true, passive: true });
      window.addEventListener(HYDRATE_DEFERRED_EVENT, release);
    }));

  // Offline: wait for the network or the visitor, then try again; the server HTML stays meanwhile.
  const fetchWhenPossible = (): Promise<M> =>
    fetchOnce().catch(
      () =>
        new Promise<M>((resolve) => {
          const retry = () => {
            window.removeEventListener("online", retry);
            for (const type of INTERACTIONS) window.removeEventListener(type, retry, true);
            resolve(fetchWhenPossible());
          };
          window.addEventListener("online", retry);
          for (const type of INTERACTIONS) window.addEventListener(type, retry, { capture: true, passive: true });
        }),
    );

  function part<P extends object>(pick: (module: M) => ComponentType<P>) {
    const Lazy = lazy(() => {
      if (loaded !== undefined) return resolvedThenable({ default: pick(loaded) });
      const attempt = needed().then(fetchOnce);
      trackDeferredLoad(attempt);
      return attempt.catch(fetchWhenPossible).then((module) => ({ default: pick(module) }));
    });
    function Deferred(props: P) {
      // Leaving the page before it was needed: fetch it, so coming back renders at once.
      useEffect(() => () => release(), []);
      return (
        <div data-deferred={group} className="contents">
          <Suspense fallback={null}>
            <Lazy {...props} />
          </Suspense>
        </div>
      );
    }
    // Memoized: a boundary still waiting to hydrate must not be re-rendered by its parent (the
    // page re-renders on every router state change), or React drops its server HTML and shows
    // the fallback until the chunk arrives. Only new props (new loader data) re-render it.
    return memo(Deferred) as unknown as ComponentType<P>;
  }
  return { part };
}
