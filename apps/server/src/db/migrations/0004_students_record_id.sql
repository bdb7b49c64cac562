ALTER TABLE "students" ADD COLUMN "external_record_id" text;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_external_record_id_unique" UNIQUE("external_record_id");