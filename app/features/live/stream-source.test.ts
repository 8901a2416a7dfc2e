import { describe, expect, test } from "vitest";
import { parseStreamSource } from "./stream-source";

describe("parseStreamSource", () => {
  test.each([
    ["dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10", "dQw4w9WgXcQ"],
    ["https://youtube.com/live/dQw4w9WgXcQ?feature=share", "dQw4w9WgXcQ"],
    ["https://youtu.be/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    ["https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ", "dQw4w9WgXcQ"],
    [" https://m.youtube.com/watch?v=dQw4w9WgXcQ ", "dQw4w9WgXcQ"],
  ])("YouTube: %s", (input, id) => {
    expect(parseStreamSource(input)).toEqual({ provider: "youtube", youtubeVideoId: id });
  });

  test("an https HLS playlist", () => {
    expect(parseStreamSource("https://cdn.example.org/live/main.m3u8?token=a")).toEqual({
      provider: "hls",
      hlsUrl: "https://cdn.example.org/live/main.m3u8?token=a",
    });
  });

  test.each([
    "",
    "dQw4w9WgXc",
    "http://cdn.example.org/live/main.m3u8",
    "https://cdn.example.org/live/main.mp4",
    "https://www.youtube.com/watch?v=short",
    "https://user:pw@cdn.example.org/a.m3u8",
    "javascript:alert(1)",
    "https://vimeo.com/123",
  ])("refused: %s", (input) => {
    expect(parseStreamSource(input)).toBeNull();
  });
});
