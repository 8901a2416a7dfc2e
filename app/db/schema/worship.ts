import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";

/**
 * Worship and learning (issue 6): sermons, watch live and its chat, the study hub, study groups,
 * the membership class and membership applications.
 */

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/** PostgreSQL's full-text document type; only written by generated columns. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

/**
 * Accented letters and their plain forms. The generated `search` columns fold text with
 * PostgreSQL's translate() before stemming, and queries fold the same way
 * (features/search/full-text-query.server.ts), so "sabiduria" finds "sabiduría" and
 * "Martinez" finds "Martínez" whatever the stemmer does with accents.
 */
export const ACCENTED_LETTERS = "ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç";
export const PLAIN_LETTERS = "AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc";
const fold = (expression: string) => sql.raw(`translate(${expression}, '${ACCENTED_LETTERS}', '${PLAIN_LETTERS}')`);

const publishStatus = () =>
  text("status", { enum: ["draft", "published"] })
    .notNull()
    .default("published");

// ---------------------------------------------------------------------------------------------
// Sermons

export const sermonSeries = pgTable("sermon_series", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  titleEn: text("title_en").notNull(),
  titleEs: text("title_es"),
  descriptionEn: text("description_en").notNull().default(""),
  descriptionEs: text("description_es"),
  imageUrl: text("image_url"),
  imageAltEn: text("image_alt_en"),
  imageAltEs: text("image_alt_es"),
  ...timestamps,
});

export const sermonTopics = pgTable("sermon_topics", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  nameEn: text("name_en").notNull(),
  nameEs: text("name_es"),
  ...timestamps,
});

/**
 * A sermon. Video is a YouTube/Vimeo page URL (`video_url`) or an uploaded file
 * (`video_file_url`); audio (`audio_url`, an upload or a URL) feeds the podcast. `search` is
 * maintained by PostgreSQL: English text with the English stemmer, Spanish with the Spanish one
 * (which also folds accents), speaker and scripture as plain words.
 */
export const sermons = pgTable(
  "sermons",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    titleEn: text("title_en").notNull(),
    titleEs: text("title_es"),
    summaryEn: text("summary_en").notNull(),
    summaryEs: text("summary_es"),
    seriesId: integer("series_id").references(() => sermonSeries.id, { onDelete: "set null" }),
    speaker: text("speaker").notNull(),
    /** Scripture references as written, e.g. "John 1:1-18; Psalm 23". */
    scripture: text("scripture"),
    preachedOn: date("preached_on").notNull(),
    videoUrl: text("video_url"),
    videoFileUrl: text("video_file_url"),
    audioUrl: text("audio_url"),
    audioMimeType: text("audio_mime_type"),
    audioBytes: integer("audio_bytes"),
    audioDurationSeconds: integer("audio_duration_seconds"),
    notesUrl: text("notes_url"),
    notesFileName: text("notes_file_name"),
    status: publishStatus(),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', ${fold("coalesce(title_en, '')")}), 'A') || setweight(to_tsvector('spanish', ${fold("coalesce(title_es, '')")}), 'A') || setweight(to_tsvector('english', ${fold("coalesce(summary_en, '')")}), 'B') || setweight(to_tsvector('spanish', ${fold("coalesce(summary_es, '')")}), 'B') || setweight(to_tsvector('simple', ${fold("coalesce(speaker, '') || ' ' || coalesce(scripture, '')")}), 'C')`,
    ),
    ...timestamps,
  },
  (t) => [
    index("sermons_preached_on_idx").on(t.preachedOn),
    index("sermons_series_idx").on(t.seriesId, t.preachedOn),
    index("sermons_search_idx").using("gin", t.search),
  ],
);

export const sermonTopicLinks = pgTable(
  "sermon_topic_links",
  {
    sermonId: integer("sermon_id")
      .notNull()
      .references(() => sermons.id, { onDelete: "cascade" }),
    topicId: integer("topic_id")
      .notNull()
      .references(() => sermonTopics.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.sermonId, t.topicId] }), index("sermon_topic_links_topic_idx").on(t.topicId)],
);

// ---------------------------------------------------------------------------------------------
// Watch live

/**
 * A live stream the staff started: a YouTube live video id or an HLS URL. The current one has
 * no `ended_at` (at most one); ended ones keep their chat history.
 */
export const liveStreams = pgTable(
  "live_streams",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    titleEn: text("title_en").notNull(),
    titleEs: text("title_es"),
    provider: text("provider", { enum: ["youtube", "hls"] }).notNull(),
    youtubeVideoId: text("youtube_video_id"),
    hlsUrl: text("hls_url"),
    chatEnabled: boolean("chat_enabled").notNull().default(true),
    startedBy: text("started_by").references(() => users.id, { onDelete: "set null" }),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("live_streams_one_current_idx")
      .on(sql`(${t.endedAt} is null)`)
      .where(sql`${t.endedAt} is null`),
    index("live_streams_started_at_idx").on(t.startedAt),
    check(
      "live_streams_source",
      sql`(${t.provider} = 'youtube' and ${t.youtubeVideoId} is not null) or (${t.provider} = 'hls' and ${t.hlsUrl} is not null)`,
    ),
  ],
);

export const liveChatMessages = pgTable(
  "live_chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    streamId: uuid("stream_id")
      .notNull()
      .references(() => liveStreams.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The name shown beside the message, as it was when posted. */
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: text("deleted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("live_chat_messages_stream_idx").on(t.streamId, t.createdAt),
    check("live_chat_messages_body_length", sql`char_length(${t.body}) between 1 and 500`),
  ],
);

/** A member muted in the live chat, until `expires_at` (null: until unmuted). */
export const liveChatMutes = pgTable("live_chat_mutes", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  mutedBy: text("muted_by").references(() => users.id, { onDelete: "set null" }),
  reason: text("reason"),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Study hub

/** The weekly study guide: passage, devotional, questions and prayer, in both languages. */
export const studyGuides = pgTable(
  "study_guides",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    /** The Monday of the week the guide is for (local date). */
    weekOf: date("week_of").notNull(),
    titleEn: text("title_en").notNull(),
    titleEs: text("title_es"),
    /** The passage as staff typed it ("Juan 3:1-21" or "John 3:1-21"). */
    passage: text("passage").notNull(),
    /** The same passage as OSIS ("John.3.1-John.3.21"), from the reference parser. */
    passageOsis: text("passage_osis"),
    devotionalEn: text("devotional_en").notNull(),
    devotionalEs: text("devotional_es"),
    questionsEn: text("questions_en")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    questionsEs: text("questions_es")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    prayerEn: text("prayer_en").notNull(),
    prayerEs: text("prayer_es"),
    status: publishStatus(),
    search: tsvector("search").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', ${fold("coalesce(title_en, '')")}), 'A') || setweight(to_tsvector('spanish', ${fold("coalesce(title_es, '')")}), 'A') || setweight(to_tsvector('simple', ${fold("coalesce(passage, '')")}), 'A') || setweight(to_tsvector('english', ${fold("coalesce(devotional_en, '') || ' ' || coalesce(prayer_en, '')")}), 'B') || setweight(to_tsvector('spanish', ${fold("coalesce(devotional_es, '') || ' ' || coalesce(prayer_es, '')")}), 'B')`,
    ),
    ...timestamps,
  },
  (t) => [index("study_guides_week_idx").on(t.status, t.weekOf), index("study_guides_search_idx").using("gin", t.search)],
);

export const readingPlans = pgTable("reading_plans", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  titleEn: text("title_en").notNull(),
  titleEs: text("title_es"),
  descriptionEn: text("description_en").notNull().default(""),
  descriptionEs: text("description_es"),
  isActive: boolean("is_active").notNull().default(true),
  ...timestamps,
});

export const readingPlanDays = pgTable(
  "reading_plan_days",
  {
    id: serial("id").primaryKey(),
    planId: integer("plan_id")
      .notNull()
      .references(() => readingPlans.id, { onDelete: "cascade" }),
    dayNumber: integer("day_number").notNull(),
    /** The reading as typed; shown in the reader's language from its OSIS form. */
    passage: text("passage").notNull(),
    passageOsis: text("passage_osis"),
  },
  (t) => [
    uniqueIndex("reading_plan_days_plan_day_idx").on(t.planId, t.dayNumber),
    check("reading_plan_days_day_positive", sql`${t.dayNumber} > 0`),
  ],
);

export const readingPlanProgress = pgTable(
  "reading_plan_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dayId: integer("day_id")
      .notNull()
      .references(() => readingPlanDays.id, { onDelete: "cascade" }),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dayId] })],
);

/** A member's private study note, optionally about a guide or a passage. */
export const studyNotes = pgTable(
  "study_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    guideId: integer("guide_id").references(() => studyGuides.id, { onDelete: "set null" }),
    passage: text("passage"),
    body: text("body").notNull(),
    ...timestamps,
  },
  (t) => [
    index("study_notes_user_idx").on(t.userId, t.updatedAt),
    check("study_notes_body_length", sql`char_length(${t.body}) between 1 and 10000`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Study groups

export const studyGroups = pgTable(
  "study_groups",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    nameEn: text("name_en").notNull(),
    nameEs: text("name_es"),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionEs: text("description_es"),
    /** 0 = Sunday … 6 = Saturday, like service_times. */
    dayOfWeek: smallint("day_of_week").notNull(),
    /** 24-hour "HH:MM" in the church's time zone. */
    startTime: text("start_time").notNull(),
    durationMinutes: integer("duration_minutes").notNull().default(90),
    meetingMode: text("meeting_mode", { enum: ["in_person", "online", "hybrid"] }).notNull(),
    locationName: text("location_name"),
    address: text("address"),
    /** The video-call link: shown to the group's members only. */
    onlineUrl: text("online_url"),
    language: text("language", { enum: ["en", "es", "bilingual"] }).notNull(),
    /** Shown as the leader when no member account leads the group yet (demo content, new groups). */
    contactName: text("contact_name"),
    /** Accepting join requests. */
    isOpen: boolean("is_open").notNull().default(true),
    capacity: integer("capacity"),
    status: text("status", { enum: ["active", "archived"] })
      .notNull()
      .default("active"),
    scheduleNotesEn: text("schedule_notes_en"),
    scheduleNotesEs: text("schedule_notes_es"),
    ...timestamps,
  },
  (t) => [
    check("study_groups_day", sql`${t.dayOfWeek} between 0 and 6`),
    check("study_groups_time", sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("study_groups_capacity_positive", sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);

/** A member's place in a group: a join request (`pending`) or membership; leaders lead it. */
export const groupMembers = pgTable(
  "group_members",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: integer("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["leader", "member"] })
      .notNull()
      .default("member"),
    status: text("status", { enum: ["pending", "active", "declined", "left", "removed"] }).notNull(),
    /** What the member wrote with the request. */
    message: text("message").notNull().default(""),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("group_members_group_user_idx").on(t.groupId, t.userId),
    index("group_members_user_idx").on(t.userId),
    index("group_members_group_status_idx").on(t.groupId, t.status),
  ],
);

// ---------------------------------------------------------------------------------------------
// The membership class (Kingdom Builders) and membership applications

/** One run of the membership class, with its sessions. */
export const classOfferings = pgTable("class_offerings", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  titleEn: text("title_en").notNull(),
  titleEs: text("title_es"),
  descriptionEn: text("description_en").notNull().default(""),
  descriptionEs: text("description_es"),
  locationName: text("location_name"),
  /** People per offering; null: no limit. */
  capacity: integer("capacity"),
  status: text("status", { enum: ["draft", "open", "closed"] })
    .notNull()
    .default("open"),
  ...timestamps,
});

export const classSessions = pgTable(
  "class_sessions",
  {
    id: serial("id").primaryKey(),
    offeringId: integer("offering_id")
      .notNull()
      .references(() => classOfferings.id, { onDelete: "cascade" }),
    sessionNumber: integer("session_number").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    topicEn: text("topic_en").notNull(),
    topicEs: text("topic_es"),
  },
  (t) => [uniqueIndex("class_sessions_offering_number_idx").on(t.offeringId, t.sessionNumber)],
);

export const classSignups = pgTable(
  "class_signups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    offeringId: integer("offering_id")
      .notNull()
      .references(() => classOfferings.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    status: text("status", { enum: ["registered", "cancelled"] })
      .notNull()
      .default("registered"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("class_signups_one_live_per_email_idx")
      .on(t.offeringId, sql`lower(${t.email})`)
      .where(sql`${t.status} = 'registered'`),
  ],
);

/** The /join-church form; reviewed in inbox/signups. Approval makes the profile a member. */
export const membershipApplications = pgTable(
  "membership_applications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    birthDate: date("birth_date"),
    address: text("address"),
    baptized: text("baptized", { enum: ["yes", "no", "unsure"] }).notNull(),
    baptismDate: date("baptism_date"),
    baptismChurch: text("baptism_church"),
    previousChurch: text("previous_church"),
    howHeard: text("how_heard"),
    message: text("message"),
    language: text("language", { enum: ["en", "es"] })
      .notNull()
      .default("en"),
    status: text("status", { enum: ["new", "reviewing", "approved", "declined"] })
      .notNull()
      .default("new"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index("membership_applications_status_idx").on(t.status, t.createdAt)],
);
