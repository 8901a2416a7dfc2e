import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, real, serial, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
};

/**
 * The church profile: a single row (id = 1). Every church-specific fact lives here or in
 * the tables below, never in components, so the admin portal can edit it.
 */
export const churchSettings = pgTable(
  "church_settings",
  {
    id: smallint("id").primaryKey().default(1),
    nameEn: text("name_en").notNull(),
    nameEs: text("name_es"),
    taglineEn: text("tagline_en").notNull(),
    taglineEs: text("tagline_es"),
    streetAddress: text("street_address").notNull(),
    city: text("city").notNull(),
    region: text("region").notNull(),
    postalCode: text("postal_code").notNull(),
    country: text("country").notNull().default("US"),
    /** E.164, used for tel: and sms: links. */
    phone: text("phone").notNull(),
    /** How the number is printed on the page. */
    phoneDisplay: text("phone_display").notNull(),
    smsKeyword: text("sms_keyword").notNull().default("HOME"),
    email: text("email"),
    timeZone: text("time_zone").notNull().default("America/Chicago"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    mapEmbedUrl: text("map_embed_url"),
    directionsUrl: text("directions_url"),
    facebookUrl: text("facebook_url"),
    youtubeUrl: text("youtube_url"),
    instagramUrl: text("instagram_url"),
    ogImageUrl: text("og_image_url"),
    /** The church's logo (an uploaded image under /uploads), shown in the header; null = the built-in mark. */
    logoUrl: text("logo_url"),
    /** The main colour, "#rrggbb", white text on it at least 4.5:1 (WCAG AA); null = the built-in teal. */
    brandColor: text("brand_color"),
    /** Prayer wall: public and member requests appear at once (true) or after moderation. */
    prayerAutoApprove: boolean("prayer_auto_approve").notNull().default(false),
    /** Prayer wall: days a request stays on the wall. */
    prayerExpiryDays: integer("prayer_expiry_days").notNull().default(30),
    /** Community discussions: new threads appear at once (true) or after moderation. */
    discussionAutoApprove: boolean("discussion_auto_approve").notNull().default(false),
    /** Giving: the processing fee a donor may cover = amount × bp / 10000 + fixed cents (2.9 % + 30¢). */
    givingFeePercentBp: integer("giving_fee_percent_bp").notNull().default(290),
    givingFeeFixedCents: integer("giving_fee_fixed_cents").notNull().default(30),
    /** Text-to-give: the number to text (as printed) and the keyword; null = not offered. */
    givingTextNumber: text("giving_text_number"),
    givingTextKeyword: text("giving_text_keyword"),
    /** Store: flat shipping per order, in cents; pickup at church is always free. */
    storeShippingCents: integer("store_shipping_cents").notNull().default(800),
    storeShippingEnabled: boolean("store_shipping_enabled").notNull().default(true),
    /**
     * Retention (ADR 021): days a public or members-only prayer request is kept after it left
     * the wall (and staff last touched it); days a private request is kept after staff last
     * touched it; days live-chat messages are kept. The server deletes older ones every hour.
     */
    prayerRetentionDays: integer("prayer_retention_days").notNull().default(90),
    privatePrayerRetentionDays: integer("private_prayer_retention_days").notNull().default(365),
    chatRetentionDays: integer("chat_retention_days").notNull().default(30),
    ...timestamps,
  },
  (t) => [
    check("church_settings_single_row", sql`${t.id} = 1`),
    check("church_settings_brand_color", sql`${t.brandColor} is null or ${t.brandColor} ~ '^#[0-9a-f]{6}$'`),
    check(
      "church_settings_retention",
      sql`${t.prayerRetentionDays} between 1 and 3650 and ${t.privatePrayerRetentionDays} between 1 and 3650 and ${t.chatRetentionDays} between 1 and 3650`,
    ),
    check("church_settings_giving_fee", sql`${t.givingFeePercentBp} between 0 and 1000 and ${t.givingFeeFixedCents} between 0 and 500`),
    check("church_settings_shipping", sql`${t.storeShippingCents} between 0 and 10000`),
  ],
);

/** One truth for service times; every place on the site renders these rows. */
export const serviceTimes = pgTable(
  "service_times",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull().unique(),
    sortOrder: integer("sort_order").notNull().default(0),
    /** 0 = Sunday … 6 = Saturday */
    dayOfWeek: smallint("day_of_week").notNull(),
    /** 24-hour "HH:MM" in the church's time zone. */
    startTime: text("start_time").notNull(),
    nameEn: text("name_en").notNull(),
    nameEs: text("name_es"),
    isMainService: boolean("is_main_service").notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check("service_times_day", sql`${t.dayOfWeek} between 0 and 6`),
    check("service_times_time", sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
  ],
);

export const leaders = pgTable("leaders", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
  name: text("name").notNull(),
  roleEn: text("role_en").notNull(),
  roleEs: text("role_es"),
  bioEn: text("bio_en").notNull(),
  bioEs: text("bio_es"),
  photoUrl: text("photo_url"),
  ...timestamps,
});

export const churchValues = pgTable("church_values", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
  titleEn: text("title_en").notNull(),
  titleEs: text("title_es"),
  descriptionEn: text("description_en").notNull(),
  descriptionEs: text("description_es"),
  ...timestamps,
});

/**
 * Bilingual texts keyed by place: `home.hero`, `home.welcome`, `about.story`,
 * `page.events` (the heading, introduction and meta description of a page), …
 */
export const contentBlocks = pgTable("content_blocks", {
  key: text("key").primaryKey(),
  titleEn: text("title_en").notNull(),
  titleEs: text("title_es"),
  bodyEn: text("body_en").notNull().default(""),
  bodyEs: text("body_es"),
  summaryEn: text("summary_en"),
  summaryEs: text("summary_es"),
  imageUrl: text("image_url"),
  imageAltEn: text("image_alt_en"),
  imageAltEs: text("image_alt_es"),
  linkUrl: text("link_url"),
  ...timestamps,
});

/** Card rows of the home page: `spiritual_home` (six) and `why_choose` (four). */
export const homeCards = pgTable(
  "home_cards",
  {
    id: serial("id").primaryKey(),
    key: text("key").notNull().unique(),
    kind: text("kind").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    titleEn: text("title_en").notNull(),
    titleEs: text("title_es"),
    descriptionEn: text("description_en").notNull(),
    descriptionEs: text("description_es"),
    /** A name from the icon allow-list in `app/components/content-icon.tsx`. */
    icon: text("icon").notNull(),
    /** A name from the gradient allow-list in `app/components/content-icon.tsx`. */
    gradient: text("gradient").notNull().default("teal"),
    href: text("href"),
    ...timestamps,
  },
  (t) => [check("home_cards_kind", sql`${t.kind} in ('spiritual_home', 'why_choose')`)],
);

export const heroVideos = pgTable("hero_videos", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
  titleEn: text("title_en").notNull(),
  titleEs: text("title_es"),
  mp4Url: text("mp4_url").notNull(),
  webmUrl: text("webm_url"),
  posterUrl: text("poster_url").notNull(),
  playbackRate: real("playback_rate").notNull().default(0.5),
  ...timestamps,
});

/** Spec section 3, plus the Spanish title/description every content row carries. */
/** A gallery album: photos of one occasion (an event date) or theme. */
export const galleryAlbums = pgTable("gallery_albums", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  title: text("title").notNull(),
  titleEs: text("title_es"),
  eventDate: date("event_date"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A gallery photo (spec section 5). The public reads show only `media_type` image with an
 * image and `status` approved. Photos uploaded here are stored as resized variants:
 * `variant_base` (e.g. `/uploads/ab12…`) names them (`<base>-<width>.<webp|avif>`), `width` and
 * `height` are the largest variant's; `image_url` is always a directly usable image. Members'
 * submissions wait as `pending` until a moderator approves them.
 */
export const mediaGallery = pgTable(
  "media_gallery",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    titleEs: text("title_es"),
    description: text("description"),
    descriptionEs: text("description_es"),
    imageUrl: text("image_url"),
    eventDate: date("event_date"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    category: text("category"),
    mediaType: text("media_type").notNull().default("image"),
    albumId: integer("album_id").references(() => galleryAlbums.id, { onDelete: "set null" }),
    status: text("status", { enum: ["approved", "pending", "rejected"] })
      .notNull()
      .default("approved"),
    submittedByUserId: text("submitted_by_user_id").references(() => users.id, { onDelete: "set null" }),
    submitterName: text("submitter_name"),
    variantBase: text("variant_base"),
    width: integer("width"),
    height: integer("height"),
  },
  (t) => [
    index("media_gallery_type_created_idx").on(t.mediaType, t.createdAt.desc()),
    index("media_gallery_status_idx").on(t.status, t.createdAt),
    index("media_gallery_album_idx").on(t.albumId),
  ],
);

/** Small key/value facts about this installation (demo seed version, content version). */
export const appMeta = pgTable("app_meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Questions and answers the church assistant answers from (issue 9), edited in Admin →
 * Content. Plain text in both languages; a missing Spanish text falls back to English.
 */
export const faqItems = pgTable("faq_items", {
  id: serial("id").primaryKey(),
  questionEn: text("question_en").notNull(),
  questionEs: text("question_es"),
  answerEn: text("answer_en").notNull(),
  answerEs: text("answer_es"),
  /** A page of the site the answer points to, e.g. /plan-visit (optional). */
  href: text("href"),
  active: boolean("active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  ...timestamps,
});
