ALTER TABLE "students" ADD COLUMN "last_session_date" date;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "last_message_id" uuid;--> statement-breakpoint
-- A student's conversation summary, kept beside their conversation_version by the same kind of
-- statement-level triggers (migration 0002): the latest session's date and the latest message in
-- the conversation, which GET /tutor's student list used to search for with two index scans per
-- student on every call.
-- PL/pgSQL rather than SQL: a SQL function this shape is not inlined, and its query was planned
-- again at every statement that called it (a third of a send's database time); PL/pgSQL keeps the
-- plan for the session.
CREATE FUNCTION "student_last_message_id"("student" uuid) RETURNS uuid LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT "id" FROM "messages"
    WHERE "student_id" = "student"
      AND NOT ("delivery_status" = 'failed' AND "attempt" = 0 AND "provider_message_id" IS NULL)
    ORDER BY "sent_at" DESC, "id" DESC
    LIMIT 1
  );
END
$$;--> statement-breakpoint
-- The latest message can change only where the version does: when a message that is (or was)
-- part of the conversation is added, changed or removed. One UPDATE per statement does both.
CREATE OR REPLACE FUNCTION "students_bump_conversation_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "students" SET "conversation_version" = "conversation_version" + 1,
      "last_message_id" = "student_last_message_id"("id")
    WHERE "id" IN (SELECT "student_id" FROM "new_messages"
      WHERE NOT ("delivery_status" = 'failed' AND "attempt" = 0 AND "provider_message_id" IS NULL));
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "students" SET "conversation_version" = "conversation_version" + 1,
      "last_message_id" = "student_last_message_id"("id")
    WHERE "id" IN (SELECT "student_id" FROM "old_messages"
      WHERE NOT ("delivery_status" = 'failed' AND "attempt" = 0 AND "provider_message_id" IS NULL));
  ELSE
    UPDATE "students" SET "conversation_version" = "conversation_version" + 1,
      "last_message_id" = "student_last_message_id"("id")
    WHERE "id" IN (
      SELECT "student_id" FROM "old_messages"
      WHERE NOT ("delivery_status" = 'failed' AND "attempt" = 0 AND "provider_message_id" IS NULL)
      UNION
      SELECT "student_id" FROM "new_messages"
      WHERE NOT ("delivery_status" = 'failed' AND "attempt" = 0 AND "provider_message_id" IS NULL)
    );
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Sessions added move a student's latest date forward (a late record of an older session leaves
-- it); sessions removed or changed have it read again from the (student_id, session_date) index.
CREATE FUNCTION "students_track_last_session"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "students" SET "last_session_date" = "added"."latest"
    FROM (
      SELECT "student_id", max("session_date") AS "latest" FROM "new_sessions" GROUP BY "student_id"
    ) AS "added"
    WHERE "students"."id" = "added"."student_id"
      AND ("students"."last_session_date" IS NULL OR "students"."last_session_date" < "added"."latest");
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "students" SET "last_session_date" = (
      SELECT max("session_date") FROM "tutoring_sessions" WHERE "student_id" = "students"."id")
    WHERE "id" IN (SELECT "student_id" FROM "old_sessions");
  ELSE
    UPDATE "students" SET "last_session_date" = (
      SELECT max("session_date") FROM "tutoring_sessions" WHERE "student_id" = "students"."id")
    WHERE "id" IN (
      SELECT "student_id" FROM "old_sessions" UNION SELECT "student_id" FROM "new_sessions");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "tutoring_sessions_inserted_last_session" AFTER INSERT ON "tutoring_sessions"
  REFERENCING NEW TABLE AS "new_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "students_track_last_session"();--> statement-breakpoint
CREATE TRIGGER "tutoring_sessions_deleted_last_session" AFTER DELETE ON "tutoring_sessions"
  REFERENCING OLD TABLE AS "old_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "students_track_last_session"();--> statement-breakpoint
CREATE TRIGGER "tutoring_sessions_updated_last_session" AFTER UPDATE ON "tutoring_sessions"
  REFERENCING OLD TABLE AS "old_sessions" NEW TABLE AS "new_sessions" FOR EACH STATEMENT EXECUTE FUNCTION "students_track_last_session"();--> statement-breakpoint
-- The summaries of the data already there.
UPDATE "students" SET
  "last_session_date" = (
    SELECT max("session_date") FROM "tutoring_sessions" WHERE "student_id" = "students"."id"),
  "last_message_id" = "student_last_message_id"("id");
