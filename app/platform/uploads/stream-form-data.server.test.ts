// The streamed multipart reader (issue 33, point 5): busboy does the parsing; these check what
// the wrapper promises its callers — bytes exact across any chunking, the limits, a cut-off or
// broken body refused with the sink aborted (and never written to afterwards), and a slow sink
// holding the request back instead of the body piling up in memory.
import { describe, expect, it } from "vitest";
import { FormReadError, readStreamedForm, type FileSink, type FilePartInfo } from "./stream-form-data.server";

const BOUNDARY = "----test-boundary-7MA4YWxkTrZu0gW";
const URL_ = "http://localhost/x";

type Part = { name?: string; fileName?: string; fileNameStar?: string; type?: string; body: string | Uint8Array; rawDisposition?: string };

function encode(parts: Part[], { close = true, boundary = BOUNDARY } = {}): Uint8Array {
  const out: Buffer[] = [];
  for (const p of parts) {
    let disposition = p.rawDisposition ?? "form-data";
    if (!p.rawDisposition) {
      if (p.name !== undefined) disposition += `; name="${p.name}"`;
      if (p.fileName !== undefined) disposition += `; filename="${p.fileName}"`;
      if (p.fileNameStar !== undefined) disposition += `; filename*=UTF-8''${encodeURIComponent(p.fileNameStar)}`;
    }
    out.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`));
    out.push(Buffer.from(p.body));
    out.push(Buffer.from("\r\n"));
  }
  if (close) out.push(Buffer.from(`--${boundary}--\r\n`));
  return new Uint8Array(Buffer.concat(out));
}

function request(bytes: Uint8Array, chunkSize = 65_536, contentType = `multipart/form-data; boundary=${BOUNDARY}`): Request {
  return new Request(URL_, {
    method: "POST",
    headers: { "content-type": contentType },
    duplex: "half",
    body: new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += chunkSize) controller.enqueue(bytes.slice(i, i + chunkSize));
        controller.close();
      },
    }),
  } as RequestInit);
}

/** Records what the reader did with each file part, and notices a write after abort. */
function recorder(options: { failOnWrite?: number } = {}) {
  const files: Array<{ info: FilePartInfo; chunks: Buffer[]; ended: boolean; aborted: boolean; writeAfterAbort: boolean }> = [];
  const onFile = (info: FilePartInfo): FileSink => {
    const file = { info, chunks: [] as Buffer[], ended: false, aborted: false, writeAfterAbort: false };
    files.push(file);
    return {
      async write(chunk) {
        if (file.aborted) file.writeAfterAbort = true;
        if (options.failOnWrite !== undefined && file.chunks.length >= options.failOnWrite) throw new Error("disk full");
        file.chunks.push(Buffer.from(chunk));
        await new Promise((resolve) => setImmediate(resolve));
      },
      end() {
        file.ended = true;
      },
      abort() {
        file.aborted = true;
      },
    };
  };
  return { files, onFile, bytesOf: (i: number) => Buffer.concat(files[i]!.chunks) };
}

function pattern(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  // Includes CR, LF and dashes, so a delimiter-like run inside the file is exercised too.
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + (i >> 8)) & 0xff;
  bytes.set(Buffer.from(`\r\n--${BOUNDARY.slice(0, 20)}`), 1000);
  return bytes;
}

describe("readStreamedForm", () => {
  it("keeps fields in order and file bytes exact, whatever the chunk size (boundaries split anywhere)", async () => {
    const file = pattern(20_001);
    const body = encode([
      { name: "titleEn", body: "Ünïcode ✓ title" },
      { name: "audioFile", fileName: "C:\\Users\\ana\\sermón.mp3", type: "audio/mpeg", body: file },
      { name: "notes", body: "after the file" },
      { name: "notesFile", fileNameStar: "Guía – semana 4.pdf", body: "%PDF-1.4" },
    ]);
    for (const size of [1, 2, 7, 63, 4096, body.length]) {
      const rec = recorder();
      const fields = await readStreamedForm(request(body, size), { onFile: rec.onFile });
      expect(fields).toEqual([
        ["titleEn", "Ünïcode ✓ title"],
        ["notes", "after the file"],
      ]);
      expect(rec.files.map((f) => f.info)).toEqual([
        // The client's path is dropped; a lone filename* (RFC 5987) is decoded. (RFC 7578 says
        // browsers must not send it; beside a plain filename, busboy keeps the plain one.)
        { fieldName: "audioFile", fileName: "sermón.mp3", contentType: "audio/mpeg" },
        { fieldName: "notesFile", fileName: "Guía – semana 4.pdf", contentType: "text/plain" },
      ]);
      expect(Buffer.compare(rec.bytesOf(0), Buffer.from(file))).toBe(0);
      expect(rec.bytesOf(1).toString()).toBe("%PDF-1.4");
      expect(rec.files.every((f) => f.ended && !f.aborted)).toBe(true);
    }
  });

  it("skips an empty file input, treats a part without a filename as text, and ignores an epilogue", async () => {
    const rec = recorder();
    const body = Buffer.concat([
      encode([
        { name: "videoFile", fileName: "", type: "application/octet-stream", body: "" },
        { name: "blob", type: "application/octet-stream", body: "just text" },
      ]),
      Buffer.from("epilogue after the close delimiter\r\n"),
    ]);
    expect(await readStreamedForm(request(new Uint8Array(body), 5), { onFile: rec.onFile })).toEqual([["blob", "just text"]]);
    expect(rec.files).toEqual([]);
  });

  it("refuses a body cut off in a file, in a header or before the close, aborting the open sink", async () => {
    const full = encode([
      { name: "title", body: "x" },
      { name: "audioFile", fileName: "a.mp3", body: pattern(200_000) },
    ]);
    const inFile = full.slice(0, 120_000);
    const inHeader = encode([{ name: "title", body: "x" }], { close: false });
    const withHeaderStart = new Uint8Array(
      Buffer.concat([Buffer.from(inHeader), Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-da`)]),
    );
    const noClose = encode([{ name: "audioFile", fileName: "a.mp3", body: "abc" }], { close: false });
    for (const [bytes, size, files] of [
      [inFile, 4096, 1],
      [inFile, 65_536, 1],
      [withHeaderStart, 3, 0],
      [noClose, 1, 1],
    ] as const) {
      const rec = recorder();
      const read = readStreamedForm(request(bytes, size), { onFile: rec.onFile });
      await expect(read).rejects.toBeInstanceOf(FormReadError);
      await expect(read).rejects.toMatchObject({ code: "malformed" });
      expect(rec.files).toHaveLength(files);
      for (const f of rec.files) expect(f).toMatchObject({ ended: false, aborted: true, writeAfterAbort: false });
    }
  });

  it("refuses a body that is not multipart, has no boundary, a wrong boundary or a part without a name", async () => {
    const body = encode([{ name: "a", body: "1" }]);
    const noName = encode([{ body: "1" }]);
    const cases: Array<[Uint8Array, string]> = [
      [body, "multipart/form-data"],
      [body, "text/plain"],
      [body, "application/json"],
      [body, "multipart/form-data; boundary=something-else"],
      [noName, `multipart/form-data; boundary=${BOUNDARY}`],
    ];
    for (const [bytes, type] of cases) {
      await expect(readStreamedForm(request(bytes, 64, type), { onFile: recorder().onFile })).rejects.toMatchObject({ code: "malformed" });
    }
    await expect(
      readStreamedForm(new Request(URL_, { method: "POST", headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` } }), {
        onFile: recorder().onFile,
      }),
    ).rejects.toMatchObject({ code: "malformed" });
  });

  it("counts text fields and files together against maxFields, aborting a file in progress", async () => {
    const parts = (n: number): Part[] => Array.from({ length: n }, (_, i) => ({ name: `f${i}`, body: String(i) }));
    expect(await readStreamedForm(request(encode(parts(5))), { onFile: recorder().onFile, maxFields: 5 })).toHaveLength(5);
    await expect(readStreamedForm(request(encode(parts(6))), { onFile: recorder().onFile, maxFields: 5 })).rejects.toMatchObject({
      code: "tooManyFields",
    });

    const rec = recorder();
    const withFiles = encode([
      ...parts(3),
      { name: "files", fileName: "a.jpg", body: pattern(50_000) },
      { name: "files", fileName: "b.jpg", body: pattern(50_000) },
    ]);
    await expect(readStreamedForm(request(withFiles, 1024), { onFile: rec.onFile, maxFields: 4 })).rejects.toMatchObject({
      code: "tooManyFields",
    });
    expect(rec.files.map((f) => f.info.fileName)).toEqual(["a.jpg"]);
    expect(rec.files[0]!.writeAfterAbort).toBe(false);
  });

  it("refuses a text field over maxFieldBytes and keeps one exactly at it", async () => {
    const at = "é".repeat(512); // 1024 bytes
    expect(
      await readStreamedForm(request(encode([{ name: "a", body: at }]), 100), { onFile: recorder().onFile, maxFieldBytes: 1024 }),
    ).toEqual([["a", at]]);
    await expect(
      readStreamedForm(request(encode([{ name: "a", body: `${at}x` }]), 100), { onFile: recorder().onFile, maxFieldBytes: 1024 }),
    ).rejects.toMatchObject({ code: "fieldTooLarge" });
  });

  it("refuses the form when a sink fails, and aborts that sink", async () => {
    const rec = recorder({ failOnWrite: 2 });
    const body = encode([
      { name: "audioFile", fileName: "a.mp3", body: pattern(100_000) },
      { name: "after", body: "x" },
    ]);
    await expect(readStreamedForm(request(body, 8192), { onFile: rec.onFile })).rejects.toMatchObject({ code: "malformed" });
    expect(rec.files[0]).toMatchObject({ ended: false, aborted: true, writeAfterAbort: false });
  });

  it("hands files over one at a time: the next onFile comes after the previous sink has ended", async () => {
    const events: string[] = [];
    const body = encode(Array.from({ length: 4 }, (_, i) => ({ name: "files", fileName: `p${i}.png`, body: pattern(3000) })));
    await readStreamedForm(request(body, 512), {
      onFile: (info) => {
        events.push(`open ${info.fileName}`);
        return {
          write() {},
          async end() {
            await new Promise((resolve) => setTimeout(resolve, 5));
            events.push(`ended ${info.fileName}`);
          },
          abort() {},
        };
      },
    });
    expect(events).toEqual([
      "open p0.png",
      "ended p0.png",
      "open p1.png",
      "ended p1.png",
      "open p2.png",
      "ended p2.png",
      "open p3.png",
      "ended p3.png",
    ]);
  });

  it("an onFile that throws refuses the form (a 400 for the caller), not an unexpected error", async () => {
    const body = encode([{ name: "files", fileName: "a.png", body: "x" }]);
    const onFile = () => {
      throw new Error("boom");
    };
    await expect(readStreamedForm(request(body), { onFile })).rejects.toMatchObject({ code: "malformed" });
  });

  it("a slow sink holds the request back: the body is pulled only a little ahead of the disk", async () => {
    const file = pattern(4 * 1024 * 1024);
    const bytes = encode([{ name: "videoFile", fileName: "v.mp4", body: file }]);
    const chunk = 16 * 1024;
    let pulled = 0;
    let written = 0;
    let maxAhead = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= bytes.length) return controller.close();
          controller.enqueue(bytes.slice(pulled, pulled + chunk));
          pulled += chunk;
        },
      },
      { highWaterMark: 0 },
    );
    const req = new Request(URL_, {
      method: "POST",
      headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
      duplex: "half",
      body,
    } as RequestInit);
    await readStreamedForm(req, {
      onFile: () => ({
        async write(c) {
          written += c.length;
          maxAhead = Math.max(maxAhead, pulled - written);
          await new Promise((resolve) => setTimeout(resolve, 1));
        },
        end() {},
        abort() {},
      }),
    });
    expect(written).toBe(file.length);
    // Busboy's and the file stream's buffers (some tens of KB), not megabytes.
    expect(maxAhead).toBeLessThan(512 * 1024);
  });

  it("reads an urlencoded body with the same limits, refusing an oversized one without reading it all", async () => {
    const form = (n: number) => new URLSearchParams(Array.from({ length: n }, (_, i) => [`k${i}`, `v ${i} ñ`])).toString();
    const urlencoded = "application/x-www-form-urlencoded";
    const onFile = recorder().onFile;
    expect(await readStreamedForm(request(new TextEncoder().encode(form(3)), 4, urlencoded), { onFile })).toEqual([
      ["k0", "v 0 ñ"],
      ["k1", "v 1 ñ"],
      ["k2", "v 2 ñ"],
    ]);
    await expect(
      readStreamedForm(request(new TextEncoder().encode(form(4)), 4, urlencoded), { onFile, maxFields: 3 }),
    ).rejects.toMatchObject({ code: "tooManyFields" });

    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1024;
        controller.enqueue(new TextEncoder().encode("a".repeat(1024)));
      },
    });
    const req = new Request(URL_, {
      method: "POST",
      headers: { "content-type": urlencoded },
      duplex: "half",
      body: endless,
    } as RequestInit);
    await expect(readStreamedForm(req, { onFile, maxFields: 4, maxFieldBytes: 1024 })).rejects.toMatchObject({ code: "fieldTooLarge" });
    expect(pulled).toBeLessThan(64 * 1024);
  });
});
