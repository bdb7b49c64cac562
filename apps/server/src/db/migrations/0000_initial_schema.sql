CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tutor_id" uuid,
	"student_code" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"guardian_first_name" text DEFAULT '' NOT NULL,
	"guardian_last_name" text DEFAULT '' NOT NULL,
	"guardian_phone" text,
	"student_language" text DEFAULT '' NOT NULL,
	"language" text DEFAULT '' NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"school" text DEFAULT '' NOT NULL,
	"grade" text DEFAULT '' NOT NULL,
	"program_type" text DEFAULT '' NOT NULL,
	"first_matched_at" timestamp with time zone,
	"availability" text DEFAULT '' NOT NULL,
	"tutoring_code" text DEFAULT '' NOT NULL,
	"information" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"math_tool_id" text,
	"subjects" text[] DEFAULT '{}'::text[] NOT NULL,
	"forwarding_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_student_code_unique" UNIQUE("student_code")
);
--> statement-breakpoint
CREATE TABLE "title_thresholds" (
	"title" text PRIMARY KEY NOT NULL,
	"min_minutes" integer NOT NULL,
	CONSTRAINT "title_thresholds_min_minutes_unique" UNIQUE("min_minutes"),
	CONSTRAINT "title_thresholds_min_minutes_not_negative" CHECK ("title_thresholds"."min_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tutoring_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tutor_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"session_date" date NOT NULL,
	"minutes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutoring_sessions_minutes_positive" CHECK ("tutoring_sessions"."minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "tutors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tutor_code" text NOT NULL,
	"external_record_id" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"availability" text DEFAULT '' NOT NULL,
	"availability_form_url" text,
	"capacity" integer DEFAULT 0 NOT NULL,
	"first_matched_at" timestamp with time zone,
	"latest_viewed_announcement_id" text,
	"latest_viewed_announcement_at" timestamp with time zone,
	"has_new_announcement" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tutors_tutor_code_unique" UNIQUE("tutor_code"),
	CONSTRAINT "tutors_capacity_not_negative" CHECK ("tutors"."capacity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "weekly_announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD CONSTRAINT "tutoring_sessions_tutor_id_tutors_id_fk" FOREIGN KEY ("tutor_id") REFERENCES "public"."tutors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tutoring_sessions" ADD CONSTRAINT "tutoring_sessions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "students_tutor_id_idx" ON "students" USING btree ("tutor_id");--> statement-breakpoint
CREATE INDEX "tutoring_sessions_tutor_date_idx" ON "tutoring_sessions" USING btree ("tutor_id","session_date");--> statement-breakpoint
CREATE INDEX "tutoring_sessions_student_date_idx" ON "tutoring_sessions" USING btree ("student_id","session_date");--> statement-breakpoint
CREATE UNIQUE INDEX "tutors_email_lower_unique" ON "tutors" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "weekly_announcements_created_at_idx" ON "weekly_announcements" USING btree ("created_at");