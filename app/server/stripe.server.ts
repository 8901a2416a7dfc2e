import Stripe from "stripe";
import { getEnv } from "./env.server";

/**
 * The Stripe client, configured from the environment (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET,
 * STRIPE_API_URL). Online giving and store checkout exist only when it does: without a key
 * no network call is ever made and the pages say so.
 */
export interface StripeSetup {
  client: Stripe;
  webhookSecret: string;
}

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** A local stand-in for api.stripe.com (stripe-mock, the tests' fake). */
  apiUrl?: string;
}

let configured: StripeSetup | null | undefined;

export function createStripeSetup(settings: StripeSettings): StripeSetup {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : undefined;
  const client = new Stripe(settings.secretKey, {
    // Pinned by the package: the event and object shapes the handlers read.
    maxNetworkRetries: 1,
    timeout: 10_000,
    telemetry: false,
    appInfo: { name: "church-site" },
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
          protocol: api.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });
  return { client, webhookSecret: settings.webhookSecret };
}

/** The environment's Stripe, or null when STRIPE_SECRET_KEY is not set. */
export function getStripe(): StripeSetup | null {
  if (configured === undefined) {
    const env = getEnv();
    configured =
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? createStripeSetup({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL })
        : null;
  }
  return configured;
}

/** Tests: use these settings (null: not configured; undefined: the environment's again). */
export function setStripeForTests(settings: StripeSettings | null | undefined): void {
  configured = settings === undefined ? undefined : settings === null ? null : createStripeSetup(settings);
}

/** Signature tolerance: an event signed longer ago than this is a replay and is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The verified event from a webhook's raw body and `Stripe-Signature` header, or null when the
 * signature is missing, forged, for another secret, or older than the tolerance.
 */
export async function verifyStripeEvent(setup: StripeSetup, payload: string, signature: string | null): Promise<Stripe.Event | null> {
  if (!signature) return null;
  try {
    return await setup.client.webhooks.constructEventAsync(payload, signature, setup.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    return null;
  }
}

export type { Stripe };
