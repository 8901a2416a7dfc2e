import { lazy, type ComponentType } from "react";

/**
 * A component kept out of the browser's first load (its own chunk), for content that is not on
 * every page: the home page has no breadcrumb trail, most pages never show an error screen.
 *
 * - The server imports the chunk when this module loads (route modules load at start-up), and
 *   renders it without suspending: the HTML is the same as with a static import.
 * - A browser fetches the chunk when a page needs it. While hydrating, the server's HTML for it
 *   stays in place until the chunk has arrived (a suspended boundary hydrates later), so wrap it
 *   in <Suspense>. Once loaded it renders at once. `preload()` fetches it ahead (on intent).
 */
export function splitComponent<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  let loaded: M | undefined;
  const preload = () => load().then((module) => (loaded = module));
  if (import.meta.env.SSR) void preload();
  const Component = lazy(() =>
    loaded === undefined
      ? preload().then((module) => ({ default: pick(module) }))
      : // Already loaded: a thenable that answers synchronously, so React does not suspend.
        resolvedThenable({ default: pick(loaded) }),
  );
  return { Component, preload };
}

/**
 * A thenable that calls back synchronously: React.lazy then renders without suspending (typed
 * as a Promise because React.lazy's type asks for one; React only ever calls `then`).
 */
export function resolvedThenable<T>(value: T): Promise<T> {
  const thenable = {
    then<R>(onFulfilled?: ((value: T) => R) | null): unknown {
      return resolvedThenable(onFulfilled ? onFulfilled(value) : value);
    },
  };
  return thenable as unknown as Promise<T>;
}
