import { randomUUID } from "node:crypto";
import { userRoles } from "~/db/schema";
import type { ScopeName } from "~/platform/admin/admin-sections";
import { ADMIN_COOKIE, createAdminSession } from "~/platform/admin/admin-session.server";
import { createAdministrator } from "~/features/admin/create-administrator.server";
import { CLIENT_IP_HEADER } from "~/server/request-input.server";
import { getAuth } from "~/server/auth.server";
import { PUBLIC_URL, startAuthHarness, type AuthHarness } from "./auth-harness";
import type { Backend } from "./test-database";
import { createLoadContext } from "~/server/load-context.server";

export interface TestAdmin {
  userId: string;
  email: string;
  /** A Cookie header carrying a fresh admin session. */
  cookie: string;
}

/** A route module's loader or action, as React Router calls it (its args type is route-specific). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RouteFunction = (args: any) => unknown;

export interface AdminHarness extends AuthHarness {
  /** An administrator made as `npm run admin:create` makes one, signed in to the portal. */
  createAdmin(options?: { scopes?: ScopeName[]; email?: string; name?: string }): Promise<TestAdmin>;
  /** A moderator (role only, no admin record), signed in to the portal. */
  createModerator(options?: { email?: string }): Promise<TestAdmin>;
  /**
   * Calls a loader or action with a request to `path`; `form` makes it a POST. Returns the
   * status and body whether the route returned or threw (redirects, 403s).
   */
  call(
    fn: RouteFunction,
    options: { path: string; cookie?: string; form?: Record<string, string>; ip?: string; language?: "en" | "es" },
  ): Promise<{ status: number; body: unknown; headers: Headers }>;
}

export async function startAdminHarness(backend: Backend): Promise<AdminHarness> {
  const harness = await startAuthHarness(backend);
  const db = harness.database.handle.db;
  const signIn = async (userId: string, email: string): Promise<TestAdmin> => {
    const { token } = await createAdminSession({ db, userId, method: "sign-in" });
    return { userId, email, cookie: `${ADMIN_COOKIE}=${token}` };
  };
  return {
    ...harness,
    async createAdmin(options = {}) {
      const email = options.email ?? `admin-${randomUUID().slice(0, 8)}@example.test`;
      const { userId } = await createAdministrator({
        db,
        auth: getAuth(),
        input: { email, password: "a-long-admin-passphrase", name: options.name ?? "Test Admin", scopes: options.scopes ?? ["admin:*"] },
      });
      return signIn(userId, email);
    },
    async createModerator(options = {}) {
      const email = options.email ?? `moderator-${randomUUID().slice(0, 8)}@example.test`;
      const { userId } = await createAdministrator({
        db,
        auth: getAuth(),
        input: { email, password: "a-long-admin-passphrase", name: "Moderator", scopes: ["moderation"] },
      });
      // A moderator holds the role only: drop what admin:create added.
      const { adminUsers } = await import("~/db/schema");
      const { eq } = await import("drizzle-orm");
      await db.delete(adminUsers).where(eq(adminUsers.userId, userId));
      await db.delete(userRoles).where(eq(userRoles.userId, userId));
      await db.insert(userRoles).values({ userId, role: "moderator" });
      return signIn(userId, email);
    },
    async call(fn, options) {
      const headers = new Headers({ [CLIENT_IP_HEADER]: options.ip ?? "198.51.100.20" });
      if (options.cookie) headers.set("cookie", options.cookie);
      if (options.language) headers.set("accept-language", options.language);
      const init: RequestInit = { method: options.form ? "POST" : "GET", headers };
      if (options.form) {
        headers.set("content-type", "application/x-www-form-urlencoded");
        init.body = new URLSearchParams(options.form).toString();
      }
      const request = new Request(new URL(options.path, PUBLIC_URL), init);
      try {
        return toResult(await fn({ request, url: new URL(request.url), params: {}, context: createLoadContext("test") }));
      } catch (thrown) {
        return toResult(thrown);
      }
    },
  };
}

/** A route's answer: a Response, React Router's `data()` (DataWithResponseInit) or plain data. */
async function toResult(value: unknown): Promise<{ status: number; body: unknown; headers: Headers }> {
  if (value instanceof Response) {
    const text = await value.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: value.status, body, headers: value.headers };
  }
  if (value && typeof value === "object" && (value as { type?: string }).type === "DataWithResponseInit") {
    const { data, init } = value as { data: unknown; init?: ResponseInit | null };
    return { status: init?.status ?? 200, body: data, headers: new Headers(init?.headers) };
  }
  if (value instanceof Error) throw value;
  return { status: 200, body: value, headers: new Headers() };
}
