import { describe, expect, test } from "vitest";
import { plainPrayerText } from "./ask-ai-for-prayer.server";

describe("plainPrayerText", () => {
  test("strips HTML, Markdown and placeholders, keeps paragraphs", () => {
    expect(plainPrayerText("# Title\n\n**Lord**, <script>x()</script>hear _me_ {{name}}.\n\n- Amen.")).toEqual([
      "Title",
      "Lord, x() hear _me_ name.",
      "Amen.",
    ]);
    expect(plainPrayerText("```\ncode\n```\n\nPlain\r\n\r\ntext")).toEqual(["Plain", "text"]);
  });
});
