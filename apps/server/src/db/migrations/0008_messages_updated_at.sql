ALTER TABLE "messages" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_updated_at_idx" ON "messages" USING btree ("updated_at","id");--> statement-breakpoint
-- A text's delivery state changes by status callbacks, retries and the resender: the row says
-- when, whoever changed it (an update that changes nothing leaves it alone).
CREATE FUNCTION "messages_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW IS DISTINCT FROM OLD THEN
    NEW."updated_at" = clock_timestamp();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_updated_at" BEFORE UPDATE ON "messages"
  FOR EACH ROW EXECUTE FUNCTION "messages_touch_updated_at"();
