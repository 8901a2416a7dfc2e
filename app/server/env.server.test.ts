import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { productionWarnings, parseEnv, siteUrl } from "./env.server";
import { resolveLogLevel } from "./logger.server";

describe("parseEnv", () => {
  test("defaults for an empty environment", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      NODE_ENV: "development",
      PORT: 3000,
      HOST: "127.0.0.1",
      DATA_DIR: "./data",
      LOG_LEVEL: "info",
      SEED_DEMO: true,
      TRUST_PROXY: 0,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  test("reads and coerces the values it is given", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      PORT: "8080",
      HOST: "0.0.0.0",
      DATA_DIR: "/var/lib/church",
      DATABASE_URL: "postgresql://u@db:5432/church",
      PUBLIC_URL: "https://church.example",
      LOG_LEVEL: "silent",
      SEED_DEMO: "false",
      TRUST_PROXY: "1",
    });
    expect(env).toMatchObject({
      NODE_ENV: "production",
      PORT: 8080,
      HOST: "0.0.0.0",
      DATABASE_URL: "postgresql://u@db:5432/church",
      SEED_DEMO: false,
      TRUST_PROXY: 1,
    });
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(0);
  });

  test("empty strings count as unset", () => {
    const env = parseEnv({ PORT: "", DATABASE_URL: "" });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  test.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["PORT", "3.5"],
    ["NODE_ENV", "staging"],
    ["DATABASE_URL", "mysql://localhost/church"],
    ["PUBLIC_URL", "not a url"],
    ["LOG_LEVEL", "loud"],
    ["SEED_DEMO", "yes"],
    ["TRUST_PROXY", "maybe"],
  ])("a bad %s (%j) stops start-up with a message naming it", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`Invalid environment configuration:[\\s\\S]*\\b${name}:`));
  });

  test("every bad variable is named at once", () => {
    let message = "";
    try {
      parseEnv({ PORT: "x", LOG_LEVEL: "loud" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("PORT:");
    expect(message).toContain("LOG_LEVEL:");
  });
});

describe("MAIL_FROM", () => {
  test.each([
    "hello@example.church",
    "no-reply@localhost",
    "Living Hope Church <hello@example.church>",
    '"Living Hope Church" <hello@example.church>',
    '"Iglesia Esperanza Viva, Centro" <hola@example.church>',
    "St. Mary's Parish<office@st-marys.example>",
  ])("accepts the single sender %j", (value) => {
    expect(parseEnv({ MAIL_FROM: value }).MAIL_FROM).toBe(value);
  });

  test.each([
    "abc",
    "hello",
    "hello@",
    "@example.church",
    "a@example.church, b@example.church",
    "a@example.church b@example.church",
    "Church, Main <hello@example.church>",
    "<hello@example.church>",
    '"Church" <hello@example.church',
    '"Church" <hello@example.church>, x@example.test',
    "Church <hello@example.church>\r\nBcc: victim@example.test",
    "hello@example.church\nBcc: victim@example.test",
    '"Chu\nrch" <hello@example.church>',
    "Church <a@b@example.church>",
  ])("refuses %j with a message naming MAIL_FROM", (value) => {
    expect(() => parseEnv({ MAIL_FROM: value })).toThrow(/Invalid environment configuration:[\s\S]*\bMAIL_FROM: must be one address/);
  });
});

describe("Twilio credentials", () => {
  const all = {
    TWILIO_ACCOUNT_SID: "AC0123456789abcdef",
    TWILIO_AUTH_TOKEN: "s3cret-token",
    TWILIO_FROM_NUMBER: "+15555550100",
  };

  test("all three or none", () => {
    expect(parseEnv(all)).toMatchObject(all);
    expect(parseEnv({}).TWILIO_ACCOUNT_SID).toBeUndefined();
  });

  test.each([
    [["TWILIO_ACCOUNT_SID"], ["TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER"]],
    [["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"], ["TWILIO_FROM_NUMBER"]],
    [["TWILIO_FROM_NUMBER"], ["TWILIO_ACCOUNT_SID", "TWILIO_AUTH_TOKEN"]],
    [["TWILIO_AUTH_TOKEN", "TWILIO_FROM_NUMBER"], ["TWILIO_ACCOUNT_SID"]],
  ] as const)("with only %j set, start-up stops naming %j", (set, missing) => {
    const source = Object.fromEntries(set.map((name) => [name, all[name]]));
    let message = "";
    try {
      parseEnv(source);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Invalid environment configuration:/);
    for (const name of missing) expect(message).toMatch(new RegExp(`^  ${name}: must be set when`, "m"));
    for (const name of set) expect(message).not.toMatch(new RegExp(`^  ${name}:`, "m"));
  });

  test("an empty value counts as missing, and is reported with the other bad variables", () => {
    expect(() => parseEnv({ ...all, TWILIO_AUTH_TOKEN: "", PORT: "x" })).toThrow(
      /PORT:[\s\S]*TWILIO_AUTH_TOKEN: must be set when TWILIO_ACCOUNT_SID and TWILIO_FROM_NUMBER are/,
    );
  });
});

describe("productionWarnings", () => {
  test("production without SMTP, PUBLIC_URL, Twilio or Stripe warns once for each", () => {
    const warnings = productionWarnings(parseEnv({ NODE_ENV: "production", PORT: "8080" }));
    expect(warnings).toHaveLength(4);
    expect(warnings[0]).toMatch(/^SMTP_URL is not set: emails are written to DATA_DIR\/outbox\/mail\//);
    expect(warnings[1]).toMatch(/^PUBLIC_URL is not set: links in emails and the CSRF origin check use http:\/\/localhost:8080/);
    expect(warnings[2]).toMatch(/TWILIO_ACCOUNT_SID.*not set: text messages are written to DATA_DIR\/outbox\/sms\.jsonl/);
    expect(warnings[3]).toMatch(/^STRIPE_SECRET_KEY is not set: the give page lists the other ways to give/);
  });

  test("nothing to say when all are configured, or outside production", () => {
    const configured = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://church.example",
      SMTP_URL: "smtp://mail.example:587",
      TWILIO_ACCOUNT_SID: "AC1",
      TWILIO_AUTH_TOKEN: "t",
      TWILIO_FROM_NUMBER: "+15555550100",
      STRIPE_SECRET_KEY: "sk_live_abc123",
      STRIPE_WEBHOOK_SECRET: "whsec_abc123",
    };
    expect(productionWarnings(parseEnv(configured))).toEqual([]);
    expect(productionWarnings(parseEnv({ ...configured, SMTP_URL: "" }))).toHaveLength(1);
    expect(productionWarnings(parseEnv({}))).toEqual([]);
    expect(productionWarnings(parseEnv({ NODE_ENV: "test" }))).toEqual([]);
  });
});

describe("resolveLogLevel (read before validation)", () => {
  test("a valid LOG_LEVEL is used as it is", () => {
    expect(resolveLogLevel({ LOG_LEVEL: "debug" })).toBe("debug");
    expect(resolveLogLevel({ LOG_LEVEL: "warn", NODE_ENV: "test" })).toBe("warn");
  });

  test("unset: info, or silent under test", () => {
    expect(resolveLogLevel({})).toBe("info");
    expect(resolveLogLevel({ LOG_LEVEL: "" })).toBe("info");
    expect(resolveLogLevel({ NODE_ENV: "test" })).toBe("silent");
  });

  test("an unknown value falls back to info and is left for env validation to name", () => {
    expect(resolveLogLevel({ LOG_LEVEL: "loud" })).toBe("info");
    expect(resolveLogLevel({ LOG_LEVEL: "loud", NODE_ENV: "test" })).toBe("info");
    expect(() => parseEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL:/);
  });
});

describe("server.js reads .env", () => {
  const serverJs = fileURLToPath(new URL("../../server.js", import.meta.url));
  let dir: string;
  beforeEach(() => {
    // server.js beside a stand-in production build that prints the environment it started with.
    dir = mkdtempSync(path.join(tmpdir(), "env-file-"));
    copyFileSync(serverJs, path.join(dir, "server.js"));
    mkdirSync(path.join(dir, "server"));
    copyFileSync(path.join(path.dirname(serverJs), "server", "cluster.js"), path.join(dir, "server", "cluster.js"));
    writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
    mkdirSync(path.join(dir, "build", "server"), { recursive: true });
    writeFileSync(
      path.join(dir, "build", "server", "index.js"),
      `export async function startServer() {
        const { PORT, MAIL_FROM, LOG_LEVEL } = process.env;
        console.log(JSON.stringify({ PORT, MAIL_FROM, LOG_LEVEL }));
      }\n`,
    );
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const launch = (env: Record<string, string>) => {
    const { PATH, HOME } = process.env;
    return spawnSync(process.execPath, ["server.js"], {
      cwd: dir,
      env: { PATH, HOME, NODE_ENV: "production", ...env },
      encoding: "utf8",
      timeout: 20_000,
    });
  };
  const run = (env: Record<string, string>) => {
    const result = launch(env);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    return JSON.parse(result.stdout) as Record<string, string | undefined>;
  };

  test("variables from .env are set; ones already in the environment win", () => {
    writeFileSync(
      path.join(dir, ".env"),
      ["# a comment", "PORT=4100", `MAIL_FROM='"Living Hope Church" <hello@example.church>'`, "LOG_LEVEL=debug", ""].join("\n"),
    );
    expect(run({ LOG_LEVEL: "warn" })).toEqual({
      PORT: "4100",
      MAIL_FROM: '"Living Hope Church" <hello@example.church>',
      LOG_LEVEL: "warn",
    });
  });

  test("without a .env file nothing changes", () => {
    expect(run({ PORT: "4200" })).toEqual({ PORT: "4200" });
  });

  test("WEB_CONCURRENCY of 1 starts the server in this process; nonsense stops before anything starts", () => {
    expect(run({ PORT: "4300", WEB_CONCURRENCY: "1" })).toEqual({ PORT: "4300" });
    const refused = launch({ WEB_CONCURRENCY: "many" });
    expect(refused.status).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr.trim()).toBe('WEB_CONCURRENCY must be "auto" or a whole number from 1 to 32 (got "many").');
  });
});

describe("siteUrl", () => {
  test("PUBLIC_URL without its trailing slash, else localhost on PORT", () => {
    expect(siteUrl(parseEnv({ PUBLIC_URL: "https://church.example/" }))).toBe("https://church.example");
    expect(siteUrl(parseEnv({ PORT: "4100" }))).toBe("http://localhost:4100");
  });
});

describe("Stripe", () => {
  test("a secret key needs the webhook secret; keys of the wrong shape are refused by name", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc" })).toThrow(/STRIPE_WEBHOOK_SECRET: must be set when STRIPE_SECRET_KEY is/);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "pk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_x" })).toThrow(
      /STRIPE_SECRET_KEY: must be a Stripe secret key/,
    );
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(
      /STRIPE_WEBHOOK_SECRET: must be a webhook signing secret/,
    );
    const env = parseEnv({
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_API_URL: "http://127.0.0.1:12111",
    });
    expect(env.STRIPE_API_URL).toBe("http://127.0.0.1:12111");
  });
});
