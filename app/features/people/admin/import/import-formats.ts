import type { MemberImportField, MemberImportMapping } from "~/db/schema";

/** The limits of one upload: bytes of the file and people (data rows) in it. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** A cell longer than this is a problem of its row (no name or address is this long). */
export const IMPORT_MAX_CELL = 200;
export const IMPORT_PREVIEW_ROWS = 5;

/** The fields an import fills, in the order the mapping form shows them. */
export const IMPORT_FIELDS: readonly MemberImportField[] = [
  "firstName",
  "lastName",
  "fullName",
  "email",
  "phone",
  "language",
  "status",
  "memberSince",
];

export type ImportFormat = "planning-center" | "breeze" | "churchcrm" | "template" | "other";

/** The generic template's header row, in order (README: "Members import"). */
export const TEMPLATE_COLUMNS = [
  "first_name",
  "last_name",
  "email",
  "phone",
  "preferred_language",
  "membership_status",
  "member_since",
] as const;

const TEMPLATE_FIELDS: Record<(typeof TEMPLATE_COLUMNS)[number], MemberImportField> = {
  first_name: "firstName",
  last_name: "lastName",
  email: "email",
  phone: "phone",
  preferred_language: "language",
  membership_status: "status",
  member_since: "memberSince",
};

/** The downloadable template: the header row and two example people. */
export const TEMPLATE_CSV =
  "\uFEFF" +
  [
    TEMPLATE_COLUMNS.join(","),
    "Ana,Reyes,ana.reyes@example.org,+1 555 010 0101,es,member,2019-05-12",
    "John,Miller,john.miller@example.org,(555) 010-0102,en,regular,",
  ].join("\r\n") +
  "\r\n";

/**
 * Header names as the products export them; each list is the column to use for a field, the
 * first one present wins. Sources:
 * - Planning Center People: "Export to CSV" from a People list and the import's default fields
 *   (pcopeople.zendesk.com, "Import a CSV File in People" / "Prepare a CSV file for import"):
 *   "Person ID", "First Name", "Last Name", "Home Email", "Work Email", "Mobile Phone Number",
 *   "Home Phone Number", "Membership", "Status", … (no language field of its own).
 * - Breeze ChMS: the People export ("Breeze ID", "First Name", "Last Name", "Middle Name",
 *   "Nickname", "Status", "Mobile", "Home", "Work", "Email", …), the same headers Breeze's
 *   importer and migration tools (ChurchApps' Breeze exporter) read.
 * - ChurchCRM: CSVCreateFile.php's header row ("Family ID ", "Person Id", "Last Name", "Title",
 *   "First Name", "Middle Name", "Home Phone", "Work Phone", "Cell Phone", "Email",
 *   "Work Email", "MembershipDate", "Classification", …).
 */
const FORMAT_COLUMNS: Record<Exclude<ImportFormat, "template" | "other">, Partial<Record<MemberImportField, string[]>>> = {
  "planning-center": {
    firstName: ["first name", "given name"],
    lastName: ["last name"],
    email: ["home email", "work email", "other email", "email"],
    phone: ["mobile phone number", "home phone number", "work phone number", "other phone number"],
    status: ["membership"],
  },
  breeze: {
    firstName: ["first name", "nickname"],
    lastName: ["last name"],
    email: ["email"],
    phone: ["mobile", "home", "work"],
    status: ["status"],
  },
  churchcrm: {
    firstName: ["first name"],
    lastName: ["last name"],
    email: ["email", "work email"],
    phone: ["cell phone", "home phone", "work phone"],
    status: ["classification"],
    memberSince: ["membershipdate"],
  },
};

/** Column names a file from anywhere else may use, English and Spanish (lower case, no accents). */
const COMMON_NAMES: Record<MemberImportField, string[]> = {
  firstName: ["first name", "firstname", "first", "given name", "nombre", "nombres", "primer nombre"],
  lastName: ["last name", "lastname", "surname", "family name", "apellido", "apellidos"],
  fullName: ["name", "full name", "fullname", "nombre completo"],
  email: ["email", "e-mail", "email address", "mail", "correo", "correo electronico", "email personal"],
  phone: ["phone", "mobile", "cell", "cell phone", "mobile phone", "phone number", "telefono", "celular", "movil"],
  language: ["language", "preferred language", "idioma", "lengua", "idioma preferido"],
  status: ["membership status", "membership", "status", "estado", "membresia", "estado de membresia"],
  memberSince: ["member since", "membership date", "join date", "miembro desde", "fecha de membresia"],
};

/** A header as compared: trimmed, lower case, accents and `_`/`-` separators folded away. */
export function headerKey(header: string): string {
  return header
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[_]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Which product made the file, by its header row. */
export function detectFormat(headers: readonly string[]): ImportFormat {
  const keys = new Set(headers.map(headerKey));
  const raw = new Set(headers.map((header) => header.trim().toLowerCase()));
  if (TEMPLATE_COLUMNS.every((column) => raw.has(column)) || (raw.has("first_name") && raw.has("preferred_language"))) return "template";
  if (keys.has("breeze id")) return "breeze";
  if (keys.has("person id") && keys.has("family id") && (keys.has("cell phone") || keys.has("classification") || keys.has("email")))
    return "churchcrm";
  if (keys.has("first name") && keys.has("last name") && (keys.has("home email") || keys.has("mobile phone number")))
    return "planning-center";
  return "other";
}

/** The mapping a recognised format (or, for any other file, the common names) suggests. */
export function suggestMapping(format: ImportFormat, headers: readonly string[]): MemberImportMapping {
  const keys = headers.map(headerKey);
  const mapping: MemberImportMapping = {};
  const taken = new Set<number>();
  const take = (field: MemberImportField, names: readonly string[] | undefined) => {
    if (mapping[field] !== undefined || !names) return;
    for (const name of names) {
      const index = keys.findIndex((key, i) => key === name && !taken.has(i));
      if (index >= 0) {
        mapping[field] = index;
        taken.add(index);
        return;
      }
    }
  };
  if (format === "template") {
    headers.forEach((header, index) => {
      const field = TEMPLATE_FIELDS[header.trim().toLowerCase() as keyof typeof TEMPLATE_FIELDS];
      if (field && mapping[field] === undefined) {
        mapping[field] = index;
        taken.add(index);
      }
    });
  } else if (format !== "other") {
    const columns = FORMAT_COLUMNS[format];
    for (const field of IMPORT_FIELDS) take(field, columns[field]);
  }
  // Whatever the format left open (a language custom field in Planning Center, say).
  for (const field of IMPORT_FIELDS) {
    // A file with first and last names needs no "name" column, and the reverse.
    if (field === "fullName" && (mapping.firstName !== undefined || mapping.lastName !== undefined)) continue;
    if ((field === "firstName" || field === "lastName") && mapping.fullName !== undefined) continue;
    take(field, COMMON_NAMES[field]);
  }
  return mapping;
}

/** The required columns a mapping still lacks: a name, and an email or a phone. */
export function missingColumns(mapping: MemberImportMapping): Array<"name" | "contact"> {
  const missing: Array<"name" | "contact"> = [];
  if (mapping.firstName === undefined && mapping.lastName === undefined && mapping.fullName === undefined) missing.push("name");
  if (mapping.email === undefined && mapping.phone === undefined) missing.push("contact");
  return missing;
}

const LANGUAGE_VALUES: Record<string, "en" | "es"> = {
  en: "en",
  eng: "en",
  english: "en",
  ingles: "en",
  "en-us": "en",
  "en-gb": "en",
  es: "es",
  spa: "es",
  spanish: "es",
  espanol: "es",
  castellano: "es",
  "es-us": "es",
  "es-mx": "es",
  "es-es": "es",
};

/** "Spanish", "Español", "es", "English", "inglés" …; undefined for an empty cell, null for an unknown word. */
export function readLanguage(value: string): "en" | "es" | null | undefined {
  const key = headerKey(value).replace(/_/g, "-");
  if (!key) return undefined;
  return LANGUAGE_VALUES[key] ?? null;
}

const STATUS_VALUES: Record<string, "visitor" | "regular" | "member" | "inactive"> = {
  member: "member",
  members: "member",
  "church member": "member",
  miembro: "member",
  regular: "regular",
  "regular attendee": "regular",
  "regular attender": "regular",
  attender: "regular",
  attendee: "regular",
  asistente: "regular",
  "asistente regular": "regular",
  visitor: "visitor",
  guest: "visitor",
  "first time guest": "visitor",
  visitante: "visitor",
  visita: "visitor",
  inactive: "inactive",
  inactivo: "inactive",
  inactiva: "inactive",
  "former member": "inactive",
};

/** A membership status in English or Spanish; undefined for an empty cell, null for an unknown word. */
export function readStatus(value: string): "visitor" | "regular" | "member" | "inactive" | null | undefined {
  const key = headerKey(value);
  if (!key) return undefined;
  return STATUS_VALUES[key] ?? null;
}
