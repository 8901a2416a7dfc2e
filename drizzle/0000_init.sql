CREATE TYPE "public"."app_role" AS ENUM('admin', 'moderator');--> statement-breakpoint
CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "church_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text,
	"tagline_en" text NOT NULL,
	"tagline_es" text,
	"street_address" text NOT NULL,
	"city" text NOT NULL,
	"region" text NOT NULL,
	"postal_code" text NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"phone" text NOT NULL,
	"phone_display" text NOT NULL,
	"sms_keyword" text DEFAULT 'HOME' NOT NULL,
	"email" text,
	"time_zone" text DEFAULT 'America/Chicago' NOT NULL,
	"latitude" real,
	"longitude" real,
	"map_embed_url" text,
	"directions_url" text,
	"facebook_url" text,
	"youtube_url" text,
	"og_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "church_settings_single_row" CHECK ("church_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "church_values" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text,
	"description_en" text NOT NULL,
	"description_es" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "church_values_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "content_blocks" (
	"key" text PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text,
	"body_en" text DEFAULT '' NOT NULL,
	"body_es" text,
	"summary_en" text,
	"summary_es" text,
	"image_url" text,
	"image_alt_en" text,
	"image_alt_es" text,
	"link_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text,
	"description_en" text NOT NULL,
	"description_es" text,
	"category" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"location_name" text,
	"image_url" text,
	"is_featured" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "hero_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text,
	"mp4_url" text NOT NULL,
	"webm_url" text,
	"poster_url" text NOT NULL,
	"playback_rate" real DEFAULT 0.5 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hero_videos_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "home_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"kind" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text,
	"description_en" text NOT NULL,
	"description_es" text,
	"icon" text NOT NULL,
	"gradient" text DEFAULT 'teal' NOT NULL,
	"href" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_cards_key_unique" UNIQUE("key"),
	CONSTRAINT "home_cards_kind" CHECK ("home_cards"."kind" in ('spiritual_home', 'why_choose'))
);
--> statement-breakpoint
CREATE TABLE "leaders" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"role_en" text NOT NULL,
	"role_es" text,
	"bio_en" text NOT NULL,
	"bio_es" text,
	"photo_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leaders_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "media_gallery" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"title_es" text,
	"description" text,
	"description_es" text,
	"image_url" text,
	"event_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"category" text,
	"media_type" text DEFAULT 'image' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sermons" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title_en" text NOT NULL,
	"title_es" text,
	"summary_en" text NOT NULL,
	"summary_es" text,
	"series_en" text,
	"series_es" text,
	"speaker" text NOT NULL,
	"scripture" text,
	"preached_on" date NOT NULL,
	"video_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sermons_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "service_times" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"day_of_week" smallint NOT NULL,
	"start_time" text NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text,
	"is_main_service" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_times_key_unique" UNIQUE("key"),
	CONSTRAINT "service_times_day" CHECK ("service_times"."day_of_week" between 0 and 6),
	CONSTRAINT "service_times_time" CHECK ("service_times"."start_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"display_name" text,
	"username" text,
	"full_name" text,
	"has_completed_tour" boolean DEFAULT false NOT NULL,
	"tour_completion_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"role" "app_role" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_unique" UNIQUE("user_id","role")
);
--> statement-breakpoint
CREATE INDEX "events_starts_at_idx" ON "events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "media_gallery_type_created_idx" ON "media_gallery" USING btree ("media_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sermons_preached_on_idx" ON "sermons" USING btree ("preached_on");