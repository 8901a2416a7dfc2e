import { boolean, date, index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

/** Spec section 3: one profile per member account (id = the auth user id). */
export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  displayName: text("display_name"),
  username: text("username").unique(),
  fullName: text("full_name"),
  phone: text("phone"),
  /** The language of this member's emails and text messages. */
  preferredLanguage: text("preferred_language", { enum: ["en", "es"] })
    .notNull()
    .default("en"),
  /** Membership as the church office records it (members section). */
  membershipStatus: text("membership_status", { enum: ["visitor", "regular", "member", "inactive"] })
    .notNull()
    .default("visitor"),
  memberSince: date("member_since"),
  /** What other members may see in the directory; the member decides (settings). */
  directoryListed: boolean("directory_listed").notNull().default(false),
  directoryShowEmail: boolean("directory_show_email").notNull().default(false),
  directoryShowPhone: boolean("directory_show_phone").notNull().default(false),
  /** Set by staff (users section): no sign-in while set. */
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  /** Bumped to revoke the member's private calendar feed link (its token is derived from it). */
  calendarFeedVersion: integer("calendar_feed_version").notNull().default(0),
  hasCompletedTour: boolean("has_completed_tour").notNull().default(false),
  tourCompletionDate: timestamp("tour_completion_date", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const appRole = pgEnum("app_role", ["admin", "moderator"]);

/** Spec section 3: user_id + role (admin, moderator). */
export const userRoles = pgTable(
  "user_roles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: appRole("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("user_roles_user_id_role_unique").on(t.userId, t.role)],
);

/** The columns an import reads, each mapped to a column index of the file (members import). */
export type MemberImportField = "firstName" | "lastName" | "fullName" | "email" | "phone" | "language" | "status" | "memberSince";
export type MemberImportMapping = Partial<Record<MemberImportField, number>>;
export interface MemberImportOptions {
  /** A row matching an existing person (email or phone): fill in their empty fields, or leave them alone. */
  duplicates: "merge" | "skip";
  /** For rows without a recognised language. */
  defaultLanguage: "en" | "es";
  /** Email each new person a sign-in invitation in their language. */
  invite: boolean;
}
export interface MemberImportCounts {
  created: number;
  merged: number;
  skipped: number;
  failed: number;
  invited: number;
}

/**
 * A CSV of people brought over from another church system (Admin → Members → Import): the
 * decoded file until the import ends, the column mapping, the dry run's report and, while it
 * runs in batches (ADR 036), how far it got.
 */
export const memberImports = pgTable(
  "member_imports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    /** `planning-center`, `breeze`, `churchcrm`, `template` or `other` (recognised by the header row). */
    format: text("format").notNull(),
    encoding: text("encoding").notNull(),
    /** The file as text (UTF-8); emptied once the import has finished. */
    source: text("source"),
    headers: jsonb("headers").$type<string[]>().notNull(),
    rowCount: integer("row_count").notNull(),
    mapping: jsonb("mapping").$type<MemberImportMapping>().notNull(),
    options: jsonb("options").$type<MemberImportOptions>(),
    status: text("status", { enum: ["uploaded", "checked", "running", "paused", "done"] })
      .notNull()
      .default("uploaded"),
    /** The dry run's findings (counts and the rows with problems). */
    report: jsonb("report"),
    /** Data rows already imported (0-based index of the next one). */
    nextRow: integer("next_row").notNull().default(0),
    counts: jsonb("counts").$type<MemberImportCounts>(),
    lastError: text("last_error"),
    /** Written with every batch: a running import whose heartbeat stops can be resumed. */
    heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("member_imports_created_idx").on(t.createdAt.desc())],
);
