ALTER TABLE "church_settings" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "church_settings" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "church_settings" ADD CONSTRAINT "church_settings_brand_color" CHECK ("church_settings"."brand_color" is null or "church_settings"."brand_color" ~ '^#[0-9a-f]{6}$');