CREATE TABLE "conversation_reads" (
	"tutor_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"message_sent_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_reads_tutor_id_student_id_pk" PRIMARY KEY("tutor_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "message_media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"content_type" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_media_content_type_image" CHECK ("message_media"."content_type" in ('image/jpeg', 'image/png', 'image/gif', 'image/webp')),
	CONSTRAINT "message_media_size" CHECK (octet_length("message_media"."bytes") between 1 and 5242880)
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "translation_outcome" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sent_as_written" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "unread_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "attention_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "attention_message_id" uuid;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_reads" ADD CONSTRAINT "conversation_reads_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_media" ADD CONSTRAINT "message_media_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "message_media_message_position_unique" ON "message_media" USING btree ("message_id","position");--> statement-breakpoint
CREATE INDEX "messages_family_replies_idx" ON "messages" USING btree ("student_id","tutor_id","sent_at","id") WHERE not "messages"."from_tutor" and "messages"."message_type" = 'activity';--> statement-breakpoint
CREATE INDEX "messages_needing_attention_idx" ON "messages" USING btree ("student_id","tutor_id","sent_at","id") WHERE "messages"."from_tutor" and "messages"."delivery_status" in ('undelivered', 'failed', 'untranslated') and not ("messages"."delivery_status" = 'failed' and "messages"."attempt" = 0 and "messages"."provider_message_id" is null);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_translation_outcome_known" CHECK ("messages"."translation_outcome" is null or "messages"."translation_outcome" in ('english', 'given-up'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_media_count_not_negative" CHECK ("messages"."media_count" >= 0);--> statement-breakpoint
-- What a tutor has not seen and what needs them, kept on the student's row beside
-- last_message_id (migration 0015) by the same statement-level triggers, so that GET /tutor reads
-- them with the student instead of counting messages for each student on every call. Both follow
-- the student's current tutor: replies that reached an earlier tutor, and an earlier tutor's
-- texts, are not the current one's to read or to retry.
--
-- The family's replies (not the tutor's texts, not the organisation's messages) to this tutor
-- after the tutor's read mark, in conversation order (sent_at, id): a range of
-- messages_family_replies_idx, read from the index alone. Without a mark, all of them.
CREATE FUNCTION "student_unread_count"("student" uuid, "tutor" uuid) RETURNS integer LANGUAGE plpgsql STABLE AS $$
DECLARE
  "mark_at" timestamptz;
  "mark_id" uuid;
BEGIN
  IF "tutor" IS NULL THEN
    RETURN 0;
  END IF;
  SELECT "message_sent_at", "message_id" INTO "mark_at", "mark_id"
  FROM "conversation_reads" WHERE "tutor_id" = "tutor" AND "student_id" = "student";
  RETURN (
    SELECT count(*)::integer FROM "messages"
    WHERE "student_id" = "student" AND "tutor_id" = "tutor"
      AND NOT "from_tutor" AND "message_type" = 'activity'
      AND "sent_at" >= coalesce("mark_at", '-infinity'::timestamptz)
      AND ("mark_id" IS NULL OR "sent_at" > "mark_at" OR "id" > "mark_id")
  );
END
$$;--> statement-breakpoint
-- The tutor's texts in the conversation that need the tutor: not delivered (undelivered, or
-- failed after it was sent or retried) or not sent because they could not be translated; how
-- many, and the newest. A first send the provider refused is not in the conversation (the portal
-- keeps it in the composer), so it is not counted either.
CREATE FUNCTION "student_attention"("student" uuid, "tutor" uuid, OUT "total" integer, OUT "newest" uuid) LANGUAGE plpgsql STABLE AS $$
BEGIN
  SELECT count(*)::integer, (array_agg("id" ORDER BY "sent_at" DESC, "id" DESC))[1]
  INTO "total", "newest"
  FROM "messages"
  WHERE "student_id" = "student" AND "tutor_id" = "tutor" AND "from_tutor"
    AND "delivery_status" IN ('undelivered', 'failed', 'untranslated')
    AND NOT ("delivery_status" = 'failed' AND "attempt" = 0 AND "provider_message_id" IS NULL);
END
$$;--> statement-breakpoint
-- Migration 0015's function, which also counts again what a statement may have changed: the
-- unread count where a family's reply was added, changed or removed, the texts needing attention
-- where a text in (or leaving) one of those states was. A text moving on from queued to sent to
-- delivered, the usual change, recounts nothing.
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
-- A read mark set or moved: the student's unread count for that tutor, when the student is still
-- theirs. A mark that changes no count writes nothing, so a chat that marks what it already
-- marked does not change the student's row (and so not its own poll's tag).
CREATE FUNCTION "students_follow_read_mark"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "unread" integer;
BEGIN
  "unread" := "student_unread_count"(NEW."student_id", NEW."tutor_id");
  UPDATE "students" SET "unread_count" = "unread"
  WHERE "id" = NEW."student_id" AND "tutor_id" = NEW."tutor_id" AND "unread_count" <> "unread";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "conversation_reads_marked" AFTER INSERT OR UPDATE ON "conversation_reads"
  FOR EACH ROW EXECUTE FUNCTION "students_follow_read_mark"();--> statement-breakpoint
-- A student matched with another tutor (or with none): the counts become the new tutor's, from
-- that tutor's own mark, if they ever had the student before.
CREATE FUNCTION "students_recount_for_tutor"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "attention" record;
BEGIN
  NEW."unread_count" := "student_unread_count"(NEW."id", NEW."tutor_id");
  SELECT * INTO "attention" FROM "student_attention"(NEW."id", NEW."tutor_id");
  NEW."attention_count" := "attention"."total";
  NEW."attention_message_id" := "attention"."newest";
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "students_tutor_changed" BEFORE UPDATE OF "tutor_id" ON "students"
  FOR EACH ROW WHEN (OLD."tutor_id" IS DISTINCT FROM NEW."tutor_id")
  EXECUTE FUNCTION "students_recount_for_tutor"();--> statement-breakpoint
-- The conversations so far count as read up to their latest message: before this migration no
-- one recorded what a tutor saw, and every old reply showing as unread would only bury the new
-- ones. (Replies whose translation was given up, or that were read as English, were not told
-- apart before translation_outcome: a chat's first showing asks the provider about them once
-- more, which for the English ones the translation memory answers.)
INSERT INTO "conversation_reads" ("tutor_id", "student_id", "message_id", "message_sent_at")
SELECT "students"."tutor_id", "students"."id", "messages"."id", "messages"."sent_at"
FROM "students" JOIN "messages" ON "messages"."id" = "students"."last_message_id"
WHERE "students"."tutor_id" IS NOT NULL;--> statement-breakpoint
UPDATE "students" SET ("attention_count", "attention_message_id") = (
  SELECT "total", "newest" FROM "student_attention"("students"."id", "students"."tutor_id"))
WHERE "tutor_id" IS NOT NULL;
