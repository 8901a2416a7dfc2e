import type { Client as PgClient, Notification as PgNotification } from "pg";
import { logger } from "./logger.server";

/**
 * Publish/subscribe between every instance of the app (ADR 014). Messages are strings and
 * should stay small (an id or a little JSON): PostgreSQL NOTIFY refuses payloads of 8000
 * bytes or more. Delivery is at-most-once; a subscriber that needs everything reads the
 * database after a reconnect.
 */
export interface PubSub {
  /** Which transport carries the messages (logged at start-up, shown in tests). */
  readonly kind: "redis" | "postgres" | "memory";
  publish(channel: string, message: string): Promise<void>;
  /** Calls `listener` for each message on `channel` until the returned function is called. */
  subscribe(channel: string, listener: (message: string) => void): () => void;
  close(): Promise<void>;
}

/** NOTIFY's limit is 8000 bytes for the whole payload; the channel name travels inside it. */
export const MAX_PAYLOAD_BYTES = 7900;

export class PayloadTooLargeError extends Error {
  constructor(bytes: number) {
    super(`pub/sub message of ${bytes} bytes is over the ${MAX_PAYLOAD_BYTES}-byte limit`);
  }
}

/** Listeners per channel, shared by the three transports. */
class Listeners {
  private readonly byChannel = new Map<string, Set<(message: string) => void>>();

  /** Adds one; returns true when it is the channel's first listener. */
  add(channel: string, listener: (message: string) => void): boolean {
    let set = this.byChannel.get(channel);
    const first = !set;
    if (!set) this.byChannel.set(channel, (set = new Set()));
    set.add(listener);
    return first;
  }

  /** Removes one; returns true when the channel has no listener left. */
  remove(channel: string, listener: (message: string) => void): boolean {
    const set = this.byChannel.get(channel);
    if (!set) return false;
    set.delete(listener);
    if (set.size > 0) return false;
    this.byChannel.delete(channel);
    return true;
  }

  dispatch(channel: string, message: string): void {
    for (const listener of [...(this.byChannel.get(channel) ?? [])]) {
      try {
        listener(message);
      } catch (error) {
        logger.error({ err: error, channel }, "a pub/sub listener failed");
      }
    }
  }

  channels(): string[] {
    return [...this.byChannel.keys()];
  }

  clear(): void {
    this.byChannel.clear();
  }
}

function checkSize(channel: string, message: string): void {
  const bytes = Buffer.byteLength(channel) + Buffer.byteLength(message);
  if (bytes > MAX_PAYLOAD_BYTES) throw new PayloadTooLargeError(bytes);
}

/** One process (the embedded PGlite database allows only one instance): listeners in memory. */
export function createMemoryPubSub(): PubSub {
  const listeners = new Listeners();
  return {
    kind: "memory",
    async publish(channel, message) {
      checkSize(channel, message);
      // Asynchronous like the real transports, so callers never rely on synchronous delivery.
      queueMicrotask(() => listeners.dispatch(channel, message));
    },
    subscribe(channel, listener) {
      listeners.add(channel, listener);
      return () => void listeners.remove(channel, listener);
    },
    async close() {
      listeners.clear();
    },
  };
}

/** The one PostgreSQL channel every instance LISTENs on; the app's channel travels in the payload. */
export const POSTGRES_CHANNEL = "church_pubsub";

export interface PostgresPubSubOptions {
  connectionString: string;
  /** First reconnect delay; doubles up to `maxReconnectDelayMs`. */
  reconnectDelayMs?: number;
  maxReconnectDelayMs?: number;
}

/**
 * PostgreSQL LISTEN/NOTIFY: a dedicated connection LISTENs (a pooled one would be handed to
 * queries); publishing goes through a small pool of its own. When the listening connection
 * drops (database restart, pg_terminate_backend), it reconnects with back-off and LISTENs again.
 */
export async function createPostgresPubSub(options: PostgresPubSubOptions): Promise<PubSub & { reconnects(): number }> {
  // Loaded only by the instances that use it (start-up time, issue 10).
  const { default: pg } = await import("pg");
  const listeners = new Listeners();
  const pool = new pg.Pool({ connectionString: options.connectionString, max: 2 });
  pool.on("error", () => {});
  // A publishing connection lost mid-query (a database restart) must not crash the process:
  // the pool listens for errors only on idle clients (see db.server.ts).
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const baseDelay = options.reconnectDelayMs ?? 250;
  const maxDelay = options.maxReconnectDelayMs ?? 5000;
  let client: PgClient | null = null;
  let closed = false;
  let reconnectCount = 0;
  let timer: NodeJS.Timeout | undefined;

  const onNotification = (note: PgNotification) => {
    if (note.channel !== POSTGRES_CHANNEL || !note.payload) return;
    let parsed: { c?: unknown; m?: unknown };
    try {
      parsed = JSON.parse(note.payload) as { c?: unknown; m?: unknown };
    } catch {
      return;
    }
    if (typeof parsed.c === "string" && typeof parsed.m === "string") listeners.dispatch(parsed.c, parsed.m);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.connectionString });
    next.on("notification", onNotification);
    next.on("error", (error) => {
      logger.warn({ err: error }, "pub/sub: the PostgreSQL listening connection failed");
    });
    next.on("end", () => {
      if (client === next) client = null;
      if (!closed) scheduleReconnect(baseDelay);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${POSTGRES_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners("end");
      await next.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
  };

  const scheduleReconnect = (delay: number) => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().then(
        () => {
          reconnectCount += 1;
          logger.info({ attempt: reconnectCount }, "pub/sub: listening on PostgreSQL again");
        },
        (error: unknown) => {
          logger.warn({ err: error }, "pub/sub: reconnecting to PostgreSQL failed; retrying");
          scheduleReconnect(Math.min(delay * 2, maxDelay));
        },
      );
    }, delay);
    timer.unref();
  };

  await connect();

  return {
    kind: "postgres",
    reconnects: () => reconnectCount,
    async publish(channel, message) {
      const payload = JSON.stringify({ c: channel, m: message });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new PayloadTooLargeError(Buffer.byteLength(payload));
      await pool.query("select pg_notify($1, $2)", [POSTGRES_CHANNEL, payload]);
    },
    subscribe(channel, listener) {
      listeners.add(channel, listener);
      return () => void listeners.remove(channel, listener);
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      listeners.clear();
      const current = client;
      client = null;
      await Promise.all([current?.end().catch(() => {}), pool.end().catch(() => {})]);
    },
  };
}

/**
 * Redis pub/sub: one connection publishes, a dedicated one subscribes (a subscribed Redis
 * connection can do nothing else). node-redis reconnects both and subscribes again by itself.
 *
 * Redis being down never holds a request or the start-up: a publish while the publisher is
 * disconnected fails at once (no offline queue; callers log it, the change is already saved and
 * viewers catch up when they reconnect), and start-up waits at most `connectTimeoutMs` for the
 * first connection before going on while node-redis keeps trying in the background
 * (subscriptions made meanwhile are sent when it connects).
 */
export async function createRedisPubSub(options: { url: string; connectTimeoutMs?: number }): Promise<PubSub> {
  const { createClient } = await import("redis");
  const listeners = new Listeners();
  const publisher = createClient({ url: options.url, disableOfflineQueue: true });
  const subscriber = createClient({ url: options.url });
  for (const [name, client] of [
    ["publisher", publisher],
    ["subscriber", subscriber],
  ] as const) {
    // Without an error listener a lost connection would crash the process.
    client.on("error", (error: unknown) => logger.warn({ err: error, client: name }, "pub/sub: Redis connection error"));
  }
  const connected = Promise.all([publisher.connect(), subscriber.connect()]);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), options.connectTimeoutMs ?? 5000);
    timer.unref();
  });
  const first = await Promise.race([connected, timedOut]);
  clearTimeout(timer);
  if (first === "timeout") {
    connected.catch((error: unknown) => logger.error({ err: error }, "pub/sub: connecting to Redis failed"));
    logger.error(
      { url: redactedUrl(options.url) },
      "pub/sub: Redis does not answer; starting without it (live updates between instances resume when it does)",
    );
  }
  const dispatch = (message: string, channel: string) => listeners.dispatch(channel, message);

  return {
    kind: "redis",
    async publish(channel, message) {
      checkSize(channel, message);
      await publisher.publish(channel, message);
    },
    subscribe(channel, listener) {
      if (listeners.add(channel, listener)) {
        subscriber
          .subscribe(channel, dispatch)
          .catch((error: unknown) => logger.error({ err: error, channel }, "pub/sub: Redis SUBSCRIBE failed"));
      }
      return () => {
        if (listeners.remove(channel, listener)) {
          subscriber.unsubscribe(channel, dispatch).catch(() => {});
        }
      };
    },
    async close() {
      listeners.clear();
      // A client still trying to connect is dropped; a connected one finishes what it sent.
      await Promise.all(
        [publisher, subscriber].map(async (client) => {
          if (client.isReady) await client.close().catch(() => {});
          else if (client.isOpen) client.destroy();
        }),
      );
    },
  };
}

/** The URL without its password, for the log. */
function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(unparsable REDIS_URL)";
  }
}

/** Start-up's choice: Redis when REDIS_URL is set, else PostgreSQL when DATABASE_URL is, else in memory. */
export async function openPubSub(options: { redisUrl?: string; databaseUrl?: string }): Promise<PubSub> {
  if (options.redisUrl) return createRedisPubSub({ url: options.redisUrl });
  if (options.databaseUrl) return createPostgresPubSub({ connectionString: options.databaseUrl });
  return createMemoryPubSub();
}

// Like the database handle: on globalThis so the dev server's module reloads reuse one.
const holder = globalThis as typeof globalThis & { __churchPubSub?: PubSub };

export function setPubSub(pubsub: PubSub | undefined): void {
  holder.__churchPubSub = pubsub;
}

export function getPubSub(): PubSub {
  if (!holder.__churchPubSub) throw new Error("The pub/sub has not been opened yet");
  return holder.__churchPubSub;
}
