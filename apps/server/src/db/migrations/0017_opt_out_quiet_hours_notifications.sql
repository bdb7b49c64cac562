CREATE TABLE "notification_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tutor_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "notification_jobs_state_known" CHECK ("notification_jobs"."state" in ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "notification_jobs_channel_known" CHECK ("notification_jobs"."channel" in ('email', 'text'))
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"tutor_id" uuid PRIMARY KEY NOT NULL,
	"channel" text DEFAULT 'email' NOT NULL,
	"quiet_hours" text,
	"time_zone" text,
	"phone" text,
	"phone_verified_at" timestamp with time zone,
	"phone_opted_out_at" timestamp with time zone,
	"pending_phone" text,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"last_notified_at" timestamp with time zone,
	"held_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_settings_channel_known" CHECK ("notification_settings"."channel" in ('email', 'text', 'none'))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_delivery_status_known";--> statement-breakpoint
ALTER TABLE "dev_outbox" ADD COLUMN "headers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "dev_outbox" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "scheduled_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "notify_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "notification_id" uuid;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "text_opted_out_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "text_opt_out_reason" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "text_opt_out_keyword" text;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "help_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_jobs" ADD CONSTRAINT "notification_jobs_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_jobs_waiting_idx" ON "notification_jobs" USING btree ("not_before") WHERE "notification_jobs"."state" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "notification_jobs_tutor_idx" ON "notification_jobs" USING btree ("tutor_id","created_at");--> statement-breakpoint
CREATE INDEX "notification_settings_phone_idx" ON "notification_settings" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "messages_scheduled_idx" ON "messages" USING btree ("scheduled_for") WHERE "messages"."delivery_status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "messages_notify_idx" ON "messages" USING btree ("tutor_id","notify_since") WHERE "messages"."notify_since" is not null;--> statement-breakpoint
CREATE INDEX "students_updated_at_idx" ON "students" USING btree ("updated_at","id");--> statement-breakpoint
ALTER TABLE "dev_outbox" ADD CONSTRAINT "dev_outbox_message_id_unique" UNIQUE("message_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_delivery_status_known" CHECK ("messages"."delivery_status" in ('scheduled', 'queued', 'sent', 'delivered', 'undelivered', 'failed', 'untranslated', 'received', 'cancelled'));--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_text_opt_out_reason_known" CHECK ("students"."text_opt_out_reason" is null or "students"."text_opt_out_reason" in ('replied', 'refused'));--> statement-breakpoint
-- A held text the tutor cancelled leaves the conversation: it is not the latest message any more
-- (migration 0015's function, with cancelled texts left out as failed first sends are).
CREATE OR REPLACE FUNCTION "student_last_message_id"("student" uuid) RETURNS uuid LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT "id" FROM "messages"
    WHERE "student_id" = "student"
      AND NOT ("delivery_status" = 'failed' AND "attempt" = 0 AND "provider_message_id" IS NULL)
      AND "delivery_status" <> 'cancelled'
    ORDER BY "sent_at" DESC, "id" DESC
    LIMIT 1
  );
END
$$;--> statement-breakpoint
-- What staff read of a student (GET /integration/v1/students) says when it last changed, whoever
-- changed it: the record, the tutor, the time zone, the family's opt-out and HELP. The trigger
-- only fires for those columns, so the conversation summary the messages' triggers keep on the
-- row (every new text) neither moves it nor pays for the function.
CREATE FUNCTION "students_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updated_at" = clock_timestamp();
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "students_updated" BEFORE UPDATE ON "students"
  FOR EACH ROW WHEN ((OLD."external_record_id", OLD."student_code", OLD."first_name",
    OLD."last_name", OLD."tutor_id", OLD."archived_at", OLD."time_zone", OLD."text_opted_out_at",
    OLD."text_opt_out_reason", OLD."text_opt_out_keyword", OLD."help_requested_at")
    IS DISTINCT FROM (NEW."external_record_id", NEW."student_code", NEW."first_name",
    NEW."last_name", NEW."tutor_id", NEW."archived_at", NEW."time_zone", NEW."text_opted_out_at",
    NEW."text_opt_out_reason", NEW."text_opt_out_keyword", NEW."help_requested_at"))
  EXECUTE FUNCTION "students_touch_updated_at"();
