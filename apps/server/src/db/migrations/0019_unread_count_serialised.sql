-- Concurrent writes to one student's conversation are counted one after the other. Migration
-- 0016's counts are STABLE functions, which read with the snapshot of the UPDATE that calls them:
-- when two replies to the same student are stored at once, the second transaction's UPDATE waits
-- for the first's lock on the student's row and then, on PostgreSQL's READ COMMITTED, recounts
-- without seeing the first reply, leaving unread_count (and the attention count, and the latest
-- message) one behind until the next write. Locking the students' rows first, in a statement of
-- its own, makes the recount a later statement with a later snapshot, which sees every write that
-- held the lock before it. Rows are locked in id order so that two statements touching the same
-- students cannot wait on each other.
CREATE OR REPLACE FUNCTION "students_bump_conversation_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "touched" uuid[];
  "with_replies" uuid[];
  "with_attention" uuid[];
BEGIN
  -- A transition table exists only for the events that have it, hence three reads of the same.
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg("student_id"),
      array_agg("student_id") FILTER (WHERE NOT "from_tutor" AND "message_type" = 'activity'),
      array_agg("student_id") FILTER (WHERE "from_tutor"
        AND "delivery_status" IN ('undelivered', 'failed', 'untranslated'))
    INTO "touched", "with_replies", "with_attention"
    FROM "new_messages"
    WHERE NOT ("delivery_status" = 'failed' AND "attempt" = 0 AND "provider_message_id" IS NULL);
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg("student_id"),
      array_agg("student_id") FILTER (WHERE NOT "from_tutor" AND "message_type" = 'activity'),
      array_agg("student_id") FILTER (WHERE "from_tutor"
        AND "delivery_status" IN ('undelivered', 'failed', 'untranslated'))
    INTO "touched", "with_replies", "with_attention"
    FROM "old_messages"
    WHERE NOT ("delivery_status" = 'failed' AND "attempt" = 0 AND "provider_message_id" IS NULL);
  ELSE
    SELECT array_agg("student_id"),
      array_agg("student_id") FILTER (WHERE NOT "from_tutor" AND "message_type" = 'activity'),
      array_agg("student_id") FILTER (WHERE "from_tutor"
        AND "delivery_status" IN ('undelivered', 'failed', 'untranslated'))
    INTO "touched", "with_replies", "with_attention"
    FROM (
      SELECT "student_id", "from_tutor", "message_type", "delivery_status", "attempt", "provider_message_id"
      FROM "old_messages"
      UNION ALL
      SELECT "student_id", "from_tutor", "message_type", "delivery_status", "attempt", "provider_message_id"
      FROM "new_messages"
    ) AS "both_versions"
    WHERE NOT ("delivery_status" = 'failed' AND "attempt" = 0 AND "provider_message_id" IS NULL);
  END IF;
  IF "touched" IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM "students" WHERE "id" = ANY("touched") ORDER BY "id" FOR NO KEY UPDATE;
  UPDATE "students" SET "conversation_version" = "conversation_version" + 1,
    "last_message_id" = "student_last_message_id"("id"),
    "unread_count" = CASE WHEN "id" = ANY("with_replies")
      THEN "student_unread_count"("id", "tutor_id") ELSE "unread_count" END,
    "attention_count" = CASE WHEN "id" = ANY("with_attention")
      THEN ("student_attention"("id", "tutor_id"))."total" ELSE "attention_count" END,
    "attention_message_id" = CASE WHEN "id" = ANY("with_attention")
      THEN ("student_attention"("id", "tutor_id"))."newest" ELSE "attention_message_id" END
  WHERE "id" = ANY("touched");
  RETURN NULL;
END $$;--> statement-breakpoint
-- A read mark set or moved while a reply is stored: the same lock, taken before counting.
CREATE OR REPLACE FUNCTION "students_follow_read_mark"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "unread" integer;
BEGIN
  PERFORM 1 FROM "students" WHERE "id" = NEW."student_id" FOR NO KEY UPDATE;
  "unread" := "student_unread_count"(NEW."student_id", NEW."tutor_id");
  UPDATE "students" SET "unread_count" = "unread"
  WHERE "id" = NEW."student_id" AND "tutor_id" = NEW."tutor_id" AND "unread_count" <> "unread";
  RETURN NULL;
END $$;
