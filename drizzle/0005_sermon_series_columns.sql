ALTER TABLE "study_groups" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "sermons" DROP COLUMN "series_en";--> statement-breakpoint
ALTER TABLE "sermons" DROP COLUMN "series_es";