CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "events_ends_or_starts_at_idx" ON "events" USING btree (coalesce("ends_at", "starts_at"));--> statement-breakpoint
CREATE INDEX "events_recurring_idx" ON "events" USING btree ("starts_at") WHERE "events"."recurrence" is not null;