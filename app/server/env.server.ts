import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");

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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: booleanFlag.default(true),
  TRUST_PROXY: booleanFlag.default(false),
  /** Signs session cookies and tokens; without it one is generated into DATA_DIR once. */
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** smtp://user:pass@host:587 or smtps://…; without it mail goes to DATA_DIR/outbox/mail. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  TWILIO_FROM_NUMBER: z.string().regex(/^\+[1-9]\d{6,14}$/, "must be an E.164 number like +15555550100").optional(),
  TWILIO_API_BASE_URL: z.url().optional(),
  /** Multiplies the per-IP rate limits (browser tests and load tests share one IP). */
  RATE_LIMIT_IP_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
});

export type Env = z.infer<typeof ZEnv>;

/** Parses the environment once; a bad value stops start-up with a message naming the variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = ZEnv.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

let current: Env | undefined;

export function getEnv(): Env {
  current ??= parseEnv();
  return current;
}

export function siteUrl(env: Env = getEnv()): string {
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}
