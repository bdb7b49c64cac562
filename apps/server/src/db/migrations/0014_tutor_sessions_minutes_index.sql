CREATE INDEX "tutoring_sessions_tutor_date_minutes_idx" ON "tutoring_sessions" USING btree ("tutor_id","session_date","minutes");--> statement-breakpoint
DROP INDEX "tutoring_sessions_tutor_date_idx";
