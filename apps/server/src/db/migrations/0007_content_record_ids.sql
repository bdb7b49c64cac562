ALTER TABLE "action_items" ADD COLUMN "external_record_id" text;--> statement-breakpoint
ALTER TABLE "action_items" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "portal_announcements" ADD COLUMN "external_record_id" text;--> statement-breakpoint
ALTER TABLE "portal_announcements" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD COLUMN "external_record_id" text;--> statement-breakpoint
ALTER TABLE "weekly_announcements" ADD COLUMN "external_record_id" text;--> statement-breakpoint
ALTER TABLE "weekly_announcements" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "action_items" ADD CONSTRAINT "action_items_external_record_id_unique" UNIQUE("external_record_id");--> statement-breakpoint
ALTER TABLE "portal_announcements" ADD CONSTRAINT "portal_announcements_external_record_id_unique" UNIQUE("external_record_id");--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD CONSTRAINT "tutoring_sessions_external_record_id_unique" UNIQUE("external_record_id");--> statement-breakpoint
ALTER TABLE "weekly_announcements" ADD CONSTRAINT "weekly_announcements_external_record_id_unique" UNIQUE("external_record_id");