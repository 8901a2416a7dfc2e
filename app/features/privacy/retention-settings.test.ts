import { describe, expect, test } from "vitest";
import { exportFileName } from "./download-member-data.server";
import { ZRetentionSettings } from "./retention-settings";

describe("retention settings form", () => {
  const form = (prayer: string) => ({ prayerRetentionDays: prayer, privatePrayerRetentionDays: "365", chatRetentionDays: "30" });

  test("whole days from 1 to 3650, spaces trimmed", () => {
    expect(ZRetentionSettings.parse(form(" 90 "))).toEqual({
      prayerRetentionDays: 90,
      privatePrayerRetentionDays: 365,
      chatRetentionDays: 30,
    });
    expect(ZRetentionSettings.parse(form("1")).prayerRetentionDays).toBe(1);
    expect(ZRetentionSettings.parse(form("3650")).prayerRetentionDays).toBe(3650);
  });

  test.each(["0", "3651", "-5", "1.5", "1e3", "ninety", "", "12345"])("refuses %j with the translated key", (value) => {
    const result = ZRetentionSettings.safeParse(form(value));
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path[0], i.message])).toContainEqual([
      "prayerRetentionDays",
      "settings.errors.retentionDays",
    ]);
  });
});

describe("exportFileName", () => {
  const day = new Date("2026-11-23T15:00:00Z");
  test("an ASCII slug of the church's name and the date", () => {
    expect(exportFileName("Living Hope Church", day)).toBe("living-hope-church-my-data-2026-11-23.json");
    expect(exportFileName("Iglesia Esperanza Viva — Niños", day)).toBe("iglesia-esperanza-viva-ninos-my-data-2026-11-23.json");
    expect(exportFileName("", day)).toBe("my-data-2026-11-23.json");
    expect(exportFileName('"; rm -rf /', day)).toBe("rm-rf-my-data-2026-11-23.json");
  });
});
