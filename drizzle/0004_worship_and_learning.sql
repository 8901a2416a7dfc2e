CREATE TABLE "class_offerings" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text,
	"location_name" text,
	"capacity" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "class_offerings_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "class_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"offering_id" integer NOT NULL,
	"session_number" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"topic_en" text NOT NULL,
	"topic_es" text
);
--> statement-breakpoint
CREATE TABLE "class_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offering_id" integer NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"status" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_chat_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stream_id" uuid NOT NULL,
	"user_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" text,
	CONSTRAINT "live_chat_messages_body_length" CHECK (char_length("live_chat_messages"."body") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "live_chat_mutes" (
	"user_id" text PRIMARY KEY NOT NULL,
	"muted_by" text,
	"reason" text,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_streams" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text,
	"provider" text NOT NULL,
	"youtube_video_id" text,
	"hls_url" text,
	"chat_enabled" boolean DEFAULT true NOT NULL,
	"started_by" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_streams_source" CHECK (("live_streams"."provider" = 'youtube' and "live_streams"."youtube_video_id" is not null) or ("live_streams"."provider" = 'hls' and "live_streams"."hls_url" is not null))
);
--> statement-breakpoint
CREATE TABLE "membership_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"birth_date" date,
	"address" text,
	"baptized" text NOT NULL,
	"baptism_date" date,
	"baptism_church" text,
	"previous_church" text,
	"how_heard" text,
	"message" text,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reading_plan_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"day_number" integer NOT NULL,
	"passage" text NOT NULL,
	"passage_osis" text,
	CONSTRAINT "reading_plan_days_day_positive" CHECK ("reading_plan_days"."day_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "reading_plan_progress" (
	"user_id" text NOT NULL,
	"day_id" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_plan_progress_user_id_day_id_pk" PRIMARY KEY("user_id","day_id")
);
--> statement-breakpoint
CREATE TABLE "reading_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_plans_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "sermon_series" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text,
	"image_url" text,
	"image_alt_en" text,
	"image_alt_es" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sermon_series_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "sermon_topic_links" (
	"sermon_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	CONSTRAINT "sermon_topic_links_sermon_id_topic_id_pk" PRIMARY KEY("sermon_id","topic_id")
);
--> statement-breakpoint
CREATE TABLE "sermon_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sermon_topics_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "study_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text,
	"description_en" text DEFAULT '' NOT NULL,
	"description_es" text,
	"day_of_week" smallint NOT NULL,
	"start_time" text NOT NULL,
	"duration_minutes" integer DEFAULT 90 NOT NULL,
	"meeting_mode" text NOT NULL,
	"location_name" text,
	"address" text,
	"online_url" text,
	"language" text NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"capacity" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"schedule_notes_en" text,
	"schedule_notes_es" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_groups_slug_unique" UNIQUE("slug"),
	CONSTRAINT "study_groups_day" CHECK ("study_groups"."day_of_week" between 0 and 6),
	CONSTRAINT "study_groups_time" CHECK ("study_groups"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "study_groups_capacity_positive" CHECK ("study_groups"."capacity" is null or "study_groups"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "study_guides" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"week_of" date NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text,
	"passage" text NOT NULL,
	"passage_osis" text,
	"devotional_en" text NOT NULL,
	"devotional_es" text,
	"questions_en" text[] DEFAULT '{}'::text[] NOT NULL,
	"questions_es" text[] DEFAULT '{}'::text[] NOT NULL,
	"prayer_en" text NOT NULL,
	"prayer_es" text,
	"status" text DEFAULT 'published' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', translate(coalesce(title_en, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')), 'A') || setweight(to_tsvector('spanish', translate(coalesce(title_es, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')), 'A') || setweight(to_tsvector('simple', translate(coalesce(passage, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')), 'A') || setweight(to_tsvector('english', translate(coalesce(devotional_en, '') || ' ' || coalesce(prayer_en, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')), 'B') || setweight(to_tsvector('spanish', translate(coalesce(devotional_es, '') || ' ' || coalesce(prayer_es, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')), 'B')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_guides_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "study_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"guide_id" integer,
	"passage" text,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "study_notes_body_length" CHECK (char_length("study_notes"."body") between 1 and 10000)
);
--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "video_file_url" text;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "audio_url" text;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "audio_mime_type" text;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "audio_bytes" integer;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "audio_duration_seconds" integer;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "notes_url" text;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "notes_file_name" text;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "sermons" ADD COLUMN "search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', translate(coalesce(title_en, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')), 'A') || setweight(to_tsvector('spanish', translate(coalesce(title_es, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')), 'A') || setweight(to_tsvector('english', translate(coalesce(summary_en, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')), 'B') || setweight(to_tsvector('spanish', translate(coalesce(summary_es, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')), 'B') || setweight(to_tsvector('simple', translate(coalesce(speaker, '') || ' ' || coalesce(scripture, ''), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')), 'C')) STORED;--> statement-breakpoint
ALTER TABLE "signup_inbox" ADD COLUMN "class_signup_id" uuid;--> statement-breakpoint
ALTER TABLE "signup_inbox" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "signup_inbox" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "signup_inbox" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "class_sessions" ADD CONSTRAINT "class_sessions_offering_id_class_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."class_offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_signups" ADD CONSTRAINT "class_signups_offering_id_class_offerings_id_fk" FOREIGN KEY ("offering_id") REFERENCES "public"."class_offerings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_signups" ADD CONSTRAINT "class_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_stream_id_live_streams_id_fk" FOREIGN KEY ("stream_id") REFERENCES "public"."live_streams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_messages" ADD CONSTRAINT "live_chat_messages_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_mutes" ADD CONSTRAINT "live_chat_mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_chat_mutes" ADD CONSTRAINT "live_chat_mutes_muted_by_users_id_fk" FOREIGN KEY ("muted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_applications" ADD CONSTRAINT "membership_applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_plan_days" ADD CONSTRAINT "reading_plan_days_plan_id_reading_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."reading_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_plan_progress" ADD CONSTRAINT "reading_plan_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_plan_progress" ADD CONSTRAINT "reading_plan_progress_day_id_reading_plan_days_id_fk" FOREIGN KEY ("day_id") REFERENCES "public"."reading_plan_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sermon_topic_links" ADD CONSTRAINT "sermon_topic_links_sermon_id_sermons_id_fk" FOREIGN KEY ("sermon_id") REFERENCES "public"."sermons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sermon_topic_links" ADD CONSTRAINT "sermon_topic_links_topic_id_sermon_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."sermon_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_notes" ADD CONSTRAINT "study_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "study_notes" ADD CONSTRAINT "study_notes_guide_id_study_guides_id_fk" FOREIGN KEY ("guide_id") REFERENCES "public"."study_guides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_sessions_offering_number_idx" ON "class_sessions" USING btree ("offering_id","session_number");--> statement-breakpoint
CREATE UNIQUE INDEX "class_signups_one_live_per_email_idx" ON "class_signups" USING btree ("offering_id",lower("email")) WHERE "class_signups"."status" = 'registered';--> statement-breakpoint
CREATE UNIQUE INDEX "group_members_group_user_idx" ON "group_members" USING btree ("group_id","user_id");--> statement-breakpoint
CREATE INDEX "group_members_user_idx" ON "group_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "group_members_group_status_idx" ON "group_members" USING btree ("group_id","status");--> statement-breakpoint
CREATE INDEX "live_chat_messages_stream_idx" ON "live_chat_messages" USING btree ("stream_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_streams_one_current_idx" ON "live_streams" USING btree (("ended_at" is null)) WHERE "live_streams"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "live_streams_started_at_idx" ON "live_streams" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "membership_applications_status_idx" ON "membership_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reading_plan_days_plan_day_idx" ON "reading_plan_days" USING btree ("plan_id","day_number");--> statement-breakpoint
CREATE INDEX "sermon_topic_links_topic_idx" ON "sermon_topic_links" USING btree ("topic_id");--> statement-breakpoint
CREATE INDEX "study_guides_week_idx" ON "study_guides" USING btree ("status","week_of");--> statement-breakpoint
CREATE INDEX "study_guides_search_idx" ON "study_guides" USING gin ("search");--> statement-breakpoint
CREATE INDEX "study_notes_user_idx" ON "study_notes" USING btree ("user_id","updated_at");--> statement-breakpoint
ALTER TABLE "sermons" ADD CONSTRAINT "sermons_series_id_sermon_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."sermon_series"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_inbox" ADD CONSTRAINT "signup_inbox_class_signup_id_class_signups_id_fk" FOREIGN KEY ("class_signup_id") REFERENCES "public"."class_signups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_inbox" ADD CONSTRAINT "signup_inbox_application_id_membership_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."membership_applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_inbox" ADD CONSTRAINT "signup_inbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sermons_series_idx" ON "sermons" USING btree ("series_id","preached_on");--> statement-breakpoint
CREATE INDEX "sermons_search_idx" ON "sermons" USING gin ("search");--> statement-breakpoint
-- Data: the series names sermons carried as text become sermon_series rows.
INSERT INTO "sermon_series" ("slug", "title_en", "title_es")
SELECT DISTINCT ON (slug) slug, "series_en", "series_es"
FROM (
  SELECT trim(both '-' from regexp_replace(lower("series_en"), '[^a-z0-9]+', '-', 'g')) AS slug, "series_en", "series_es"
  FROM "sermons" WHERE "series_en" IS NOT NULL AND trim("series_en") <> ''
) AS named
WHERE slug <> ''
ORDER BY slug
ON CONFLICT ("slug") DO NOTHING;--> statement-breakpoint
UPDATE "sermons" SET "series_id" = s."id"
FROM "sermon_series" s
WHERE "sermons"."series_en" IS NOT NULL
  AND s."slug" = trim(both '-' from regexp_replace(lower("sermons"."series_en"), '[^a-z0-9]+', '-', 'g'));
