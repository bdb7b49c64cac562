ALTER TABLE "pathways" ADD COLUMN "external_record_id" text;--> statement-breakpoint
ALTER TABLE "pathways" ADD CONSTRAINT "pathways_external_record_id_unique" UNIQUE("external_record_id");