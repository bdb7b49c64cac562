CREATE INDEX "messages_student_sent_at_id_idx" ON "messages" USING btree ("student_id","sent_at","id");--> statement-breakpoint
DROP INDEX "messages_student_sent_at_idx";
