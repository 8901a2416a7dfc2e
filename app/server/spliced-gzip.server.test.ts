import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { acceptsGzip, compressParts, splicedGzip as splice, type SplicedGzip } from "./spliced-gzip.server";

function splicedGzip(gzip: SplicedGzip, parts: Buffer[], insert: Buffer): Buffer {
  const { pieces, length } = splice(gzip, parts, insert);
  const body = Buffer.concat(pieces);
  expect(body.length).toBe(length);
  return body;
}

const buffers = (...texts: string[]) => texts.map((text) => Buffer.from(text, "utf8"));

describe("splicedGzip", () => {
  it("is a valid gzip of the parts joined by the insert, for any insert", async () => {
    const page = `<!DOCTYPE html><html lang="es"><body>${"Bienvenidos a la iglesia — ñandú, café, 🙏 ".repeat(200)}`;
    const parts = buffers(page, '">window.__ctx={a:1}</script><script nonce="', '" type="module">import("/assets/entry.js")</script></body></html>');
    const gzip = await compressParts(parts);
    for (const nonce of ["abc", "Z+9/x=", "0123456789abcdef0123456789abcdef"]) {
      const body = splicedGzip(gzip, parts, Buffer.from(nonce));
      expect(gunzipSync(body).toString("utf8")).toBe(parts.map((p) => p.toString("utf8")).join(nonce));
    }
    // Compressed once: the repeated text costs almost nothing.
    expect(splicedGzip(gzip, parts, Buffer.from("n")).length).toBeLessThan(Buffer.byteLength(page) / 10);
  });

  it("handles a single part, empty parts and an empty insert", async () => {
    for (const parts of [buffers("only one part"), buffers("", "middle", ""), buffers("a", "", "b")]) {
      const gzip = await compressParts(parts);
      for (const insert of ["", "nonce"]) {
        expect(gunzipSync(splicedGzip(gzip, parts, Buffer.from(insert))).toString()).toBe(parts.map(String).join(insert));
      }
    }
  });
});

describe("acceptsGzip", () => {
  it("reads the header's names and q-values", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, gzip;q=0.8, *;q=0.1")).toBe(true);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("GZIP")).toBe(true);
    expect(acceptsGzip(["deflate", "x-gzip"])).toBe(true);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("*;q=1, gzip;q=0")).toBe(false);
    expect(acceptsGzip("gzip;q=abc")).toBe(false);
  });
});
