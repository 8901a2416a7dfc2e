import { z } from "zod";
import type { MemberImportMapping, MemberImportOptions } from "~/db/schema";
import { toE164 } from "~/lib/phone-formats";
import { IMPORT_MAX_CELL, readLanguage, readStatus } from "./import-formats";

export type RowProblemCode =
  | "missingName"
  | "missingContact"
  | "invalidEmail"
  | "invalidPhone"
  | "unknownLanguage"
  | "unknownStatus"
  | "invalidDate"
  | "tooLong"
  | "duplicateInFile";

export interface RowProblem {
  /** The spreadsheet's row number (the header row is row 1 in a file that starts with it). */
  row: number;
  code: RowProblemCode;
  /** The cell as written (cut to 60 characters), or the other row of a duplicate. */
  value?: string;
  otherRow?: number;
}

/** One person as the file gives them, checked and tidied. */
export interface ImportPerson {
  index: number;
  row: number;
  fullName: string;
  /** Lower case. */
  email: string | null;
  /** E.164. */
  phone: string | null;
  language: "en" | "es";
  status: "visitor" | "regular" | "member" | "inactive" | null;
  memberSince: string | null;
}

export interface CheckedRows {
  people: ImportPerson[];
  problems: RowProblem[];
  /** Rows with at least one problem (they are not imported). */
  failedRows: number;
  /** Empty rows in the middle of the file, ignored. */
  blankRows: number;
}

const EMAIL = z.email();

/** YYYY-MM-DD or the US MM/DD/YYYY, a real date from 1900 to today. */
export function normalizeDate(value: string, today = new Date()): string | null {
  const trimmed = value.trim();
  let year: number, month: number, day: number;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  if (match) [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(trimmed)))
    [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  if (year < 1900 || date.getTime() > today.getTime() + 86_400_000) return null;
  return date.toISOString().slice(0, 10);
}

const shown = (value: string) => (value.length > 60 ? `${value.slice(0, 59)}…` : value);

/**
 * The dry run's reading of every row: who each row is, and every problem with its row number.
 * Cells are kept as text whatever they start with (`=`, `+`, `-`, `@`): nothing here or later
 * evaluates them, and the CSV export neutralises them (lib/csv.ts).
 */
export function checkImportRows(options: {
  rows: readonly string[][];
  firstRowNumber: number;
  mapping: MemberImportMapping;
  defaultLanguage: MemberImportOptions["defaultLanguage"];
}): CheckedRows {
  const { rows, mapping } = options;
  const people: ImportPerson[] = [];
  const problems: RowProblem[] = [];
  const byEmail = new Map<string, number>();
  const byPhone = new Map<string, number>();
  let failedRows = 0;
  let blankRows = 0;

  rows.forEach((cells, index) => {
    const row = options.firstRowNumber + index;
    if (cells.every((cell) => cell.trim() === "")) {
      blankRows += 1;
      return;
    }
    const cell = (field: keyof MemberImportMapping) => {
      const column = mapping[field];
      return column === undefined ? "" : (cells[column] ?? "").trim();
    };
    const own: RowProblem[] = [];
    const values = {
      firstName: cell("firstName"),
      lastName: cell("lastName"),
      fullName: cell("fullName"),
      email: cell("email"),
      phone: cell("phone"),
      language: cell("language"),
      status: cell("status"),
      memberSince: cell("memberSince"),
    };
    for (const value of Object.values(values)) {
      if (value.length > IMPORT_MAX_CELL) {
        own.push({ row, code: "tooLong", value: shown(value) });
        break;
      }
    }
    const fullName = (values.fullName || [values.firstName, values.lastName].filter(Boolean).join(" ")).replace(/\s+/g, " ");
    if (!fullName) own.push({ row, code: "missingName" });

    let email: string | null = null;
    if (values.email) {
      if (EMAIL.safeParse(values.email).success) email = values.email.toLowerCase();
      else own.push({ row, code: "invalidEmail", value: shown(values.email) });
    }
    let phone: string | null = null;
    if (values.phone) {
      phone = toE164(values.phone);
      if (!phone) own.push({ row, code: "invalidPhone", value: shown(values.phone) });
    }
    if (!values.email && !values.phone) own.push({ row, code: "missingContact" });

    const language = readLanguage(values.language);
    if (language === null) own.push({ row, code: "unknownLanguage", value: shown(values.language) });
    const status = readStatus(values.status);
    if (status === null) own.push({ row, code: "unknownStatus", value: shown(values.status) });
    let memberSince: string | null = null;
    if (values.memberSince) {
      memberSince = normalizeDate(values.memberSince);
      if (!memberSince) own.push({ row, code: "invalidDate", value: shown(values.memberSince) });
    }

    // The same person twice in the file (by address or number): the first one counts.
    const earlier = (email && byEmail.get(email)) || (phone && byPhone.get(phone)) || undefined;
    if (earlier !== undefined) own.push({ row, code: "duplicateInFile", otherRow: earlier });

    if (own.length > 0) {
      failedRows += 1;
      problems.push(...own);
      return;
    }
    if (email) byEmail.set(email, row);
    if (phone) byPhone.set(phone, row);
    people.push({
      index,
      row,
      fullName,
      email,
      phone,
      language: language ?? options.defaultLanguage,
      status: status ?? null,
      memberSince,
    });
  });
  return { people, problems, failedRows, blankRows };
}
