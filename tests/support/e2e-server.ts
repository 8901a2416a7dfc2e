import { inject } from "vitest";

/** One production server of the e2e run (tests/support/e2e-global-setup.ts). */
export interface E2eServer {
  /** e.g. http://127.0.0.1:41234 */
  baseURL: string;
  /** The server's DATA_DIR: mail lands in outbox/mail/*.eml, texts in outbox/sms.jsonl. */
  dataDir: string;
  /** The portal session of each staff administrator, by email (tests/support/admin-sign-in.ts). */
  adminSessionTokens: Record<string, string>;
}

/**
 * The server this test file talks to: each e2e worker (VITEST_POOL_ID 1…n) has its own, so
 * files running side by side never share a database, an outbox or a rate-limit counter.
 */
export function e2eServer(): E2eServer {
  const servers = inject("e2eServers");
  const worker = Number(process.env.VITEST_POOL_ID ?? "1");
  return servers[(worker - 1) % servers.length]!;
}
