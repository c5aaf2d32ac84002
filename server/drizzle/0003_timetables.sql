CREATE TYPE "public"."timetable_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TABLE "timetables" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"status" timetable_status NOT NULL,
	"version" integer NOT NULL,
	"placements" jsonb NOT NULL,
	"updated_by" uuid,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "timetables" ADD CONSTRAINT "timetables_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetables" ADD CONSTRAINT "timetables_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timetables_one_draft_key" ON "timetables" USING btree ("event_id") WHERE "timetables"."status" = 'draft';--> statement-breakpoint
CREATE UNIQUE INDEX "timetables_event_version_key" ON "timetables" USING btree ("event_id","version");