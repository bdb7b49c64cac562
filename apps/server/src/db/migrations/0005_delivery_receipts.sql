ALTER TABLE "messages" DROP CONSTRAINT "messages_delivery_status_known";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "messages_waiting_to_send_idx" ON "messages" USING btree ("next_attempt_at") WHERE "messages"."delivery_status" = 'queued' and "messages"."provider_message_id" is null;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_delivery_status_known" CHECK ("messages"."delivery_status" in ('queued', 'sent', 'delivered', 'undelivered', 'failed', 'received'));--> statement-breakpoint
-- A conversation now shows the tutor's texts the carrier did not deliver (with Retry), so the
-- only texts left out are those the provider refused on their first send: the portal keeps such a
-- text in the composer instead. The version follows what a conversation shows.
CREATE OR REPLACE FUNCTION "students_bump_conversation_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "students" SET "conversation_version" = "conversation_version" + 1
    WHERE "id" IN (SELECT "student_id" FROM "new_messages"
      WHERE NOT ("delivery_status" = 'failed' AND "attempt" = 0 AND "provider_message_id" IS NULL));
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "students" SET "conversation_version" = "conversation_version" + 1
    WHERE "id" IN (SELECT "student_id" FROM "old_messages"
      WHERE NOT ("delivery_status" = 'failed' AND "attempt" = 0 AND "provider_message_id" IS NULL));
  ELSE
    UPDATE "students" SET "conversation_version" = "conversation_version" + 1
    WHERE "id" IN (
      SELECT "student_id" FROM "old_messages"
      WHERE NOT ("delivery_status" = 'failed' AND "attempt" = 0 AND "provider_message_id" IS NULL)
      UNION
      SELECT "student_id" FROM "new_messages"
      WHERE NOT ("delivery_status" = 'failed' AND "attempt" = 0 AND "provider_message_id" IS NULL)
    );
  END IF;
  RETURN NULL;
END $$;
