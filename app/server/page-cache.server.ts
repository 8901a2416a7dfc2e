import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createHash, randomBytes } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import { constants as zlibConstants, createGzip, gzip } from "node:zlib";
import { detectLanguage, languageCookie } from "~/i18n/detect-language";
import { languageCookieName, type Language } from "~/i18n/config";
import { logger } from "~/server/logger.server";
import { acceptsGzip } from "~/server/accepts-gzip.server";
import { dataRequestPagePath } from "~/server/data-request.server";

/**
 * The public-page cache (issue 10, ADR 019). A public page is the same for every signed-out
 * visitor in one language, so it is rendered once per (path and query, language, content
 * version), kept in memory and answered with a weak ETag, Last-Modified and 304s. Requests that
 * carry any cookie but the language cookie (a session, a flash message, a cart), and paths that
 * are personal or transactional, never touch it; a response is kept only when it is a plain 200
 * with no cookie of its own and no `Cache-Control` that forbids sharing.
 *
 * Which requests may be shared is decided from the route they match (`isSharedPage`, an allow-list
 * of page routes in shared-page-routes.server.ts), as React Router matches it: never from a path
 * pattern, which `/Prayer/events` or `/%70rayer/events` slip past (issue 32). A render carries
 * the abort signal of the visitors waiting for it, and an answer that is not kept is streamed to
 * its one requester, never buffered here.
 *
 * A stored page is the same bytes for everyone, so its CSP allows its inline scripts by their
 * SHA-256 hashes, not by a nonce (a nonce must be new in every answer, and a CDN holding the
 * page would repeat it): the render's nonce attributes are taken out of the body, and the
 * scripts that carried them are hashed (`withScriptHashes`). Body, gzip and headers are then
 * built once per stored page.
 *
 * A hit is answered before Express sees the request (`createPageCacheFastPath`, used by the
 * server's request listener); a miss, and anything the fast path is unsure of, goes through
 * the Express middleware below, which renders, stores and answers the same way.
 *
 * A client navigation's data (`/events.data?_routes=…`, the page's loader data that the browser
 * asks for instead of the page) is shared on the same terms, under its own key, but only while
 * the page it belongs to is shareable: the page's loaders decide that with their Cache-Control,
 * which React Router leaves off data answers. So the page is looked up (rendered when it is not
 * in memory) first, and a page found not shareable is remembered as such for its content
 * version and at most `maxAgeMs`.
 */

/** Query parameters that make a URL personal (links from emails, payment returns). */
const PERSONAL_PARAMS = ["token", "session_id", "code", "email", "canceled"];
/** As the `compression` middleware the other answers go through: bodies from 1 KB. */
const COMPRESSION_THRESHOLD = 1024;
/** Pages and their navigation data (feeds and files have extensions and never get here). */
const CACHEABLE_TYPE = /^text\/(?:html|x-script)\b/;
/** Answers sent unshared may be compressed on the way (never a stream of events, nor what says no-transform). */
const COMPRESSIBLE_TYPE = /^(?:text\/(?!event-stream)|application\/(?:json|javascript|xml|[\w.+-]+\+(?:json|xml)))/i;
/** The answers that carry a CSP (pages; not their navigation data). */
const HTML_TYPE = /^text\/html\b/;
/** How many pages found not shareable are remembered (oldest forgotten first). */
const MAX_REFUSALS = 1000;
/** Response headers that are per answer, never stored. */
const PER_ANSWER_HEADERS = new Set([
  "set-cookie",
  "date",
  "etag",
  "last-modified",
  "content-length",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-security-policy",
]);

/** What a CDN and the browser are told about a cached page: revalidate, a CDN may hold it a minute. */
export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=60";
/** What a page that must not be shared is sent with when its route said nothing. */
export const PRIVATE_CACHE_CONTROL = "private, no-cache";

export interface PageCacheOptions {
  /** The current content version (app_meta.content_version); cheap, called per request. */
  contentVersion: () => Promise<string>;
  /**
   * The content version when it is known without waiting (read recently, no change since),
   * else undefined: lets a hit be answered synchronously. Without it every hit waits for
   * `contentVersion`.
   */
  peekContentVersion?: () => string | undefined;
  /**
   * Renders the request (React Router's handler) with the given CSP nonce (taken out again
   * before a page is stored). The request carries the signal of the visitors waiting for it.
   */
  render: (request: Request, nonce: string) => Promise<Response>;
  /** An entry older than this is rendered again even without a content change (dates, "live now"). */
  maxAgeMs?: number;
  /** The most memory the bodies may take (bytes). */
  maxBytes?: number;
  /** The largest single body kept. */
  maxEntryBytes?: number;
  /**
   * While the database cannot be asked (the content version cannot be read, or the render
   * answers 5xx), a stored page up to this old is answered as it is instead of the error page.
   */
  maxStaleMs?: number;
  now?: () => number;
}

export interface CachedPage {
  status: number;
  headers: [string, string][];
  /** The body as rendered, without the render's nonce attributes (UTF-8, ready to send). */
  body: Buffer;
  /** The body gzipped once, for answers to browsers that take gzip. */
  gzip: Buffer | null;
  /** `'sha256-…'` of each inline script the render allowed (those that carried its nonce), for the CSP. */
  scriptHashes: string[];
  /** The memory the entry holds: the body and its gzip. */
  bytes: number;
  etag: string;
  lastModified: number;
  storedAt: number;
  version: string;
  language: Language;
}

export interface CacheableRequest {
  method: string;
  /** Path and query, as received (origin-form: starts with `/`). */
  url: string;
  headers: IncomingHttpHeaders;
}

/** Whether a path (as received, without `.data`) matches one of the page routes that may be shared. */
export type SharedPageTest = (pathname: string) => boolean;

/** Makes the GET to render, carrying the given abort signal. */
export type BuildRequest = (signal: AbortSignal) => Request;

export type CacheDecision =
  | { kind: "bypass"; reason: string }
  | {
      kind: "lookup";
      key: string;
      language: Language;
      setLanguageCookie: boolean;
      /** For a client navigation's data: the page it belongs to (its key, and its path and query). */
      page?: { key: string; url: string };
    };

/** Whether a request may be answered from the cache, and under which key. */
export function classifyRequest(request: CacheableRequest, isSharedPage: SharedPageTest): CacheDecision {
  if (request.method !== "GET" && request.method !== "HEAD") return { kind: "bypass", reason: "method" };
  // Parsed as React Router's adapter parses it (the path appended to an origin, never resolved
  // against one: `//host/x` is the path `//host/x`).
  if (!request.url.startsWith("/")) return { kind: "bypass", reason: "path" };
  let url: URL;
  try {
    url = new URL(`http://cache.invalid${request.url}`);
  } catch {
    return { kind: "bypass", reason: "path" };
  }
  const dataOf = dataRequestPagePath(url.pathname);
  const pagePath = dataOf ?? url.pathname;
  // Pages and their data only: anything else with a file extension is a static file (served
  // after this step) or a feed; `/__manifest` is the router's own route lookup.
  const lastSegment = pagePath.slice(pagePath.lastIndexOf("/") + 1);
  if (lastSegment.includes(".") || pagePath.startsWith("/__")) return { kind: "bypass", reason: "path" };
  if (!isSharedPage(pagePath)) return { kind: "bypass", reason: "path" };
  if (PERSONAL_PARAMS.some((name) => url.searchParams.has(name))) return { kind: "bypass", reason: "query" };
  if (request.headers.authorization) return { kind: "bypass", reason: "authorization" };
  const cookie = request.headers.cookie;
  if (cookie && !onlyLanguageCookie(cookie)) return { kind: "bypass", reason: "cookie" };
  const detected = detectLanguage({
    queryParam: url.searchParams.get("lang"),
    cookieHeader: cookie,
    acceptLanguage: headerValue(request.headers["accept-language"]),
  });
  const decision: CacheDecision = {
    kind: "lookup",
    key: `${detected.language} ${url.pathname}${url.search}`,
    language: detected.language,
    setLanguageCookie: detected.source === "query",
  };
  if (dataOf !== null) {
    // The router adds `_routes` (the loaders to run) to the page's own query.
    const query = new URLSearchParams(url.search);
    query.delete("_routes");
    const search = query.size > 0 ? `?${query}` : "";
    decision.page = { key: `${detected.language} ${pagePath}${search}`, url: `${pagePath}${search}` };
  }
  return decision;
}

function onlyLanguageCookie(header: string): boolean {
  return header
    .split(";")
    .map((part) => part.trim())
    .filter(Boolean)
    .every((part) => part.split("=")[0]?.trim() === languageCookieName);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(",") : value;
}

/** A nonce for a render that will be stored: long, and only letters and digits, so taking it out is exact. */
export function storageNonce(): string {
  return randomBytes(18).toString("hex");
}

/** A weak validator over the stored body (no nonce in it): the same content gives the same ETag. */
function entityTag(body: Buffer): string {
  return `W/"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
}

/** An inline script element: its attributes and its text (React escapes `>` in attribute values). */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script[\s/>]/gi;

/**
 * The page without the nonce attributes its render wrote, and the CSP hash of each script that
 * carried one: the scripts the render allowed, now allowed by their exact text (CSP hash
 * sources, `'sha256-…'` of the UTF-8 text). Scripts without the nonce (JSON-LD data) stay
 * unlisted, as they were. A script the page's JavaScript copies into a new element with the
 * same text (the after-paint starter's module script, ADR 025) matches the same hash.
 */
export function withScriptHashes(html: string, nonce: string): { html: string; scriptHashes: string[] } {
  const attribute = ` nonce="${nonce}"`;
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(SCRIPT_ELEMENT)) {
    if (attributes.includes(attribute)) hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return { html: html.replaceAll(attribute, ""), scriptHashes: [...hashes] };
}

/** Whether a response's status and headers allow it to be shared (its body not read). */
export function isShareableResponse(response: Response, maxEntryBytes: number): boolean {
  if (response.status !== 200) return false;
  const type = response.headers.get("content-type") ?? "";
  if (!CACHEABLE_TYPE.test(type)) return false;
  const cacheControl = (response.headers.get("cache-control") ?? "").toLowerCase();
  if (/\b(?:no-store|no-cache|private)\b/.test(cacheControl)) return false;
  // The only cookie a public page may set is the language a `?lang=` link chose; it is sent again per answer.
  for (const cookie of response.headers.getSetCookie()) {
    if (!cookie.startsWith(`${languageCookieName}=`)) return false;
  }
  return Number(response.headers.get("content-length") ?? 0) <= maxEntryBytes;
}

/**
 * The body of a response, read up to `maxBytes`: the bytes, or, when it is longer, a response
 * that answers the same (what was read, then the rest as it comes), so nothing is held beyond
 * the limit.
 */
export async function readBounded(response: Response, maxBytes: number): Promise<{ body: Buffer } | { tooLarge: Response }> {
  if (!response.body) return { body: Buffer.alloc(0) };
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { body: Buffer.concat(chunks, size) };
    chunks.push(value);
    size += value.byteLength;
    if (size > maxBytes) break;
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks.splice(0)) controller.enqueue(chunk);
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
  return { tooLarge: new Response(rest, { status: response.status, statusText: response.statusText, headers: response.headers }) };
}

/** The page to store from a shareable response's headers and its body as rendered. */
export async function storedPage(
  headersIn: Headers,
  rendered: Buffer,
  { nonce, version, language, now }: { nonce: string; version: string; language: Language; now: number },
): Promise<CachedPage> {
  const type = headersIn.get("content-type") ?? "";
  const headers: [string, string][] = [];
  headersIn.forEach((value, name) => {
    if (!PER_ANSWER_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
  });
  // Navigation data has no scripts and is sent without a CSP.
  const text = rendered.toString("utf8");
  const { html, scriptHashes } = HTML_TYPE.test(type) ? withScriptHashes(text, nonce) : { html: text, scriptHashes: [] };
  const stored = Buffer.from(html, "utf8");
  // Small bodies go out as they are (as the compression middleware does below 1 KB).
  const gzip = stored.length >= COMPRESSION_THRESHOLD ? await gzipAsync(stored, { level: zlibConstants.Z_BEST_COMPRESSION }) : null;
  const bytes = stored.length + (gzip?.length ?? 0);
  return {
    status: 200,
    headers,
    body: stored,
    gzip,
    scriptHashes,
    bytes,
    etag: entityTag(stored),
    lastModified: now,
    storedAt: now,
    version,
    language,
  };
}

/** The stored response's headers and body, or null when it must not be shared (its body then left unread, or cancelled). */
export async function toCachedPage(
  response: Response,
  options: { nonce: string; version: string; language: Language; now: number; maxEntryBytes: number },
): Promise<CachedPage | null> {
  if (!isShareableResponse(response, options.maxEntryBytes)) return null;
  const read = await readBounded(response, options.maxEntryBytes);
  if ("tooLarge" in read) {
    await read.tooLarge.body?.cancel().catch(() => {});
    return null;
  }
  return storedPage(response.headers, read.body, options);
}

/** True when the request's validators match the page (If-None-Match first, as RFC 9110 says). */
export function isNotModified(headers: IncomingHttpHeaders, page: Pick<CachedPage, "etag" | "lastModified">): boolean {
  const ifNoneMatch = headerValue(headers["if-none-match"]);
  if (ifNoneMatch) {
    const opaque = page.etag.replace(/^W\//, "");
    return ifNoneMatch.split(",").some((tag) => {
      const value = tag.trim();
      return value === "*" || value.replace(/^W\//, "") === opaque;
    });
  }
  const ifModifiedSince = headerValue(headers["if-modified-since"]);
  if (ifModifiedSince) {
    const since = Date.parse(ifModifiedSince);
    // HTTP dates have whole seconds.
    return Number.isFinite(since) && Math.floor(page.lastModified / 1000) * 1000 <= since;
  }
  return false;
}

export interface PageCacheStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  bypasses: number;
  /** Answers of a stored page while the database could not be asked. */
  stale: number;
}

export type LookupResult =
  | { kind: "hit" | "miss" | "stale"; page: CachedPage }
  | {
      kind: "uncacheable";
      response: Response;
      nonce: string;
      /** Ends the render (its loaders and its body) once its one requester has gone. */
      abort: () => void;
    };

/** A render that concurrent visitors wait for: aborted when every one of them has gone first. */
interface SharedRender {
  key: string;
  result: Promise<LookupResult>;
  controller: AbortController;
  waiters: number;
  settled: boolean;
}

export class PageCache {
  readonly #entries = new Map<string, CachedPage>();
  readonly #rendering = new Map<string, SharedRender>();
  /** Pages rendered and found not shareable: under which content version, and when. */
  readonly #refused = new Map<string, { version: string; at: number }>();
  #bytes = 0;
  readonly stats: PageCacheStats = { entries: 0, bytes: 0, hits: 0, misses: 0, bypasses: 0, stale: 0 };
  readonly #options: Required<PageCacheOptions>;

  constructor(options: PageCacheOptions) {
    this.#options = {
      maxAgeMs: 60_000,
      maxBytes: 48 * 1024 * 1024,
      maxEntryBytes: 1024 * 1024,
      maxStaleMs: 24 * 60 * 60 * 1000,
      now: Date.now,
      peekContentVersion: () => undefined,
      ...options,
    };
  }

  /**
   * The stored page for `key` when it can be answered at once: the content version is known
   * without asking the database and the entry is current. Counts as a hit.
   */
  peek(key: string): CachedPage | undefined {
    const version = this.#options.peekContentVersion();
    if (version === undefined) return undefined;
    const cached = this.#entries.get(key);
    if (!cached || cached.version !== version || this.#options.now() - cached.storedAt >= this.#options.maxAgeMs) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, cached);
    this.stats.hits += 1;
    return cached;
  }

  /**
   * The page for a cacheable request: from memory when its content version and age allow,
   * otherwise rendered once (concurrent requests for the same key wait for that one render,
   * which is aborted when all of them have aborted). `buildRequest` makes the GET to render; a
   * response that must not be shared is handed back as it is, for that one requester, unread.
   */
  async lookup(key: string, language: Language, buildRequest: BuildRequest, signal?: AbortSignal): Promise<LookupResult> {
    const found = await this.#find(key, language, buildRequest, signal);
    // That answer was not shareable: this requester gets a render of their own.
    return found.kind === "refused" ? this.#renderUnshared(buildRequest, signal) : found;
  }

  /**
   * Whether the page under `key` may be shared: it is in memory, or rendered now and kept. A
   * page found not shareable is not rendered again for this until its content version changes
   * or `maxAgeMs` passes.
   */
  async shareable(key: string, language: Language, buildRequest: BuildRequest, signal?: AbortSignal): Promise<boolean> {
    const refused = this.#refused.get(key);
    if (
      refused &&
      refused.version === (await this.#options.contentVersion()) &&
      this.#options.now() - refused.at < this.#options.maxAgeMs
    ) {
      return false;
    }
    const found = await this.#find(key, language, buildRequest, signal);
    if (found.kind === "uncacheable") {
      found.response.body?.cancel().catch(() => {});
      found.abort();
    }
    return found.kind !== "uncacheable" && found.kind !== "refused";
  }

  async #find(
    key: string,
    language: Language,
    buildRequest: BuildRequest,
    signal: AbortSignal | undefined,
  ): Promise<LookupResult | { kind: "refused" }> {
    const cached = this.#entries.get(key);
    let version: string;
    try {
      version = await this.#options.contentVersion();
    } catch (error) {
      const stale = this.#stale(cached);
      if (stale) return stale;
      throw error;
    }
    const now = this.#options.now();
    if (cached && cached.version === version && now - cached.storedAt < this.#options.maxAgeMs) {
      // Least recently used goes first when memory is short.
      this.#entries.delete(key);
      this.#entries.set(key, cached);
      this.stats.hits += 1;
      return { kind: "hit", page: cached };
    }
    const pending = this.#rendering.get(key);
    if (pending) {
      const result = await this.#wait(pending, signal);
      if (result.kind === "uncacheable") return { kind: "refused" };
      if (result.kind === "stale") {
        this.stats.stale += 1;
        return result;
      }
      this.stats.hits += 1;
      return { kind: "hit", page: result.page };
    }
    const controller = new AbortController();
    const render: SharedRender = { key, controller, waiters: 0, settled: false, result: Promise.resolve() as never };
    render.result = this.#render(key, language, version, () => buildRequest(controller.signal), cached, controller).finally(() => {
      render.settled = true;
      if (this.#rendering.get(key) === render) this.#rendering.delete(key);
    });
    this.#rendering.set(key, render);
    const result = await this.#wait(render, signal);
    // An answer not kept is this requester's alone from now on: it ends when they leave.
    if (result.kind === "uncacheable" && signal) {
      if (signal.aborted) result.abort();
      else signal.addEventListener("abort", result.abort, { once: true });
    }
    return result;
  }

  /** The result of a shared render for one more waiter, who may leave (abort) before it is done. */
  async #wait(render: SharedRender, signal: AbortSignal | undefined): Promise<LookupResult> {
    render.waiters += 1;
    let waiting = true;
    const leave = () => {
      if (!waiting) return;
      waiting = false;
      render.waiters -= 1;
      if (render.waiters === 0 && !render.settled) {
        render.controller.abort(signal?.reason);
        // Whoever asks next gets a render of their own, not this aborted one.
        if (this.#rendering.get(render.key) === render) this.#rendering.delete(render.key);
      }
    };
    signal?.addEventListener("abort", leave, { once: true });
    if (signal?.aborted) leave();
    try {
      return await render.result;
    } finally {
      signal?.removeEventListener("abort", leave);
      if (waiting) {
        waiting = false;
        render.waiters -= 1;
      }
    }
  }

  async #render(
    key: string,
    language: Language,
    version: string,
    buildRequest: () => Request,
    previous: CachedPage | undefined,
    controller: AbortController,
  ): Promise<LookupResult> {
    const nonce = storageNonce();
    const abort = () => controller.abort();
    const response = await this.#options.render(buildRequest(), nonce);
    const now = this.#options.now();
    // Every visitor left and the render was aborted: its answer (an error, as likely as not)
    // says nothing about the page or the database. Nothing is stored, refused or answered stale.
    if (controller.signal.aborted) return { kind: "uncacheable", response, nonce, abort };
    const failed = response.status >= 500;
    // The database went away after the version was read: the last copy rather than the error page.
    const stale = failed ? this.#stale(previous) : undefined;
    if (stale) {
      response.body?.cancel().catch(() => {});
      return stale;
    }
    // Decided from the status and headers first: a body that is not kept is never read here.
    let unshared: Response | null = failed || !isShareableResponse(response, this.#options.maxEntryBytes) ? response : null;
    let page: CachedPage | null = null;
    if (!unshared) {
      const read = await readBounded(response, this.#options.maxEntryBytes);
      if ("tooLarge" in read) unshared = read.tooLarge;
      else page = await storedPage(response.headers, read.body, { nonce, version, language, now });
    }
    if (!page) {
      this.stats.bypasses += 1;
      this.#remove(key);
      // A failure says nothing about whether the page may be shared.
      if (!failed) {
        this.#refused.delete(key);
        if (this.#refused.size >= MAX_REFUSALS) this.#refused.delete(this.#refused.keys().next().value as string);
        this.#refused.set(key, { version, at: now });
      }
      return { kind: "uncacheable", response: unshared ?? response, nonce, abort };
    }
    this.#refused.delete(key);
    // Re-rendered without a change: the validators stay, so browsers keep getting 304s.
    if (previous && previous.etag === page.etag) page.lastModified = previous.lastModified;
    this.#store(key, page);
    this.stats.misses += 1;
    return { kind: "miss", page };
  }

  /** A stored page young enough to answer while the database cannot be asked. */
  #stale(page: CachedPage | undefined): LookupResult | undefined {
    if (!page || this.#options.now() - page.storedAt >= this.#options.maxStaleMs) return undefined;
    this.stats.stale += 1;
    return { kind: "stale", page };
  }

  async #renderUnshared(buildRequest: BuildRequest, signal: AbortSignal | undefined): Promise<LookupResult> {
    const nonce = storageNonce();
    const controller = new AbortController();
    const abort = () => controller.abort();
    signal?.addEventListener("abort", abort, { once: true });
    if (signal?.aborted) abort();
    const response = await this.#options.render(buildRequest(controller.signal), nonce);
    return { kind: "uncacheable", response, nonce, abort };
  }

  #store(key: string, page: CachedPage) {
    this.#remove(key);
    const size = page.bytes;
    while (this.#bytes + size > this.#options.maxBytes && this.#entries.size > 0) {
      const oldest = this.#entries.keys().next().value as string;
      this.#remove(oldest);
    }
    this.#entries.set(key, page);
    this.#bytes += size;
    this.#updateSize();
  }

  #remove(key: string) {
    const existing = this.#entries.get(key);
    if (!existing) return;
    this.#entries.delete(key);
    this.#bytes -= existing.bytes;
    this.#updateSize();
  }

  #updateSize() {
    this.stats.entries = this.#entries.size;
    this.stats.bytes = this.#bytes;
  }

  clear() {
    this.#entries.clear();
    this.#refused.clear();
    this.#bytes = 0;
    this.#updateSize();
  }
}

/** The language cookie a `?lang=` link sets, as the root loader would have. */
export function languageCookieFor(language: Language, secure: boolean): string {
  return languageCookie(language, secure);
}

/**
 * The content version, read from the database at most every `intervalMs` (other instances'
 * changes show within that time). After a change in this process (`changed`, called once the
 * change has committed) the next request reads it again, and a read begun before the change
 * is not kept.
 */
export function createContentVersionReader(read: () => Promise<string>, { intervalMs = 1000, now = Date.now } = {}) {
  let value: string | undefined;
  let readAt = 0;
  /** Bumped by every change: a read begun under an older generation is not kept or shared. */
  let generation = 0;
  let inflight: { generation: number; version: Promise<string> } | undefined;
  const known = (time: number) => value !== undefined && time - readAt < intervalMs;
  const reader = async (): Promise<string> => {
    const time = now();
    if (known(time)) return value as string;
    if (inflight?.generation === generation) return inflight.version;
    const started = generation;
    const version = read().then((next) => {
      if (started === generation) {
        value = next;
        readAt = time;
      }
      return next;
    });
    const current = { generation: started, version };
    inflight = current;
    void version
      .finally(() => {
        if (inflight === current) inflight = undefined;
      })
      .catch(() => {});
    return version;
  };
  reader.changed = () => {
    generation += 1;
    value = undefined;
  };
  /** The version when the reader would answer it without reading, else undefined. */
  reader.peek = (): string | undefined => (known(now()) ? value : undefined);
  return reader;
}

const contentChangeListeners = new Set<() => void>();

/** Called by `bumpContentVersion` once the change has committed: this process's cache reads the version again. */
export function notifyContentChanged(): void {
  for (const listener of contentChangeListeners) listener();
}

export function onContentChanged(listener: () => void): () => void {
  contentChangeListeners.add(listener);
  return () => contentChangeListeners.delete(listener);
}

/** The headers a cached render is made with: the same for every visitor sharing the page. */
const RENDER_HEADERS = ["accept", "accept-language", "host"] as const;
/** A crawler's user agent makes the render wait for the whole document (and fail as a whole). */
const RENDER_USER_AGENT = "LivingHopePageCache/1.0 (whole-document render; bot)";

export interface CachedAnswerOptions {
  https: boolean;
  /** The CSP of a stored page whose inline scripts have these hash sources. */
  contentSecurityPolicy: (scriptHashes: readonly string[]) => string;
  /** The headers every answer carries (cached answers never reach the middleware that sets them). */
  securityHeaders: Record<string, string>;
}

/** Answers a request with a stored page; shared by the fast path and the middleware. */
export type CachedAnswer = (
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  kind: "hit" | "miss" | "stale",
  setLanguageCookie?: Language,
) => void;

/**
 * The writer of cached answers. Everything but the cache's verdict and the language cookie is
 * the same for every answer of a stored page, and built once per page: the headers of a plain
 * and of a gzipped answer, and of a 304.
 */
export function createCachedAnswer(options: CachedAnswerOptions): CachedAnswer {
  const fixed = new WeakMap<CachedPage, { plain: string[]; gzipped: string[]; notModified: string[] }>();
  const headersOf = (page: CachedPage) => {
    let known = fixed.get(page);
    if (known) return known;
    // The page's own headers win over the defaults, as when they were set after them.
    const byName = new Map<string, [string, string]>();
    const set = (name: string, value: string) => byName.set(name.toLowerCase(), [name, value]);
    for (const [name, value] of Object.entries(options.securityHeaders)) set(name, value);
    for (const [name, value] of page.headers) set(name, value);
    if (!byName.has("cache-control")) set("Cache-Control", SHARED_CACHE_CONTROL);
    const vary = byName.get("vary")?.[1] ?? "Cookie, Accept-Language";
    set("Vary", page.gzip ? `${vary}, Accept-Encoding` : vary);
    set("ETag", page.etag);
    set("Last-Modified", new Date(page.lastModified).toUTCString());
    // A 304 updates the headers the browser keeps with its copy: no type, and no need for the
    // policy (the same body, so the same hashes, as the copy's own).
    const notModified = [...byName.values()].filter(([name]) => name.toLowerCase() !== "content-type").flat();
    if (HTML_TYPE.test(byName.get("content-type")?.[1] ?? ""))
      set("Content-Security-Policy", options.contentSecurityPolicy(page.scriptHashes));
    const ok = [...byName.values()].flat();
    known = {
      plain: [...ok, "Content-Length", String(page.body.length)],
      gzipped: page.gzip ? [...ok, "Content-Encoding", "gzip", "Content-Length", String(page.gzip.length)] : [],
      notModified,
    };
    fixed.set(page, known);
    return known;
  };
  return (req, res, page, kind, setLanguageCookie) => {
    const headers = headersOf(page);
    const cookie = setLanguageCookie ? ["Set-Cookie", languageCookieFor(setLanguageCookie, options.https)] : [];
    if (isNotModified(req.headers, page)) {
      res.writeHead(304, [...headers.notModified, "X-Page-Cache", kind, ...cookie]);
      res.end();
      return;
    }
    const gzip = page.gzip && acceptsGzip(req.headers["accept-encoding"]) ? page.gzip : null;
    res.writeHead(page.status, [...(gzip ? headers.gzipped : headers.plain), "X-Page-Cache", kind, ...cookie]);
    // Headers and body leave in one write.
    res.end(req.method === "HEAD" ? undefined : (gzip ?? page.body));
  };
}

/**
 * The server's first step for every request: a hit that can be answered at once is answered
 * here, without Express (true); anything else returns false and goes on to the app.
 */
export function createPageCacheFastPath(cache: PageCache, answer: CachedAnswer, isSharedPage: SharedPageTest) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const decision = classifyRequest({ method: req.method, url: req.url ?? "/", headers: req.headers }, isSharedPage);
    if (decision.kind !== "lookup") return false;
    const page = cache.peek(decision.key);
    if (!page) return false;
    answer(req, res, page, "hit", decision.setLanguageCookie ? decision.language : undefined);
    return true;
  };
}

export interface PageCacheMiddlewareOptions {
  cache: PageCache;
  answer: CachedAnswer;
  /** The origin requests are rendered under (as React Router's Express adapter builds it). */
  origin: (req: ExpressRequest) => string;
  /** The CSP for an HTML answer rendered for one visitor with this nonce. */
  contentSecurityPolicy: (nonce: string) => string;
  /** The headers every answer carries (the middleware runs before the one that sets them). */
  securityHeaders: Record<string, string>;
  /** Whether a path matches a page route that may be shared. */
  isSharedPage: SharedPageTest;
}

/**
 * Express middleware: answers cacheable requests from the cache (rendering on a miss) and lets
 * every other request through to the normal handler, marking it private when it carried a
 * cookie and its route said nothing about caching.
 */
export function pageCacheMiddleware(options: PageCacheMiddlewareOptions) {
  const { cache, answer } = options;
  return (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const decision = classifyRequest({ method: req.method, url: req.originalUrl, headers: req.headers }, options.isSharedPage);
    if (decision.kind === "bypass") {
      if (decision.reason !== "path" && decision.reason !== "method") res.setHeader("X-Page-Cache", "bypass");
      if (req.headers.cookie) defaultToPrivate(res);
      next();
      return;
    }
    // The render stops when the visitor hangs up (shared renders: when every visitor waiting for it has).
    const client = new AbortController();
    res.once("close", () => client.abort());
    const buildRequest =
      (pathAndQuery: string): BuildRequest =>
      (signal) => {
        const headers = new Headers({ "user-agent": RENDER_USER_AGENT });
        for (const name of RENDER_HEADERS) {
          const value = headerValue(req.headers[name]);
          if (value) headers.set(name, value);
        }
        if (req.headers.cookie) headers.set("cookie", req.headers.cookie);
        return new Request(`${options.origin(req)}${pathAndQuery}`, { method: "GET", headers, signal });
      };
    const { page } = decision;
    (page ? cache.shareable(page.key, decision.language, buildRequest(page.url), client.signal) : Promise.resolve(true))
      .then(async (shareable) => {
        if (!shareable) {
          // Navigation data of a page that is not shared: the normal handler answers it, and
          // browsers keep it no more than the page (React Router leaves the page's loader
          // Cache-Control off data answers).
          res.setHeader("X-Page-Cache", "bypass");
          defaultToPrivate(res);
          next();
          return;
        }
        const result = await cache.lookup(decision.key, decision.language, buildRequest(req.originalUrl), client.signal);
        if (result.kind === "uncacheable") {
          res.set(options.securityHeaders);
          await sendUnshared(req, res, result, options.contentSecurityPolicy(result.nonce));
          return;
        }
        if (result.kind === "stale") logger.warn({ path: req.path }, "database unavailable: answered the page cache's last copy");
        answer(req, res, result.page, result.kind, decision.setLanguageCookie ? decision.language : undefined);
      })
      .catch((error: unknown) => {
        // The normal handler renders the error page (or the page, if the failure was ours).
        logger.warn({ err: error, path: req.path }, "page cache could not render; passing the request on");
        if (res.headersSent) {
          res.destroy();
          return;
        }
        next();
      });
  };
}

/**
 * A response that must not be shared, sent to the one visitor it was rendered for: streamed
 * (compressed on the way when it may be), never buffered; when the visitor hangs up, its body
 * is cancelled and its render aborted.
 */
async function sendUnshared(
  req: ExpressRequest,
  res: ExpressResponse,
  result: Extract<LookupResult, { kind: "uncacheable" }>,
  csp: string,
) {
  const { response, abort } = result;
  if (res.destroyed || res.writableEnded) {
    abort();
    await response.body?.cancel().catch(() => {});
    return;
  }
  res.status(response.status);
  response.headers.forEach((value, name) => {
    if (name.toLowerCase() !== "set-cookie") res.setHeader(name, value);
  });
  for (const cookie of response.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  res.setHeader("X-Page-Cache", "bypass");
  const type = response.headers.get("content-type") ?? "";
  if (/^text\/html\b/.test(type)) res.setHeader("Content-Security-Policy", csp);
  if (req.method === "HEAD" || !response.body) {
    await response.body?.cancel().catch(() => {});
    abort();
    res.end();
    return;
  }
  const length = response.headers.get("content-length");
  const compressible =
    COMPRESSIBLE_TYPE.test(type) &&
    !response.headers.has("content-encoding") &&
    !/\bno-transform\b/i.test(response.headers.get("cache-control") ?? "") &&
    (length === null || Number(length) >= COMPRESSION_THRESHOLD);
  if (compressible) res.append("Vary", "Accept-Encoding");
  const gzipped = compressible && acceptsGzip(req.headers["accept-encoding"]);
  if (gzipped) {
    res.setHeader("Content-Encoding", "gzip");
    res.removeHeader("Content-Length");
  }
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  try {
    await (gzipped ? pipeline(body, createGzip(), res) : pipeline(body, res));
  } catch {
    // The visitor hung up (or the render failed mid-stream): nothing more to send.
  } finally {
    abort();
  }
}

const gzipAsync = promisify(gzip);

/** A page sent to someone with cookies is theirs alone unless its route decided otherwise. */
function defaultToPrivate(res: ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!this.hasHeader("cache-control")) this.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as ServerResponse["writeHead"];
}
