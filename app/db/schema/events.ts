import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { classSignups, membershipApplications } from "./worship";
import { volunteerSignups } from "./community";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * How an event repeats, in the church's time zone: every `interval` days, weeks or months from
 * the first occurrence (`events.starts_at`), on `byWeekday` (0 = Monday … 6 = Sunday) for weekly
 * rules, until a local date or for a number of occurrences. Expanded by
 * `features/events/occurrences.ts`, written as an RRULE in calendar feeds.
 */
export interface EventRecurrence {
  freq: "daily" | "weekly" | "monthly";
  interval: number;
  byWeekday?: number[];
  /** The last local date (YYYY-MM-DD) an occurrence may fall on. */
  until?: string;
  count?: number;
}

/** An extra question on an event's registration form (issue 5). */
export interface RegistrationQuestion {
  id: string;
  kind: "text" | "choice" | "number";
  labelEn: string;
  labelEs?: string;
  required: boolean;
  /** For `choice`: the options, each in both languages. */
  options?: { en: string; es?: string }[];
  /** For `number`. */
  min?: number;
  max?: number;
}

/**
 * A church event. A recurring event is one row with a `recurrence`; `starts_at`/`ends_at` are
 * its first occurrence, and every occurrence keeps that local time of day (across DST changes).
 */
export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    titleEn: text("title_en").notNull(),
    titleEs: text("title_es"),
    descriptionEn: text("description_en").notNull(),
    descriptionEs: text("description_es"),
    category: text("category").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    locationName: text("location_name"),
    /** Street address of the place; the map link is built from it unless `map_url` is set. */
    address: text("address"),
    mapUrl: text("map_url"),
    imageUrl: text("image_url"),
    imageAltEn: text("image_alt_en"),
    imageAltEs: text("image_alt_es"),
    isFeatured: boolean("is_featured").notNull().default(false),
    status: text("status", { enum: ["draft", "published", "cancelled"] })
      .notNull()
      .default("published"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    recurrence: jsonb("recurrence").$type<EventRecurrence>(),
    /** Local dates (YYYY-MM-DD) of occurrences that do not take place. */
    excludedDates: text("excluded_dates")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Places per occurrence, counted in people (party sizes); null: no limit. */
    capacity: integer("capacity"),
    rsvpEnabled: boolean("rsvp_enabled").notNull().default(true),
    /** Visitors without an account may register with name + email. */
    guestRegistration: boolean("guest_registration").notNull().default(false),
    maxPartySize: integer("max_party_size").notNull().default(6),
    /** Each registration also lands in inbox/signups for staff follow-up. */
    needsFollowUp: boolean("needs_follow_up").notNull().default(false),
    registrationQuestions: jsonb("registration_questions")
      .$type<RegistrationQuestion[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...timestamps,
  },
  (t) => [
    index("events_starts_at_idx").on(t.startsAt),
    index("events_status_starts_at_idx").on(t.status, t.startsAt),
    // The events list and calendar: one-off events still running at `from` (bench/explain.md) …
    index("events_ends_or_starts_at_idx").on(sql`coalesce(${t.endsAt}, ${t.startsAt})`),
    // … or recurring (their rule decides), as a BitmapOr instead of a scan of every past event.
    index("events_recurring_idx")
      .on(t.startsAt)
      .where(sql`${t.recurrence} is not null`),
    check("events_capacity_positive", sql`${t.capacity} is null or ${t.capacity} > 0`),
    check("events_max_party_size_range", sql`${t.maxPartySize} between 1 and 50`),
    // At most one featured event: the home page's flyer.
    uniqueIndex("events_one_featured_idx")
      .on(t.isFeatured)
      .where(sql`${t.isFeatured}`),
  ],
);

/**
 * One registration (RSVP) for one occurrence of an event, by a member (`user_id`) or a guest.
 * `confirmed` holds places; `waitlisted` waits in `created_at` order; `cancelled` is kept for
 * the record. One live registration per email and occurrence.
 */
export const eventRegistrations = pgTable(
  "event_registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    occurrenceStart: timestamp("occurrence_start", { withTimezone: true }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    partySize: integer("party_size").notNull().default(1),
    status: text("status", { enum: ["confirmed", "waitlisted", "cancelled"] }).notNull(),
    answers: jsonb("answers")
      .$type<Record<string, string | number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** SHA-256 of the token in the emailed cancel link. */
    cancelTokenHash: text("cancel_token_hash").notNull().unique(),
    promotedAt: timestamp("promoted_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    reminderSentAt: timestamp("reminder_sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("event_registrations_one_live_per_email_idx")
      .on(t.eventId, t.occurrenceStart, sql`lower(${t.email})`)
      .where(sql`${t.status} <> 'cancelled'`),
    index("event_registrations_occurrence_idx").on(t.eventId, t.occurrenceStart, t.status, t.createdAt),
    index("event_registrations_user_idx").on(t.userId),
    index("event_registrations_reminder_idx")
      .on(t.occurrenceStart)
      .where(sql`${t.status} = 'confirmed' and ${t.reminderSentAt} is null`),
    check("event_registrations_party_size_range", sql`${t.partySize} between 1 and 50`),
  ],
);

/**
 * inbox/signups: sign-ups that need staff follow-up: event registrations, membership-class
 * sign-ups, membership applications (with their approval workflow) and volunteers (later).
 */
export const signupInbox = pgTable(
  "signup_inbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: ["event", "class", "membership", "volunteer"] }).notNull(),
    eventId: integer("event_id").references(() => events.id, { onDelete: "set null" }),
    registrationId: uuid("registration_id").references(() => eventRegistrations.id, { onDelete: "set null" }),
    classSignupId: uuid("class_signup_id").references(() => classSignups.id, { onDelete: "set null" }),
    applicationId: uuid("application_id").references(() => membershipApplications.id, { onDelete: "set null" }),
    volunteerSignupId: uuid("volunteer_signup_id").references(() => volunteerSignups.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    summary: text("summary").notNull(),
    status: text("status", { enum: ["new", "contacted", "done"] })
      .notNull()
      .default("new"),
    assigneeUserId: text("assignee_user_id").references(() => users.id, { onDelete: "set null" }),
    notes: text("notes").notNull().default(""),
    ...timestamps,
  },
  (t) => [index("signup_inbox_status_created_idx").on(t.status, t.createdAt)],
);

/** The fish-fry (and other fundraiser) archive: one row per past fundraiser. */
export const fundraiserArchive = pgTable(
  "fundraiser_archive",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id").references(() => events.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    heldOn: date("held_on").notNull(),
    menu: text("menu").notNull().default(""),
    mealsSold: integer("meals_sold").notNull().default(0),
    revenueCents: integer("revenue_cents").notNull().default(0),
    volunteers: integer("volunteers").notNull().default(0),
    /** Registration totals copied when an event is archived. */
    registrations: integer("registrations").notNull().default(0),
    attendees: integer("attendees").notNull().default(0),
    notes: text("notes").notNull().default(""),
    ...timestamps,
  },
  (t) => [
    index("fundraiser_archive_held_on_idx").on(t.heldOn),
    check(
      "fundraiser_archive_non_negative",
      sql`${t.mealsSold} >= 0 and ${t.revenueCents} >= 0 and ${t.volunteers} >= 0 and ${t.registrations} >= 0 and ${t.attendees} >= 0`,
    ),
  ],
);
