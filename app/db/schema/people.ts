import { boolean, date, integer, pgEnum, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
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
