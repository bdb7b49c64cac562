ALTER TABLE "applicants" ADD COLUMN "external_record_id" text;--> statement-breakpoint
ALTER TABLE "applicants" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "applicants_updated_at_idx" ON "applicants" USING btree ("updated_at","id");--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_external_record_id_unique" UNIQUE("external_record_id");--> statement-breakpoint
-- Whoever changes an applicant (the integration API, a provider's webhook, the portal), the row
-- says when: an update that changes nothing leaves it alone.
CREATE FUNCTION "applicants_touch_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW IS DISTINCT FROM OLD THEN
    NEW."updated_at" = clock_timestamp();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "applicants_updated" BEFORE UPDATE ON "applicants"
  FOR EACH ROW EXECUTE FUNCTION "applicants_touch_updated_at"();
