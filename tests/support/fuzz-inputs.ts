// Generators of hostile input for the fuzz suites (issue 11 point 5): wrong types, missing and
// extra fields, huge strings, unicode edge cases, unknown intents, malformed JSON and
// multipart bodies, path traversal in uploaded file names. Pure fast-check arbitraries: the
// same seed gives the same inputs.
import fc from "fast-check";

/** The run's seed: FUZZ_SEED replays a run; the default keeps CI runs identical. */
export const FUZZ_SEED = (() => {
  const raw = process.env.FUZZ_SEED?.trim();
  if (!raw) return 20261123;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`FUZZ_SEED must be an integer, got ${JSON.stringify(raw)}`);
  return value;
})();

/** A seed per endpoint, so adding an endpoint leaves every other endpoint's inputs as they were. */
export function seedFor(name: string, seed = FUZZ_SEED): number {
  let hash = seed | 0;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash | 0;
}

/** A marker in every traversal file name: a file by this name anywhere means an upload escaped. */
export const ESCAPE_MARKER = "fuzz-escape-4d1c";

/** 100 KB and more: past every form field's limit and the server's 64 KB body limit. */
const HUGE = 100 * 1024 + 7;

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const controlCharacter = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));

/** Strings that broke real systems: one each, to be mixed with generated ones. */
export const EDGE_STRINGS: readonly string[] = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "x\ud83dy",
  "\u202eevil\u202c",
  "\u200f\u200e\u2066\u2069",
  "e\u0301\u0301\u0301\u0301\u0301\u0301\u0301\u0301",
  "Z\u0351\u0352\u0357\u0358\u0359\u035a\u035b\u035c\u035d\u035e\u035f\u0360\u0361",
  "👨‍👩‍👧‍👦🏳️‍🌈🇪🇸",
  "\ufeff",
  "\ufffe\uffff",
  "\u2028\u2029",
  "\u00a0\u3000",
  "ǅǈ",
  "İı",
  "ß",
  "null",
  "undefined",
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "0",
  "-0",
  "1e309",
  "1.5",
  " 1 ",
  "0x10",
  "2147483648",
  "9007199254740993",
  "99999999999999999999999999999999999999",
  "1".repeat(400),
  "true",
  "false",
  "on",
  "yes",
  "[]",
  "{}",
  '{"a":1}',
  "2026-02-30",
  "0000-00-00",
  "9999-12-31T23:59:59Z",
  "2026-13-45T25:61",
  "-271821-04-20",
  "00000000-0000-0000-0000-000000000000",
  "ffffffff-ffff-ffff-ffff-ffffffffffff",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "data:text/html,<b>x</b>",
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  "%00",
  "%zz",
  "%E0%A4%A",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "/etc/passwd",
  "__proto__",
  "constructor",
  "{{7*7}}",
  "${7*7}",
  "@example.test",
  "a@b",
  "a@b.c",
  "+1 (555) 000-0000",
  "+00000000000000000000",
  "//evil.example",
  "https://evil.example/",
  "http://127.0.0.1:5432/",
];

/** Any code point (no lone surrogates) and the hand-picked edge cases, and a few lone surrogates and controls. */
const unit = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: "grapheme", maxLength: 1 }) },
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 1 }) },
  { weight: 1, arbitrary: loneSurrogate },
  { weight: 1, arbitrary: controlCharacter },
);

/** Short hostile strings: edge cases, generated unicode, and mixtures of both. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ unit, maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...EDGE_STRINGS), fc.string({ unit, maxLength: 10 })).map(([a, b]) => a + b) },
);

/** 100 KB+ of one kind of character: ASCII, 4-byte emoji, combining marks, RTL overrides, NULs. */
export const hugeString: fc.Arbitrary<string> = fc
  .tuple(fc.constantFrom("a", "😀", "e\u0301", "\u202e", "\u0000", "ñ", "%", "\ud800", "<b>"), fc.integer({ min: 0, max: 4096 }))
  .map(([piece, extra]) => piece.repeat(Math.ceil((HUGE + extra) / piece.length)));

/** What a form field gets: mostly short hostile text, sometimes huge, sometimes a value from the field's world. */
export function fieldValue(plausible: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof({ weight: 5, arbitrary: plausible }, { weight: 5, arbitrary: hostileString }, { weight: 1, arbitrary: hugeString });
}

/** Field names: the endpoint's own (so inputs get past the first check), junk, and pollution attempts. */
export function fieldName(known: readonly string[]): fc.Arbitrary<string> {
  const junk = fc.oneof(
    fc.constantFrom(
      "__proto__",
      "constructor",
      "prototype",
      "toString",
      "a[b]",
      "a.b",
      "",
      " ",
      "intent ",
      "INTENT",
      "file",
      "files",
      "id[]",
    ),
    fc.string({ unit, maxLength: 12 }),
  );
  return known.length ? fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: junk }) : junk;
}

/** Values of any JSON type, where the endpoint expects strings: the wrong-types case. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
);

// --------------------------------------------------------------------------------------
// Request bodies
// --------------------------------------------------------------------------------------

export interface FilePart {
  field: string;
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** A request body as sent: the content type header (or none) and the bytes or text. */
export interface RawBody {
  contentType: string | null;
  body: string | Uint8Array | null;
  /** What the body is, for failure messages. */
  label: string;
}

const PNG_HEAD = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_HEAD = [0xff, 0xd8, 0xff, 0xe0];

/** A real 64×48 PNG: an upload that is accepted, so a hostile file name meets the code that stores files. */
export const VALID_PNG = Uint8Array.from(
  Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfklEQVRoge2SAQkAURSDluSSrD/Guhjy+AMD6Fj4eproBiyg+orsQr1LdAMWUH1FdqHeJboBC6i+IrtQ7xLdgAVUX5FdqHeJbsACqq/ILtS7RDdgAdVXZBfqXaIbsIDqK7IL9S7RDVhA9RXZhXqX6AYsoPqK7EK9S3QDHg/4AV7VmMQOyVQtAAAAAElFTkSuQmCC",
    "base64",
  ),
);

/** A file's bytes: empty, random, a real-looking image header with junk after it, a real image, or text. */
export const fileBytes: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(VALID_PNG) },
  fc.constant(new Uint8Array(0)),
  fc.uint8Array({ maxLength: 256 }),
  fc.uint8Array({ maxLength: 200 }).map((tail) => Uint8Array.from([...PNG_HEAD, ...tail])),
  fc.uint8Array({ maxLength: 200 }).map((tail) => Uint8Array.from([...JPEG_HEAD, ...tail])),
  fc.constant(new TextEncoder().encode("RIFF\u0000\u0000\u0000\u0000WEBPVP8 junk")),
  fc.constant(new TextEncoder().encode("ID3\u0004\u0000junk-mp3")),
  fc.constant(new TextEncoder().encode("%PDF-1.7\n%junk")),
  fc.constant(new TextEncoder().encode("Sermon notes: grace and peace.\n")),
  fc.constant(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
  fc.constant(new TextEncoder().encode("<?php system($_GET['c']); ?>")),
);

/** Uploaded file names: traversal, absolute paths, device names, control characters. */
export const hostileFileName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    `../../${ESCAPE_MARKER}.png`,
    `../../../../../../tmp/${ESCAPE_MARKER}.jpg`,
    `..\\..\\${ESCAPE_MARKER}.png`,
    `/tmp/${ESCAPE_MARKER}.png`,
    `/etc/${ESCAPE_MARKER}.webp`,
    `C:\\Windows\\${ESCAPE_MARKER}.png`,
    `uploads/../../${ESCAPE_MARKER}.mp3`,
    `%2e%2e%2f%2e%2e%2f${ESCAPE_MARKER}.png`,
    `..%2f..%2f${ESCAPE_MARKER}.pdf`,
    `${ESCAPE_MARKER}\u0000.png`,
    `${ESCAPE_MARKER}.png\u0000.php`,
    "CON",
    "aux.png",
    ".htaccess",
    ".incoming-0000",
    "",
    " ",
    "photo.png",
    "sermon.mp3",
    "notes.pdf",
    "notes.txt",
    `../../${ESCAPE_MARKER}.txt`,
    `/tmp/${ESCAPE_MARKER}.pdf`,
    "a\u202egnp.exe",
    "😀.jpg",
    `${"x".repeat(300)}.png`,
  ),
  fc.string({ unit, maxLength: 30 }).map((s) => `${s}.png`),
);

/** An upload as the page sends it, with some values and every file name made hostile. */
export function uploadShape(
  template: { fields: Record<string, string>; fileFields: string[] },
  valueFor: (name: string) => fc.Arbitrary<string>,
): fc.Arbitrary<FormShape> {
  const fields = fc.tuple(
    ...Object.entries(template.fields).map(([name, value]) =>
      fc.oneof(
        { weight: 4, arbitrary: fc.constant<[string, string]>([name, value]) },
        { weight: 1, arbitrary: valueFor(name).map((v) => [name, v] as [string, string]) },
      ),
    ),
  );
  const file = fc.record({
    field: fc.constantFrom(...template.fileFields),
    name: hostileFileName,
    type: fc.constantFrom("image/png", "application/pdf", "text/plain", "audio/mpeg", "", "../../x"),
    bytes: fileBytes,
  });
  return fc
    .record({ fields, files: fc.array<FilePart>(file, { minLength: 1, maxLength: 3 }) })
    .map(({ fields, files }) => ({ fields: fields as Array<[string, string]>, files }));
}

export interface FormShape {
  /** Ordered fields, repeats allowed (a form can carry a name twice). */
  fields: Array<[string, string]>;
  files: FilePart[];
}

/** A form from the endpoint's vocabulary: an intent (known or not), fields, sometimes files. */
export function formShape(options: {
  intents: readonly string[];
  names: readonly string[];
  valueFor: (name: string) => fc.Arbitrary<string>;
  fileFields: readonly string[];
}): fc.Arbitrary<FormShape> {
  const intentValue = options.intents.length
    ? fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...options.intents) }, { weight: 1, arbitrary: hostileString })
    : hostileString;
  const intent = fc.option(intentValue, { nil: undefined, freq: 8 });
  const field = fieldName(options.names).chain((name) => options.valueFor(name).map((value) => [name, value] as [string, string]));
  const fileFields = options.fileFields.length ? options.fileFields : ["file", "files"];
  const file = fc.record({
    field: fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...fileFields) },
      { weight: 1, arbitrary: fc.constantFrom(...fileFields, "x", "intent") },
    ),
    name: hostileFileName,
    type: fc.constantFrom(
      "image/png",
      "image/jpeg",
      "image/webp",
      "audio/mpeg",
      "application/pdf",
      "text/html",
      "application/x-php",
      "",
      "image/svg+xml",
      "../../x",
    ),
    bytes: fileBytes,
  });
  return fc
    .record({
      intent,
      fields: fc.array(field, { maxLength: 10 }),
      files: fc.oneof(
        { weight: 4, arbitrary: fc.constant<FilePart[]>([]) },
        { weight: 1, arbitrary: fc.array<FilePart>(file, { minLength: 1, maxLength: 3 }) },
      ),
    })
    .map(({ intent, fields, files }) => ({
      fields: intent === undefined ? fields : [["intent", intent] as [string, string], ...fields],
      files,
    }));
}

/** Encodes text the way a browser would send it (a lone surrogate becomes U+FFFD). */
const encoder = new TextEncoder();

export function urlencoded(fields: Array<[string, string]>): RawBody {
  const params = new URLSearchParams();
  for (const [name, value] of fields) params.append(name, value);
  return { contentType: "application/x-www-form-urlencoded", body: params.toString(), label: "urlencoded form" };
}

/** A well-formed multipart body (as a browser builds it), with hostile names and bytes. */
export function multipart(shape: FormShape, boundary = "----fuzzBoundary7MA4YWxkTrZu0gW"): RawBody {
  const chunks: Uint8Array[] = [];
  const quote = (s: string) => s.replace(/\r/g, "%0D").replace(/\n/g, "%0A").replace(/"/g, "%22");
  for (const [name, value] of shape.fields) {
    chunks.push(encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`));
  }
  for (const file of shape.files) {
    chunks.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quote(file.field)}"; filename="${quote(file.name)}"\r\nContent-Type: ${file.type || "application/octet-stream"}\r\n\r\n`,
      ),
      file.bytes,
      encoder.encode("\r\n"),
    );
  }
  chunks.push(encoder.encode(`--${boundary}--\r\n`));
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: concat(chunks),
    label: `multipart (${shape.files.length} files)`,
  };
}

function concat(chunks: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** Multipart bodies that are not well-formed: every way a parser can be surprised. */
export function malformedMultipart(shape: FormShape): fc.Arbitrary<RawBody> {
  const good = multipart(shape);
  const bytes = good.body as Uint8Array;
  return fc.oneof(
    fc.constant({ contentType: "multipart/form-data", body: bytes, label: "multipart without a boundary" }),
    fc.constant({ contentType: "multipart/form-data; boundary=", body: bytes, label: "multipart with an empty boundary" }),
    fc.constant({ contentType: "multipart/form-data; boundary=other", body: bytes, label: "multipart with another boundary" }),
    fc.constant({
      contentType: `multipart/form-data; boundary=${"b".repeat(200)}`,
      body: bytes,
      label: "multipart with a 200-character boundary",
    }),
    fc.constant({
      contentType: 'multipart/form-data; boundary="unterminated',
      body: bytes,
      label: "multipart with an unterminated quoted boundary",
    }),
    fc.integer({ min: 0, max: Math.max(0, bytes.length - 1) }).map((cut) => ({
      contentType: good.contentType,
      body: bytes.subarray(0, cut),
      label: `multipart truncated at ${cut} of ${bytes.length} bytes`,
    })),
    fc.constant({
      contentType: good.contentType,
      body: encoder.encode(`--${"----fuzzBoundary7MA4YWxkTrZu0gW"}\r\nContent-Disposition: form-data; name="intent"\r\n`),
      label: "multipart part without the end of its headers",
    }),
    fc.constant({
      contentType: good.contentType,
      body: encoder.encode(
        `--------fuzzBoundary7MA4YWxkTrZu0gW\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--------fuzzBoundary7MA4YWxkTrZu0gW--\r\n`,
      ),
      label: "multipart part without a name",
    }),
    fc.constant({
      contentType: good.contentType,
      body: encoder.encode(`--------fuzzBoundary7MA4YWxkTrZu0gW\r\nContent-Disposition: form-data; name="a"\r\n\r\n${"x".repeat(HUGE)}`),
      label: "multipart 100 KB field without a closing boundary",
    }),
    fc.constant({
      contentType: good.contentType,
      body: concat([
        encoder.encode(
          `--------fuzzBoundary7MA4YWxkTrZu0gW\r\nContent-Disposition: form-data; name="x"; filename*=UTF-8''%E0%A4%A\r\n\r\n`,
        ),
        Uint8Array.from(PNG_HEAD),
        encoder.encode("\r\n--------fuzzBoundary7MA4YWxkTrZu0gW--\r\n"),
      ]),
      label: "multipart with a broken RFC 5987 file name",
    }),
    fc
      .uint8Array({ maxLength: 512 })
      .map((junk) => ({ contentType: good.contentType, body: junk, label: "multipart content type, random bytes" })),
    fc.constant({ contentType: "application/x-www-form-urlencoded", body: bytes, label: "multipart bytes sent as urlencoded" }),
  );
}

/** JSON bodies: wrong types for the endpoint's fields, arrays, scalars, pollution, and broken text. */
export function jsonBody(options: {
  intents: readonly string[];
  names: readonly string[];
  valueFor: (name: string) => fc.Arbitrary<string>;
}): fc.Arbitrary<RawBody> {
  const value = (name: string) =>
    fc.oneof({ weight: 2, arbitrary: options.valueFor(name) as fc.Arbitrary<unknown> }, { weight: 3, arbitrary: wrongType });
  const entry = fieldName(options.names).chain((name) => value(name).map((v) => [name, v] as const));
  const intent = options.intents.length ? fc.oneof(fc.constantFrom(...options.intents), wrongType) : wrongType;
  const object = fc.tuple(fc.option(intent, { nil: undefined, freq: 6 }), fc.array(entry, { maxLength: 8 })).map(([i, entries]) => {
    const record: Record<string, unknown> = {};
    if (i !== undefined) record.intent = i;
    for (const [k, v] of entries) record[k] = v;
    return record;
  });
  const text = (label: string) => (body: string) => ({ contentType: "application/json", body, label });
  return fc.oneof(
    { weight: 5, arbitrary: object.map((o) => text("JSON object")(JSON.stringify(o))) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((v) => text("JSON value")(JSON.stringify(v) ?? "null")) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        text("malformed JSON")('{"intent":'),
        text("malformed JSON")("{intent: 'post'}"),
        text("malformed JSON")('{"a":1,}'),
        text("JSON with a BOM")('\ufeff{"intent":"post"}'),
        text("JSON array")('[{"intent":"post"}]'),
        text("JSON null")("null"),
        text("JSON number")("1e999"),
        text("JSON string")('"intent"'),
        text("empty JSON body")(""),
        text("JSON __proto__")('{"__proto__":{"admin":true,"ok":true},"constructor":{"prototype":{"x":1}},"intent":"post"}'),
        text("JSON lone surrogate escape")('{"intent":"\\ud800","body":"\\udfff\\u0000"}'),
        text("JSON NUL escape")('{"body":"a\\u0000b","title":"\\u0000"}'),
        text("deeply nested JSON")("[".repeat(5000) + "]".repeat(5000)),
        text("JSON duplicate keys")('{"intent":"post","intent":"delete"}'),
        { contentType: "application/json; charset=utf-16", body: '{"intent":"post"}', label: "JSON in a wrong charset" },
        { contentType: "application/json", body: Uint8Array.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]), label: "JSON as UTF-16 bytes" },
      ),
    },
    { weight: 1, arbitrary: hugeString.map((s) => text("JSON huge string")(JSON.stringify({ intent: "post", body: s, message: s }))) },
  );
}

/** Bodies of the wrong kind altogether: other content types, broken encodings, nothing. */
export const wrongKindBody: fc.Arbitrary<RawBody> = fc.oneof(
  fc.constantFrom<RawBody>(
    { contentType: null, body: null, label: "no body, no content type" },
    { contentType: "application/x-www-form-urlencoded", body: "", label: "empty form" },
    { contentType: "application/x-www-form-urlencoded", body: "intent=%zz&a=%E0%A4%A&%=%", label: "form with bad percent-encoding" },
    { contentType: "application/x-www-form-urlencoded", body: "intent&&&=&==&a=1=2", label: "form with bare names" },
    {
      contentType: "application/x-www-form-urlencoded",
      body: Uint8Array.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1, 0x3d, 0xe2, 0x82]),
      label: "form with invalid UTF-8",
    },
    { contentType: "application/x-www-form-urlencoded; charset=utf-7", body: "intent=+AGA-", label: "form in UTF-7" },
    { contentType: "text/plain", body: "intent=post", label: "text/plain" },
    {
      contentType: "application/xml",
      body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
      label: "XML with an external entity",
    },
    { contentType: "application/octet-stream", body: Uint8Array.from([0, 1, 2, 3, 255]), label: "octet-stream" },
    { contentType: "image/png", body: Uint8Array.from(PNG_HEAD), label: "a bare PNG" },
    { contentType: "application/x-www-form-urlencoded, multipart/form-data", body: "intent=post", label: "two content types" },
    { contentType: "APPLICATION/JSON", body: '{"intent":"post"}', label: "upper-case content type" },
    { contentType: "application/json", body: "intent=post", label: "form text sent as JSON" },
  ),
  fc
    .uint8Array({ maxLength: 300 })
    .map((bytes) => ({ contentType: "application/x-www-form-urlencoded", body: bytes, label: "form content type, random bytes" })),
  hugeString.map((s) => ({
    contentType: "application/x-www-form-urlencoded",
    body: `intent=${encodeQuery(s)}`,
    label: "100 KB urlencoded field",
  })),
);

/** Query strings: the endpoint's own parameters with hostile values, junk, broken percent-encoding. */
export function queryString(names: readonly string[], valueFor: (name: string) => fc.Arbitrary<string>): fc.Arbitrary<string> {
  const pair = fieldName([...names, "lang", "page", "q", "index", "redirectTo", "_data"]).chain((name) =>
    fieldValue(valueFor(name)).map((value) => `${encodeQuery(name)}=${encodeQuery(value)}`),
  );
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant("") },
    { weight: 5, arbitrary: fc.array(pair, { minLength: 1, maxLength: 5 }).map((pairs) => `?${pairs.join("&")}`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "?%zz",
        "?q=%E0%A4%A",
        "?page=%00",
        "?lang=%FF%FE",
        "?&&&",
        "?=",
        "?q=%",
        "?index&index",
        "?page=1&page=2&page=x",
      ),
    },
  );
}

/** The string with each lone surrogate replaced by U+FFFD, as a browser's encoder does. */
export function wellFormed(value: string): string {
  return value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

/** Percent-encodes like a browser (encodeURIComponent throws on a lone surrogate). */
export function encodeQuery(value: string): string {
  return encodeURIComponent(wellFormed(value));
}

/** A path parameter: a real value most of the time, otherwise junk a URL can carry. */
export function paramValue(real: string | undefined): fc.Arbitrary<string> {
  const junk = fc.oneof(
    fc.constantFrom(
      "\u0000",
      "a\u0000",
      "\u0001x",
      "0",
      "-1",
      "1.5",
      "999999999",
      "2147483648",
      "99999999999999999999",
      "abc",
      "..",
      "../admin",
      "%2e%2e",
      "null",
      "00000000-0000-0000-0000-000000000000",
      "a".repeat(5000),
      "😀",
      "\u202e",
      " ",
      "1 OR 1=1",
      "1;",
      "%00",
    ),
    hostileString.map(wellFormed),
  );
  return real === undefined ? junk : fc.oneof({ weight: 3, arbitrary: fc.constant(real) }, { weight: 2, arbitrary: junk });
}
