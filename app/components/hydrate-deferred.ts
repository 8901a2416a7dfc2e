/*
 * For code about to change a React context above the page (the guided tour's provider). A page
 * section still waiting to hydrate (deferred-hydration.tsx) must not see a context change, or
 * React replaces its server HTML with an empty fallback. `await hydrateDeferred()` first: it asks
 * the page's deferred sections to load their code and resolves once it is there (then React
 * hydrates them on demand, in the same render as the change). Small and in every page's bundle.
 */
export const HYDRATE_DEFERRED_EVENT = "hydrate-deferred";

const loading = new Set<Promise<unknown>>();

/** deferred-hydration.tsx: the load a deferred section waits for. */
export function trackDeferredLoad(load: Promise<unknown>): void {
  loading.add(load);
  const done = () => void loading.delete(load);
  load.then(done, done);
}

export async function hydrateDeferred(): Promise<void> {
  window.dispatchEvent(new Event(HYDRATE_DEFERRED_EVENT));
  await Promise.allSettled([...loading]);
}
