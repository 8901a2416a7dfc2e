import { describe, expect, test } from "vitest";
import { parseEnv } from "~/server/env.server";
import { integrationStatus } from "./load-settings.server";

describe("integrationStatus: the assistant", () => {
  test("without AI_BASE_URL it answers from the site's own pages", () => {
    expect(integrationStatus(parseEnv({})).assistant).toEqual({ configured: false, host: null, model: null });
  });

  test("with an AI service: its host and model, never its key", () => {
    const status = integrationStatus(
      parseEnv({ AI_BASE_URL: "https://ai.example.org/v1", AI_API_KEY: "secret-key-123", AI_MODEL: "church-model-1" }),
    );
    expect(status.assistant).toEqual({ configured: true, host: "ai.example.org", model: "church-model-1" });
    expect(JSON.stringify(status)).not.toContain("secret-key-123");
  });
});
