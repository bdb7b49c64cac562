ALTER TABLE "applicants" ADD COLUMN "feed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_audit" ADD COLUMN "status" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_audit" ADD COLUMN "record_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "integration_audit" ADD COLUMN "changes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "feed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "feed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "applicants_feed_xid_idx" ON "applicants" USING btree ("feed_xid","updated_at","id");--> statement-breakpoint
CREATE INDEX "messages_feed_xid_idx" ON "messages" USING btree ("feed_xid","updated_at","id");--> statement-breakpoint
CREATE INDEX "students_feed_xid_idx" ON "students" USING btree ("feed_xid","updated_at","id");--> statement-breakpoint
-- The integration feed's position of a row (modules/integration/feed.ts): the transaction that
-- last changed what staff read of it, set wherever updated_at is. updated_at is stamped before
-- the transaction commits, so a long transaction can commit rows stamped earlier than a shorter
-- one's; the feed reads only the rows of transactions older than every one still running, in
-- this order, so a reader never passes a row that commits later.
CREATE OR REPLACE FUNCTION "applicants_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW IS DISTINCT FROM OLD THEN
    NEW."updated_at" = clock_timestamp();
    NEW."feed_xid" = pg_current_xact_id();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "messages_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW IS DISTINCT FROM OLD THEN
    NEW."updated_at" = clock_timestamp();
    NEW."feed_xid" = pg_current_xact_id();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "students_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."updated_at" = clock_timestamp();
  NEW."feed_xid" = pg_current_xact_id();
  RETURN NEW;
END $$;
