CREATE TYPE "public"."feedback_category" AS ENUM('rooms', 'equipment', 'lives', 'rules', 'app', 'other');--> statement-breakpoint
CREATE TYPE "public"."feedback_status" AS ENUM('new', 'acknowledged', 'resolved');--> statement-breakpoint
CREATE TYPE "public"."feedback_target" AS ENUM('club', 'performance');--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid,
	"anonymous" boolean DEFAULT false NOT NULL,
	"target" "feedback_target" NOT NULL,
	"category" "feedback_category",
	"event_id" uuid,
	"band_id" uuid,
	"body" text NOT NULL,
	"status" "feedback_status" DEFAULT 'new' NOT NULL,
	"reply" text,
	"replied_by" uuid,
	"replied_at" timestamp with time zone,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_club_has_category" CHECK (("feedback"."target" = 'club') = ("feedback"."category" is not null)),
	CONSTRAINT "feedback_performance_has_band" CHECK (("feedback"."target" = 'performance') = ("feedback"."event_id" is not null and "feedback"."band_id" is not null)),
	CONSTRAINT "feedback_body_length" CHECK (char_length("feedback"."body") between 1 and 2000)
);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_band_id_bands_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."bands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_author_created_idx" ON "feedback" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_band_created_idx" ON "feedback" USING btree ("band_id","created_at") WHERE "feedback"."hidden_at" is null;--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "feedback_status_created_idx" ON "feedback" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "feedback_event_idx" ON "feedback" USING btree ("event_id");