import { describe, expect, it } from "vitest";
import { pickVideoSource } from "./video-source";

const clip = { mp4Url: "/a.mp4", webmUrl: "/a.webm" };

describe("pickVideoSource", () => {
  it("prefers WebM when the browser can play it", () => {
    expect(pickVideoSource(clip, () => "maybe")).toBe("/a.webm");
  });

  it("falls back to MP4 when WebM is unsupported or missing", () => {
    expect(pickVideoSource(clip, () => "")).toBe("/a.mp4");
    expect(pickVideoSource({ ...clip, webmUrl: null }, () => "probably")).toBe("/a.mp4");
  });
});
