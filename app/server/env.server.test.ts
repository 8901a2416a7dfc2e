import { describe, expect, test } from "vitest";
import { parseEnv, siteUrl } from "./env.server";

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
      TRUST_PROXY: false,
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
      TRUST_PROXY: true,
    });
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

describe("siteUrl", () => {
  test("PUBLIC_URL without its trailing slash, else localhost on PORT", () => {
    expect(siteUrl(parseEnv({ PUBLIC_URL: "https://church.example/" }))).toBe("https://church.example");
    expect(siteUrl(parseEnv({ PORT: "4100" }))).toBe("http://localhost:4100");
  });
});
