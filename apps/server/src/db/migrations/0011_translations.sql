CREATE TABLE "text_translations" (
	"target_language" text NOT NULL,
	"source_sha256" text NOT NULL,
	"source_language" text NOT NULL,
	"translated_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "text_translations_target_language_source_sha256_pk" PRIMARY KEY("target_language","source_sha256")
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_delivery_status_known";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "translation_language" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "translated_body" text;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_delivery_status_known" CHECK ("messages"."delivery_status" in ('queued', 'sent', 'delivered', 'undelivered', 'failed', 'untranslated', 'received'));