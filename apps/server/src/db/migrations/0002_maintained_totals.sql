ALTER TABLE "students" ADD COLUMN "conversation_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "session_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tutors" ADD COLUMN "session_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Backfill the tutors' totals from the sessions recorded so far.
UPDATE "tutors" SET "session_count" = "totals"."sessions", "session_minutes" = "totals"."minutes"
FROM (
  SELECT "tutor_id", count(*)::integer AS "sessions", sum("minutes")::integer AS "minutes"
  FROM "tutoring_sessions" GROUP BY "tutor_id"
) AS "totals"
WHERE "tutors"."id" = "totals"."tutor_id";--> statement-breakpoint
-- Statement-level triggers with transition tables: a bulk load (COPY, multi-row INSERT) updates
-- each affected tutor or student once per statement, not once per row.
CREATE FUNCTION "tutors_add_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tutors" SET "session_count" = "session_count" + "added"."sessions",
    "session_minutes" = "session_minutes" + "added"."minutes"
  FROM (
    SELECT "tutor_id", count(*)::integer AS "sessions", sum("minutes")::integer AS "minutes"
    FROM "new_sessions" GROUP BY "tutor_id"
  ) AS "added"
  WHERE "tutors"."id" = "added"."tutor_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "tutors_remove_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "tutors" SET "session_count" = "session_count" - "removed"."sessions",
    "session_minutes" = "session_minutes" - "removed"."minutes"
  FROM (
    SELECT "tutor_id", count(*)::integer AS "sessions", sum("minutes")::integer AS "minutes"
    FROM "old_sessions" GROUP BY "tutor_id"
  ) AS "removed"
  WHERE "tutors"."id" = "removed"."tutor_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tutoring_sessions_inserted" AFTER INSERT ON "tutoring_sessions"
  REFERENCING NEW TABLE AS "new_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "tutors_add_sessions"();--> statement-breakpoint
CREATE TRIGGER "tutoring_sessions_deleted" AFTER DELETE ON "tutoring_sessions"
  REFERENCING OLD TABLE AS "old_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "tutors_remove_sessions"();--> statement-breakpoint
-- An update is the old rows taken away and the new ones added.
CREATE TRIGGER "tutoring_sessions_updated_old" AFTER UPDATE ON "tutoring_sessions"
  REFERENCING OLD TABLE AS "old_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "tutors_remove_sessions"();--> statement-breakpoint
CREATE TRIGGER "tutoring_sessions_updated_new" AFTER UPDATE ON "tutoring_sessions"
  REFERENCING NEW TABLE AS "new_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "tutors_add_sessions"();--> statement-breakpoint
-- A student's conversation is their messages that did not fail: its version goes up when such a
-- message is added, changed or removed (a send that fails was counted when queued, and again
-- when it turned failed).
CREATE FUNCTION "students_bump_conversation_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "students" SET "conversation_version" = "conversation_version" + 1
    WHERE "id" IN (SELECT "student_id" FROM "new_messages" WHERE "delivery_status" <> 'failed');
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "students" SET "conversation_version" = "conversation_version" + 1
    WHERE "id" IN (SELECT "student_id" FROM "old_messages" WHERE "delivery_status" <> 'failed');
  ELSE
    UPDATE "students" SET "conversation_version" = "conversation_version" + 1
    WHERE "id" IN (
      SELECT "student_id" FROM "old_messages" WHERE "delivery_status" <> 'failed'
      UNION
      SELECT "student_id" FROM "new_messages" WHERE "delivery_status" <> 'failed'
    );
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "messages_inserted" AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS "new_messages" FOR EACH STATEMENT EXECUTE FUNCTION "students_bump_conversation_version"();--> statement-breakpoint
CREATE TRIGGER "messages_updated" AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS "old_messages" NEW TABLE AS "new_messages" FOR EACH STATEMENT EXECUTE FUNCTION "students_bump_conversation_version"();--> statement-breakpoint
CREATE TRIGGER "messages_deleted" AFTER DELETE ON "messages"
  REFERENCING OLD TABLE AS "old_messages" FOR EACH STATEMENT EXECUTE FUNCTION "students_bump_conversation_version"();
