CREATE TABLE "gallery_albums" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"title_es" text,
	"event_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_albums_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "discussion_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid NOT NULL,
	"user_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_replies_length" CHECK (char_length("discussion_replies"."body") between 1 and 4000),
	CONSTRAINT "discussion_replies_counts" CHECK ("discussion_replies"."report_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discussion_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"thread_id" uuid,
	"reply_id" uuid,
	"user_id" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_reports_one_item" CHECK (num_nonnulls("discussion_reports"."thread_id", "discussion_reports"."reply_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "discussion_threads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"author_name" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discussion_threads_lengths" CHECK (char_length("discussion_threads"."title") between 1 and 160 and char_length("discussion_threads"."body") between 1 and 8000),
	CONSTRAINT "discussion_threads_counts" CHECK ("discussion_threads"."reply_count" >= 0 and "discussion_threads"."report_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "prayer_parts" (
	"id" serial PRIMARY KEY NOT NULL,
	"topic" text,
	"kind" text NOT NULL,
	"text_en" text NOT NULL,
	"text_es" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_prayers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"topic" text NOT NULL,
	"language" text NOT NULL,
	"body" text NOT NULL,
	"scriptures" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_prayers_body_length" CHECK (char_length("saved_prayers"."body") between 1 and 6000)
);
--> statement-breakpoint
CREATE TABLE "volunteer_opportunities" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"title_es" text,
	"description" text DEFAULT '' NOT NULL,
	"description_es" text,
	"schedule" text DEFAULT '' NOT NULL,
	"schedule_es" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "volunteer_opportunities_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "volunteer_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opportunity_id" integer,
	"opportunity_title" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"language" text DEFAULT 'en' NOT NULL,
	"availability" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "church_settings" ADD COLUMN "discussion_auto_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media_gallery" ADD COLUMN "album_id" integer;--> statement-breakpoint
ALTER TABLE "media_gallery" ADD COLUMN "status" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "media_gallery" ADD COLUMN "submitted_by_user_id" text;--> statement-breakpoint
ALTER TABLE "media_gallery" ADD COLUMN "submitter_name" text;--> statement-breakpoint
ALTER TABLE "media_gallery" ADD COLUMN "variant_base" text;--> statement-breakpoint
ALTER TABLE "media_gallery" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "media_gallery" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "signup_inbox" ADD COLUMN "volunteer_signup_id" uuid;--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD CONSTRAINT "discussion_replies_thread_id_discussion_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."discussion_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_replies" ADD CONSTRAINT "discussion_replies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_thread_id_discussion_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."discussion_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_reply_id_discussion_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."discussion_replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_reports" ADD CONSTRAINT "discussion_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discussion_threads" ADD CONSTRAINT "discussion_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_prayers" ADD CONSTRAINT "saved_prayers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD CONSTRAINT "volunteer_signups_opportunity_id_volunteer_opportunities_id_fk" FOREIGN KEY ("opportunity_id") REFERENCES "public"."volunteer_opportunities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "volunteer_signups" ADD CONSTRAINT "volunteer_signups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discussion_replies_thread_idx" ON "discussion_replies" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_reports_thread_member_idx" ON "discussion_reports" USING btree ("thread_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discussion_reports_reply_member_idx" ON "discussion_reports" USING btree ("reply_id","user_id");--> statement-breakpoint
CREATE INDEX "discussion_threads_status_activity_idx" ON "discussion_threads" USING btree ("status","last_activity_at");--> statement-breakpoint
CREATE INDEX "prayer_parts_topic_kind_idx" ON "prayer_parts" USING btree ("kind","topic");--> statement-breakpoint
CREATE INDEX "saved_prayers_user_idx" ON "saved_prayers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "volunteer_opportunities_active_idx" ON "volunteer_opportunities" USING btree ("active","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "volunteer_signups_member_idx" ON "volunteer_signups" USING btree ("opportunity_id","user_id");--> statement-breakpoint
ALTER TABLE "media_gallery" ADD CONSTRAINT "media_gallery_album_id_gallery_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."gallery_albums"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_gallery" ADD CONSTRAINT "media_gallery_submitted_by_user_id_users_id_fk" FOREIGN KEY ("submitted_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_inbox" ADD CONSTRAINT "signup_inbox_volunteer_signup_id_volunteer_signups_id_fk" FOREIGN KEY ("volunteer_signup_id") REFERENCES "public"."volunteer_signups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_gallery_status_idx" ON "media_gallery" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "media_gallery_album_idx" ON "media_gallery" USING btree ("album_id");