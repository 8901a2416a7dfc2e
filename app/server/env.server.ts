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
  SITE_URL: z.url().optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SEED_DEMO: booleanFlag.default(true),
  TRUST_PROXY: booleanFlag.default(false),
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
  return (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}
