import { once } from "./once.server";

/**
 * Reads of admin-edited content that nearly every page makes (the church profile with its
 * service times, a page's copy), kept per content version (ADR 019, third addendum). Every
 * admin save of such content bumps `app_meta.content_version` in its transaction; the
 * production server hands its content-version reader (read at most once a second, at once after
 * a change in this process) to `setContentVersionMemo`, and from then on `byContentVersion`
 * loads each key once per version. Another instance's change shows within that second, as for
 * the page cache.
 *
 * Without a reader (development, tests, jobs) every call loads. The memo belongs to the one
 * database of the process; values are shared between requests and must not be changed.
 */
type VersionReader = () => Promise<string>;

/** At most this many keys are kept (oldest first out); a page reads a handful. */
const MAX_KEYS = 200;

let reader: VersionReader | undefined;
const memo = new Map<string, { version: string; shared: () => Promise<unknown> }>();

/** Turns the memo on with this reader (the production server), or off (undefined). */
export function setContentVersionMemo(read: VersionReader | undefined): void {
  reader = read;
  memo.clear();
}

/** `load()` once per content version for `key`; a failed load is forgotten (once.server.ts). */
export async function byContentVersion<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (!reader) return load();
  // A version that cannot be read means the database is away: the load reports it.
  const version = await reader().catch(() => undefined);
  if (version === undefined) return load();
  const kept = memo.get(key);
  if (kept?.version === version) return kept.shared() as Promise<T>;
  const shared = once(load);
  memo.delete(key);
  if (memo.size >= MAX_KEYS) memo.delete(memo.keys().next().value as string);
  memo.set(key, { version, shared });
  return shared();
}
