import { describe, expect, test } from "vitest";
import { isDeleteConfirmation, settingsNoticeFor } from "./settings-input";

describe("settings input", () => {
  test("a finished form's notice comes only from the allow-list", () => {
    expect(settingsNoticeFor("profile")).toEqual({ section: "profile", key: "toast.savedBody" });
    expect(settingsNoticeFor("two-factor-on")).toEqual({ section: "two-factor", key: "settings.twoFactorEnabled" });
    expect(settingsNoticeFor(null)).toBeNull();
    expect(settingsNoticeFor("toString")).toBeNull();
    expect(settingsNoticeFor("__proto__")).toBeNull();
    expect(settingsNoticeFor("errors.generic")).toBeNull();
  });

  test("the deletion is confirmed by DELETE or ELIMINAR, in any case, nothing else", () => {
    for (const word of ["DELETE", "delete", " Eliminar ", "ELIMINAR"]) expect(isDeleteConfirmation(word)).toBe(true);
    for (const word of ["", "DELETE ME", "borrar", "DELET"]) expect(isDeleteConfirmation(word)).toBe(false);
  });
});
