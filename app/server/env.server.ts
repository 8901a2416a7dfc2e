import { z } from "zod";

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

/** pino's levels; the logger reads LOG_LEVEL before validation and needs the same list. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** An address with nothing around it: no name, comma, angle bracket, space or second `@`. */
const MAIL_ADDRESS = String.raw`[^\s@<>()[\]",;:\\]+@[^\s@<>()[\]",;:\\]+`;
/**
 * One sender: `addr@host`, `Name <addr@host>` or `"Name" <addr@host>`. nodemailer would read
 * a comma as a second address, and a line break in a header is a header injection.
 */
const MAIL_FROM_PATTERN = new RegExp(String.raw`^(?:${MAIL_ADDRESS}|(?:"[^"\\\r\n]*"|[^"<>()[\]@,;:\\\r\n]+)\s*<${MAIL_ADDRESS}>)$`);

export const ZEnv = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  SEED_DEMO: booleanFlag.default(true),
  /** The public-page cache of the production server (ADR 019); `false` renders every request. */
  PAGE_CACHE: booleanFlag.default(true),
  /**
   * How many reverse proxies stand in front (`true` = 1). The client address is the one that
   * many hops back in X-Forwarded-For; trusting the whole header would let any client pick
   * its own address and step around the per-IP rate limits.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d)$/, "must be true, false or a number of proxies from 0 to 9")
    .transform((v) => (v === "true" ? 1 : v === "false" ? 0 : Number(v)))
    .default(0),
  /** Signs session cookies and tokens; without it one is generated into DATA_DIR once. */
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** smtp://user:pass@host:587 or smtps://…; without it mail goes to DATA_DIR/outbox/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(
      MAIL_FROM_PATTERN,
      'must be one address: hello@example.church, Church Name <hello@example.church> or "Church Name" <hello@example.church>',
    )
    .optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM_NUMBER: z
    .string()
    .regex(/^\+[1-9]\d{6,14}$/, "must be an E.164 number like +15555550100")
    .optional(),
  TWILIO_API_BASE_URL: z.url().optional(),
  /** Multiplies the per-IP rate limits (browser tests and load tests share one IP). */
  RATE_LIMIT_IP_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  /**
   * redis://host:6379: live-chat fan-out between instances over Redis pub/sub. Without it,
   * instances on one PostgreSQL use LISTEN/NOTIFY; the embedded database has one instance.
   */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
    .optional(),
  /**
   * A Bible text provider answering `GET {BIBLE_API_URL}/{reference}?translation={id}` in the
   * bible-api.com JSON shape. Without it the study hub links to online Bible readers instead.
   */
  BIBLE_API_URL: z.url().optional(),
  /** The translation ids asked of that provider, per reader language. */
  BIBLE_TRANSLATION_EN: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/i, "must be a translation id like web")
    .default("web"),
  BIBLE_TRANSLATION_ES: z
    .string()
    .regex(/^[a-z0-9-]{1,32}$/i, "must be a translation id like rvr1909")
    .default("rvr1909"),
  /**
   * An OpenAI-compatible API (`POST {AI_BASE_URL}/chat/completions`, e.g. https://api.openai.com/v1)
   * the prayer generator asks for a prayer. Without it, prayers come from the curated library
   * only and no network call is made; with it, the library is the fallback.
   */
  AI_BASE_URL: z.url().optional(),
  /** Sent as `Authorization: Bearer …` when set. */
  AI_API_KEY: z.string().min(1).optional(),
  /** The model asked for. */
  AI_MODEL: z
    .string()
    .regex(/^[\w.:/-]{1,100}$/, "must be a model name like gpt-4o-mini")
    .default("gpt-4o-mini"),
  /**
   * Stripe (giving and the store's checkout). Without the secret key the give page explains
   * the other ways to give and the store takes no orders; with it, the webhook secret
   * (whsec_…) is required too: gifts and orders are recorded only from signed webhooks.
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key like sk_live_… or rk_live_…")
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, "must be a webhook signing secret like whsec_…")
    .optional(),
  /**
   * Where the Stripe API answers, for a local stand-in (stripe-mock, the tests' fake):
   * http://127.0.0.1:12111. Unset in production: api.stripe.com.
   */
  STRIPE_API_URL: z.url().optional(),
});

export type Env = z.infer<typeof ZEnv>;

const TWILIO_CREDENTIALS = ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER"] as const;

/**
 * Twilio needs all three credentials. With only some, texts would quietly go to the local
 * file instead, so that is an error naming what is missing. Checked on the raw values so it
 * is reported together with any other bad variable.
 */
function partialTwilioIssues(values: Record<string, string | undefined>): string[] {
  const present = TWILIO_CREDENTIALS.filter((name) => values[name]);
  if (present.length === 0 || present.length === TWILIO_CREDENTIALS.length) return [];
  return TWILIO_CREDENTIALS.filter((name) => !values[name]).map(
    (name) =>
      `  ${name}: must be set when ${present.join(" and ")} ${present.length === 1 ? "is" : "are"} (Twilio needs all three; set none to write texts to DATA_DIR/outbox/sms.jsonl)`,
  );
}

/** A secret key without the webhook secret would take money and never record it. */
function partialStripeIssues(values: Record<string, string | undefined>): string[] {
  if (values.STRIPE_SECRET_KEY && !values.STRIPE_WEBHOOK_SECRET) {
    return ["  STRIPE_WEBHOOK_SECRET: must be set when STRIPE_SECRET_KEY is (gifts and orders are recorded only from signed webhooks)"];
  }
  return [];
}

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = ZEnv.safeParse(cleaned);
  const lines = [
    ...(result.success ? [] : result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`)),
    ...partialTwilioIssues(cleaned),
    ...partialStripeIssues(cleaned),
  ];
  if (!result.success || lines.length > 0) {
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/**
 * Warnings for a production start whose mail or texts would only reach local files, or whose
 * links would point at localhost: easy to miss, since sign-up and sign-in seem to work but
 * nobody receives anything usable.
 */
export function productionWarnings(env: Env): string[] {
  if (env.NODE_ENV !== "production") return [];
  const warnings: string[] = [];
  if (!env.SMTP_URL) {
    warnings.push("SMTP_URL is not set: emails are written to DATA_DIR/outbox/mail/ instead of being sent");
  }
  if (!env.PUBLIC_URL) {
    warnings.push(
      `PUBLIC_URL is not set: links in emails and the CSRF origin check use http://localhost:${env.PORT}; set it to the address members use`,
    );
  }
  if (!env.TWILIO_ACCOUNT_SID) {
    warnings.push(
      "TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER are not set: text messages are written to DATA_DIR/outbox/sms.jsonl instead of being sent",
    );
  }
  if (!env.STRIPE_SECRET_KEY) {
    warnings.push("STRIPE_SECRET_KEY is not set: the give page lists the other ways to give and the store takes no orders");
  }
  return warnings;
}

let current: Env | undefined;

export function getEnv(): Env {
  current ??= parseEnv();
  return current;
}

export function siteUrl(env: Env = getEnv()): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}
