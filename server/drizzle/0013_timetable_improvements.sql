CREATE TABLE "timetable_improvements" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"run_id" uuid NOT NULL,
	"status" text NOT NULL,
	"seed" integer NOT NULL,
	"seconds" integer NOT NULL,
	"evaluations" integer,
	"stop_requested" boolean DEFAULT false NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"seconds_done" double precision DEFAULT 0 NOT NULL,
	"searches" integer DEFAULT 0 NOT NULL,
	"improvements" integer DEFAULT 0 NOT NULL,
	"cost" double precision,
	"bound" double precision,
	"gap_percent" double precision,
	"proven_optimal" boolean DEFAULT false NOT NULL,
	"bound_source" text,
	"unplaced" integer,
	"saved_at" timestamp with time zone,
	"message" text
);
--> statement-breakpoint
ALTER TABLE "timetable_improvements" ADD CONSTRAINT "timetable_improvements_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_improvements" ADD CONSTRAINT "timetable_improvements_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;