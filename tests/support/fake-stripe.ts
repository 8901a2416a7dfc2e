// A local stand-in for the parts of the Stripe HTTP API this site calls, at the HTTP boundary:
// the real `stripe` package talks to it (STRIPE_API_URL / setStripeForTests({ apiUrl })), and
// webhook events are signed with the package's own test-header helper (the real scheme).
// Stripe itself cannot be reached from here.
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import Stripe from "stripe";

export const FAKE_STRIPE_SECRET_KEY = "sk_test_fakestripe0000000000000000";
export const FAKE_STRIPE_WEBHOOK_SECRET = "whsec_fakestripe000000000000000000";

type Params = { [key: string]: string | Params | Params[] | string[] };

/** What the site asked Stripe for, as received. */
export interface FakeRequest {
  method: string;
  path: string;
  params: Params;
  idempotencyKey: string | undefined;
}

/** A Checkout Session as this fake keeps it (the fields the site reads and sends). */
export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  url: string;
  mode: "payment" | "subscription";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid" | "no_payment_required";
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  customer: string | null;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  payment_intent: string | null;
  expires_at: number;
  created: number;
  success_url: string | null;
  cancel_url: string | null;
  locale: string | null;
  /** The raw line_items and subscription_data parameters, for assertions. */
  line_items: Params[];
  subscription_data: Params | null;
}

export interface FakeStripe {
  url: string;
  requests: FakeRequest[];
  sessions: Map<string, FakeCheckoutSession>;
  subscriptions: Map<string, { id: string; status: string; metadata: Record<string, string> }>;
  /** The next `count` API calls answer `status` with a Stripe error. */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects and arrays. */
export function parseStripeForm(body: string): Params {
  const root: Params = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const parts = rawKey.split(/\[|\]\[|\]/).filter((p, i) => p !== "" || i === 0);
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const key: string | number = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[key] = value;
      else {
        container[key] ??= nextIsIndex ? [] : {};
        node = container[key] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req") });
  res.end(JSON.stringify(body));
}

const stripeError = (res: ServerResponse, status: number, message: string, type = "invalid_request_error") =>
  send(res, status, { error: { type, message } });

/** Starts the fake on 127.0.0.1 (a free port unless given). */
export async function startFakeStripe(options: { port?: number } = {}): Promise<FakeStripe> {
  const requests: FakeRequest[] = [];
  const sessions = new Map<string, FakeCheckoutSession>();
  const subscriptions = new Map<string, { id: string; status: string; metadata: Record<string, string> }>();
  let failures: { count: number; status: number } = { count: 0, status: 500 };
  let base = "";

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", base);
      const body = await readBody(req);
      // Test controls and the stand-in checkout page (no API key needed).
      if (url.pathname === "/_fake/sessions" && req.method === "GET") {
        const email = url.searchParams.get("email");
        const list = [...sessions.values()].filter((s) => !email || s.customer_email === email).reverse();
        return send(res, 200, list);
      }
      if (url.pathname === "/_fake/requests" && req.method === "GET") return send(res, 200, requests);
      if (url.pathname === "/_fake/fail" && req.method === "POST") {
        const { count, status } = JSON.parse(body || "{}") as { count?: number; status?: number };
        failures = { count: count ?? 1, status: status ?? 500 };
        return send(res, 200, { ok: true });
      }
      const page = /^\/checkout\/(cs_test_\w+)$/.exec(url.pathname);
      if (page && req.method === "GET") {
        const session = sessions.get(page[1]!);
        res.writeHead(session ? 200 : 404, { "Content-Type": "text/html; charset=utf-8" });
        res.end(
          `<!doctype html><html lang="en"><head><title>Stripe Checkout (test stand-in)</title><link rel="icon" href="data:,"></head><body><main><h1>Stripe Checkout (test stand-in)</h1>` +
            (session ? `<p id="amount">${session.amount_total}</p><p id="session">${session.id}</p>` : "<p>No such session</p>") +
            `</main></body></html>`,
        );
        return;
      }

      if (!/^Bearer (sk|rk)_test_\w+$/.test(req.headers.authorization ?? "")) {
        return stripeError(res, 401, "Invalid API Key provided", "authentication_error");
      }
      const params = parseStripeForm(url.search.length > 1 && req.method === "GET" ? url.search.slice(1) : body);
      requests.push({
        method: req.method ?? "GET",
        path: url.pathname,
        params,
        idempotencyKey: req.headers["idempotency-key"] as string | undefined,
      });
      if (failures.count > 0) {
        failures.count -= 1;
        return stripeError(res, failures.status, "The fake was told to fail this call.", "api_error");
      }

      if (url.pathname === "/v1/checkout/sessions" && req.method === "POST") {
        const lineItems = (params.line_items as Params[] | undefined) ?? [];
        const amount = lineItems.reduce((sum, item) => {
          const price = item.price_data as Params | undefined;
          return sum + Number(price?.unit_amount ?? 0) * Number(item.quantity ?? 1);
        }, 0);
        const shippingRate = (params.shipping_options as Params[] | undefined)?.[0]?.shipping_rate_data as Params | undefined;
        const shipping = Number((shippingRate?.fixed_amount as Params | undefined)?.amount ?? 0);
        const sessionId = id("cs");
        const mode = params.mode === "subscription" ? "subscription" : "payment";
        const session: FakeCheckoutSession = {
          id: sessionId,
          object: "checkout.session",
          url: `${base}/checkout/${sessionId}`,
          mode,
          status: "open",
          payment_status: "unpaid",
          amount_subtotal: amount,
          amount_total: amount + shipping,
          currency: String((lineItems[0]?.price_data as Params | undefined)?.currency ?? "usd"),
          customer: typeof params.customer === "string" ? params.customer : null,
          customer_email: typeof params.customer_email === "string" ? params.customer_email : null,
          client_reference_id: typeof params.client_reference_id === "string" ? params.client_reference_id : null,
          metadata: (params.metadata as Record<string, string> | undefined) ?? {},
          subscription: null,
          payment_intent: null,
          expires_at: params.expires_at ? Number(params.expires_at) : now() + 24 * 3600,
          created: now(),
          success_url: typeof params.success_url === "string" ? params.success_url : null,
          cancel_url: typeof params.cancel_url === "string" ? params.cancel_url : null,
          locale: typeof params.locale === "string" ? params.locale : null,
          line_items: lineItems,
          subscription_data: (params.subscription_data as Params | undefined) ?? null,
        };
        if (!session.success_url || lineItems.length === 0)
          return stripeError(res, 400, "Missing required param: line_items or success_url.");
        sessions.set(sessionId, session);
        return send(res, 200, session);
      }
      const sessionPath = /^\/v1\/checkout\/sessions\/(cs_test_\w+)(\/expire)?$/.exec(url.pathname);
      if (sessionPath) {
        const session = sessions.get(sessionPath[1]!);
        if (!session) return stripeError(res, 404, `No such checkout.session: '${sessionPath[1]}'`);
        if (sessionPath[2] && req.method === "POST") {
          if (session.status !== "open") return stripeError(res, 400, "Only open sessions can be expired.");
          session.status = "expired";
        }
        return send(res, 200, session);
      }
      const subscriptionPath = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(url.pathname);
      if (subscriptionPath) {
        const subId = subscriptionPath[1]!;
        const existing = subscriptions.get(subId) ?? { id: subId, status: "active", metadata: {} };
        if (req.method === "DELETE") existing.status = "canceled";
        subscriptions.set(subId, existing);
        return send(res, 200, { object: "subscription", ...existing });
      }
      if (url.pathname === "/v1/billing_portal/sessions" && req.method === "POST") {
        return send(res, 200, {
          id: id("bps"),
          object: "billing_portal.session",
          url: `${base}/portal/${String(params.customer)}`,
          return_url: params.return_url,
        });
      }
      if (url.pathname === "/v1/refunds" && req.method === "POST") {
        return send(res, 200, {
          id: id("re"),
          object: "refund",
          status: "succeeded",
          amount: Number(params.amount ?? 0),
          payment_intent: params.payment_intent,
        });
      }
      return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}).`);
    })().catch((error: unknown) => stripeError(res, 500, String(error), "api_error"));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    url: base,
    requests,
    sessions,
    subscriptions,
    failNext(count, status = 500) {
      failures = { count, status };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const stripe = new Stripe(FAKE_STRIPE_SECRET_KEY);

/** An event as Stripe sends it, around `object`. */
export function stripeEvent<T extends object>(type: string, object: T, overrides: { id?: string; created?: number } = {}) {
  return {
    id: overrides.id ?? id("evt"),
    object: "event" as const,
    api_version: Stripe.API_VERSION,
    created: overrides.created ?? now(),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  };
}

/** The body and `Stripe-Signature` header for an event, signed as Stripe signs (timestamp in seconds). */
export function signStripeEvent(
  event: object,
  options: { secret?: string; timestamp?: number } = {},
): { payload: string; signature: string } {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? FAKE_STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestamp ?? now(),
  });
  return { payload, signature };
}

/** A checkout.session.completed event for a session the fake made: paid, with ids for what Stripe creates. */
export function completedSessionEvent(session: FakeCheckoutSession, overrides: Partial<FakeCheckoutSession> = {}) {
  const paid: FakeCheckoutSession = {
    ...session,
    status: "complete",
    payment_status: "paid",
    customer: session.customer ?? id("cus"),
    payment_intent: session.mode === "payment" ? id("pi") : null,
    subscription: session.mode === "subscription" ? id("sub") : null,
    ...overrides,
  };
  return stripeEvent("checkout.session.completed", paid);
}

/** Posts a signed event to a running site's webhook; answers the response. */
export async function postStripeEvent(
  baseURL: string,
  event: object,
  options: { secret?: string; timestamp?: number } = {},
): Promise<Response> {
  const { payload, signature } = signStripeEvent(event, options);
  return fetch(new URL("/stripe/webhook", baseURL), {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
}
