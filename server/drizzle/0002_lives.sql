CREATE TYPE "public"."application_status" AS ENUM('submitted', 'accepted', 'waitlisted', 'rejected', 'withdrawn');--> statement-breakpoint
CREATE TYPE "public"."event_kind" AS ENUM('festival', 'seasonal', 'christmas');--> statement-breakpoint
CREATE TYPE "public"."event_status" AS ENUM('draft', 'open', 'closed', 'scheduled', 'published', 'archived');--> statement-breakpoint
CREATE TYPE "public"."season" AS ENUM('spring', 'summer', 'autumn', 'winter');--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"band_id" uuid NOT NULL,
	"submitted_by" uuid,
	"songs" jsonb NOT NULL,
	"requested_minutes" integer NOT NULL,
	"preferred_day" date,
	"unavailable" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"needs" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" "application_status" DEFAULT 'submitted' NOT NULL,
	"review_note" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_requested_minutes_range" CHECK ("applications"."requested_minutes" between 5 and 120)
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "event_kind" NOT NULL,
	"season" "season",
	"title" text NOT NULL,
	"academic_year" integer NOT NULL,
	"venue" text DEFAULT '' NOT NULL,
	"days" jsonb NOT NULL,
	"default_performance_minutes" integer NOT NULL,
	"changeover_minutes" integer NOT NULL,
	"musician_gap_minutes" integer NOT NULL,
	"application_opens_at" timestamp with time zone NOT NULL,
	"application_closes_at" timestamp with time zone NOT NULL,
	"band_limit" integer,
	"status" "event_status" DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "events_season_iff_seasonal" CHECK (("events"."kind" = 'seasonal') = ("events"."season" is not null)),
	CONSTRAINT "events_window_order" CHECK ("events"."application_closes_at" > "events"."application_opens_at")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_band_id_bands_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."bands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_one_per_band_key" ON "applications" USING btree ("event_id","band_id") WHERE "applications"."status" <> 'withdrawn';--> statement-breakpoint
CREATE INDEX "applications_event_status_idx" ON "applications" USING btree ("event_id","status");--> statement-breakpoint
CREATE INDEX "applications_band_idx" ON "applications" USING btree ("band_id");--> statement-breakpoint
CREATE INDEX "events_kind_year_idx" ON "events" USING btree ("kind","season","academic_year","created_at");