CREATE TABLE "event_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" integer NOT NULL,
	"occurrence_start" timestamp with time zone NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"party_size" integer DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cancel_token_hash" text NOT NULL,
	"promoted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_registrations_cancel_token_hash_unique" UNIQUE("cancel_token_hash"),
	CONSTRAINT "event_registrations_party_size_range" CHECK ("event_registrations"."party_size" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "fundraiser_archive" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer,
	"title" text NOT NULL,
	"held_on" date NOT NULL,
	"menu" text DEFAULT '' NOT NULL,
	"meals_sold" integer DEFAULT 0 NOT NULL,
	"revenue_cents" integer DEFAULT 0 NOT NULL,
	"volunteers" integer DEFAULT 0 NOT NULL,
	"registrations" integer DEFAULT 0 NOT NULL,
	"attendees" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fundraiser_archive_non_negative" CHECK ("fundraiser_archive"."meals_sold" >= 0 and "fundraiser_archive"."revenue_cents" >= 0 and "fundraiser_archive"."volunteers" >= 0 and "fundraiser_archive"."registrations" >= 0 and "fundraiser_archive"."attendees" >= 0)
);
--> statement-breakpoint
CREATE TABLE "signup_inbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"event_id" integer,
	"registration_id" uuid,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"summary" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"assignee_user_id" text,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "map_url" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_alt_en" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "image_alt_es" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "recurrence" jsonb;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "excluded_dates" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "rsvp_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "guest_registration" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "max_party_size" integer DEFAULT 6 NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "needs_follow_up" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "registration_questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "calendar_feed_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_registrations" ADD CONSTRAINT "event_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraiser_archive" ADD CONSTRAINT "fundraiser_archive_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_inbox" ADD CONSTRAINT "signup_inbox_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_inbox" ADD CONSTRAINT "signup_inbox_registration_id_event_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."event_registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signup_inbox" ADD CONSTRAINT "signup_inbox_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "event_registrations_one_live_per_email_idx" ON "event_registrations" USING btree ("event_id","occurrence_start",lower("email")) WHERE "event_registrations"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "event_registrations_occurrence_idx" ON "event_registrations" USING btree ("event_id","occurrence_start","status","created_at");--> statement-breakpoint
CREATE INDEX "event_registrations_user_idx" ON "event_registrations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "event_registrations_reminder_idx" ON "event_registrations" USING btree ("occurrence_start") WHERE "event_registrations"."status" = 'confirmed' and "event_registrations"."reminder_sent_at" is null;--> statement-breakpoint
CREATE INDEX "fundraiser_archive_held_on_idx" ON "fundraiser_archive" USING btree ("held_on");--> statement-breakpoint
CREATE INDEX "signup_inbox_status_created_idx" ON "signup_inbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "events_status_starts_at_idx" ON "events" USING btree ("status","starts_at");--> statement-breakpoint
-- Keep one featured event (the lowest id) before enforcing "at most one".
UPDATE "events" SET "is_featured" = false WHERE "is_featured" AND "id" <> (SELECT min("id") FROM "events" WHERE "is_featured");--> statement-breakpoint
CREATE UNIQUE INDEX "events_one_featured_idx" ON "events" USING btree ("is_featured") WHERE "events"."is_featured";--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_capacity_positive" CHECK ("events"."capacity" is null or "events"."capacity" > 0);--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_max_party_size_range" CHECK ("events"."max_party_size" between 1 and 50);