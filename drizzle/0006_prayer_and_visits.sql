CREATE TABLE "inbox_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prayer_request_id" uuid,
	"meeting_request_id" uuid,
	"author_user_id" text,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"outbox_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbox_replies_one_item" CHECK (num_nonnulls("inbox_replies"."prayer_request_id", "inbox_replies"."meeting_request_id") = 1)
);
--> statement-breakpoint
CREATE TABLE "meeting_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"preferred_date" date,
	"party_size" integer DEFAULT 1 NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"needs" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"assignee_user_id" text,
	"staff_notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meeting_requests_party_size" CHECK ("meeting_requests"."party_size" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "prayer_intercessions" (
	"request_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prayer_intercessions_request_id_user_id_pk" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "prayer_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prayer_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"author_name" text NOT NULL,
	"title" text,
	"body" text NOT NULL,
	"category" text NOT NULL,
	"visibility" text NOT NULL,
	"anonymous" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"status" text NOT NULL,
	"notify_on_prayer" boolean DEFAULT true NOT NULL,
	"praying_count" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	"praise_report" text,
	"expires_at" timestamp with time zone NOT NULL,
	"inbox_status" text DEFAULT 'new' NOT NULL,
	"assignee_user_id" text,
	"staff_notes" text DEFAULT '' NOT NULL,
	"report_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prayer_requests_body_length" CHECK (char_length("prayer_requests"."body") between 1 and 4000),
	CONSTRAINT "prayer_requests_counts" CHECK ("prayer_requests"."praying_count" >= 0 and "prayer_requests"."report_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "church_settings" ADD COLUMN "prayer_auto_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "church_settings" ADD COLUMN "prayer_expiry_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_replies" ADD CONSTRAINT "inbox_replies_prayer_request_id_prayer_requests_id_fk" FOREIGN KEY ("prayer_request_id") REFERENCES "public"."prayer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_replies" ADD CONSTRAINT "inbox_replies_meeting_request_id_meeting_requests_id_fk" FOREIGN KEY ("meeting_request_id") REFERENCES "public"."meeting_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_replies" ADD CONSTRAINT "inbox_replies_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD CONSTRAINT "meeting_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meeting_requests" ADD CONSTRAINT "meeting_requests_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_intercessions" ADD CONSTRAINT "prayer_intercessions_request_id_prayer_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."prayer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_intercessions" ADD CONSTRAINT "prayer_intercessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_reports" ADD CONSTRAINT "prayer_reports_request_id_prayer_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."prayer_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_reports" ADD CONSTRAINT "prayer_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_requests" ADD CONSTRAINT "prayer_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prayer_requests" ADD CONSTRAINT "prayer_requests_assignee_user_id_users_id_fk" FOREIGN KEY ("assignee_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_replies_prayer_idx" ON "inbox_replies" USING btree ("prayer_request_id");--> statement-breakpoint
CREATE INDEX "inbox_replies_meeting_idx" ON "inbox_replies" USING btree ("meeting_request_id");--> statement-breakpoint
CREATE INDEX "meeting_requests_status_idx" ON "meeting_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prayer_reports_one_per_member_idx" ON "prayer_reports" USING btree ("request_id","user_id");--> statement-breakpoint
CREATE INDEX "prayer_requests_wall_idx" ON "prayer_requests" USING btree ("status","visibility","expires_at","created_at");--> statement-breakpoint
CREATE INDEX "prayer_requests_user_idx" ON "prayer_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "prayer_requests_inbox_idx" ON "prayer_requests" USING btree ("inbox_status","created_at");