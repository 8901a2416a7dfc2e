import { describe, expect, it } from "vitest";
import en from "./locales/en";
import es from "./locales/es";
import { createTranslator } from "./translator";

describe("createTranslator", () => {
  it("looks up nested keys in the chosen language", () => {
    expect(createTranslator("en", en).t("nav.home")).toBe("Home");
    expect(createTranslator("es", es).t("nav.home")).toBe("Inicio");
  });

  it("interpolates values and leaves unknown placeholders visible", () => {
    const { t } = createTranslator("en", en);
    expect(t("footer.textHome", { keyword: "HOME", phone: "(217) 555-0142" })).toBe(
      "Text HOME to (217) 555-0142",
    );
    expect(t("footer.textHome", { keyword: "HOME" })).toBe("Text HOME to {{phone}}");
  });

  it("returns the key for a missing or non-leaf key instead of throwing", () => {
    const { t } = createTranslator("en", en);
    expect(t("nav" as never)).toBe("nav");
    expect(t("nav.nope" as never)).toBe("nav.nope");
  });

  it("has every English key in Spanish, and no empty strings", () => {
    const leaves = (value: unknown, prefix = ""): string[] =>
      typeof value === "string"
        ? [prefix]
        : Object.entries(value as object).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
    const enKeys = leaves(en).sort();
    expect(leaves(es).sort()).toEqual(enKeys);
    const { t } = createTranslator("es", es);
    for (const key of enKeys) expect(t(key as never).trim(), key).not.toBe("");
  });
});
