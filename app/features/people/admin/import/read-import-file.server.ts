import { parse } from "csv-parse/sync";
import iconv from "iconv-lite";
import { IMPORT_MAX_ROWS } from "./import-formats";

/** Why a file cannot be imported; each has a translated message (members.import.fileErrors). */
export type ImportFileError = "empty" | "tooLarge" | "tooManyRows" | "notCsv" | "spreadsheet" | "noRows" | "malformed";

export type ImportFileEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

export interface ReadImportFile {
  ok: true;
  encoding: ImportFileEncoding;
  /** The file as text, its byte-order mark removed. */
  text: string;
  headers: string[];
  /** Data rows, each as long as the header row (short rows padded with ""). */
  rows: string[][];
  /** The spreadsheet row number of rows[0] (the header row's plus one; a record is one row). */
  firstRowNumber: number;
}

/** First bytes of files people rename to .csv by mistake (and of the spreadsheets they meant to save as CSV). */
const SIGNATURES: Array<{ bytes: number[]; kind: "notCsv" | "spreadsheet" }> = [
  { bytes: [0x89, 0x50, 0x4e, 0x47], kind: "notCsv" }, // PNG
  { bytes: [0xff, 0xd8, 0xff], kind: "notCsv" }, // JPEG
  { bytes: [0x47, 0x49, 0x46, 0x38], kind: "notCsv" }, // GIF
  { bytes: [0x25, 0x50, 0x44, 0x46], kind: "notCsv" }, // PDF
  { bytes: [0x50, 0x4b, 0x03, 0x04], kind: "spreadsheet" }, // ZIP: .xlsx, .ods, .numbers
  { bytes: [0xd0, 0xcf, 0x11, 0xe0], kind: "spreadsheet" }, // old .xls
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.length <= bytes.length && prefix.every((byte, i) => bytes[i] === byte);
}

/**
 * The file's text: a byte-order mark says UTF-8, UTF-16 LE or UTF-16 BE; without one, bytes
 * that are valid UTF-8 are read as UTF-8 and anything else as Windows-1252 (what Excel on
 * Windows saves as "CSV (Comma delimited)").
 */
export function decodeImportBytes(bytes: Uint8Array): { encoding: ImportFileEncoding; text: string } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return { encoding: "utf-8", text: buffer.subarray(3).toString("utf8") };
  if (startsWith(bytes, [0xff, 0xfe])) return { encoding: "utf-16le", text: iconv.decode(buffer.subarray(2), "utf-16le") };
  if (startsWith(bytes, [0xfe, 0xff])) return { encoding: "utf-16be", text: iconv.decode(buffer.subarray(2), "utf-16be") };
  try {
    return { encoding: "utf-8", text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return { encoding: "windows-1252", text: iconv.decode(buffer, "windows-1252") };
  }
}

/** The delimiter of the header line: a comma, or the semicolon of Spanish Excel, or a tab. */
function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, Math.min(text.length, 64 * 1024)).split(/\r\n|\n|\r/, 1)[0] ?? "";
  const outside = firstLine.replace(/"[^"]*"/g, "");
  const counts = [",", ";", "\t"].map((delimiter) => ({ delimiter, count: outside.split(delimiter).length - 1 }));
  counts.sort((a, b) => b.count - a.count);
  return counts[0] && counts[0].count > 0 ? counts[0].delimiter : ",";
}

/**
 * Reads an uploaded CSV (at most IMPORT_MAX_BYTES, checked by the caller while streaming): its
 * encoding, its header row and its rows, with csv-parse. Every refusal is one of
 * ImportFileError, never an exception.
 */
export function readImportFile(bytes: Uint8Array): ReadImportFile | { ok: false; error: ImportFileError; line?: number } {
  if (bytes.byteLength === 0) return { ok: false, error: "empty" };
  for (const signature of SIGNATURES) if (startsWith(bytes, signature.bytes)) return { ok: false, error: signature.kind };
  const { encoding, text } = decodeImportBytes(bytes);
  if (!text.trim()) return { ok: false, error: "empty" };
  // Text has no NUL and few control characters; an image or program renamed .csv has many.
  const sample = text.slice(0, 8192);
  const controls = sample.match(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffd]/g)?.length ?? 0;
  if (sample.includes("\u0000") || controls > sample.length / 100 + 2) return { ok: false, error: "notCsv" };

  let records: string[][];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
      max_record_size: 64 * 1024,
      // Rows past the limit are not worth parsing: one over says "too many".
      to_line: IMPORT_MAX_ROWS + 200,
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    return { ok: false, error: "malformed", line: typeof line === "number" ? line : undefined };
  }
  // Blank lines are kept as rows (so row numbers match the spreadsheet's) and skipped later.
  const headerIndex = records.findIndex((record) => record.some((cell) => cell.trim() !== ""));
  if (headerIndex < 0) return { ok: false, error: "empty" };
  const headers = records[headerIndex]!.map((cell) => cell.trim());
  if (headers.length < 2 && !/[a-z]/i.test(headers[0] ?? "")) return { ok: false, error: "notCsv" };
  const rows = records.slice(headerIndex + 1).map((record) => headers.map((_, i) => record[i] ?? ""));
  while (rows.length > 0 && rows[rows.length - 1]!.every((cell) => cell.trim() === "")) rows.pop();
  if (rows.length === 0) return { ok: false, error: "noRows" };
  if (rows.length > IMPORT_MAX_ROWS) return { ok: false, error: "tooManyRows" };
  return { ok: true, encoding, text, headers, rows, firstRowNumber: headerIndex + 2 };
}

/** The rows of a stored file again (it was read once at upload, so this does not fail). */
export function readStoredRows(text: string): ReadImportFile {
  const read = readImportFile(Buffer.from(text, "utf8"));
  if (!read.ok) throw new Error(`A stored import no longer reads: ${read.error}`);
  return read;
}
