CREATE TYPE "public"."allocation_round_status" AS ENUM('collecting', 'running', 'draft', 'published');--> statement-breakpoint
CREATE TABLE "allocation_outcomes" (
	"round_id" uuid NOT NULL,
	"band_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"asked" integer NOT NULL,
	"received" integer NOT NULL,
	"points_before" integer NOT NULL,
	"points_after" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allocation_outcomes_round_id_band_id_pk" PRIMARY KEY("round_id","band_id")
);
--> statement-breakpoint
CREATE TABLE "allocation_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"week_start" date NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"status" "allocation_round_status" DEFAULT 'collecting' NOT NULL,
	"room_ids" uuid[] NOT NULL,
	"period_ids" uuid[] NOT NULL,
	"wishes_per_band" integer NOT NULL,
	"periods_per_band" integer NOT NULL,
	"seed" bigint,
	"run_token" uuid,
	"run_started_at" timestamp with time zone,
	"snapshot" jsonb,
	"result" jsonb,
	"assignments" jsonb,
	"edited_by_hand" boolean DEFAULT false NOT NULL,
	"ran_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"published_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "allocation_standing_wishes" (
	"band_id" uuid PRIMARY KEY NOT NULL,
	"wishes" jsonb NOT NULL,
	"wants" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
CREATE TABLE "allocation_wishes" (
	"round_id" uuid NOT NULL,
	"band_id" uuid NOT NULL,
	"wishes" jsonb NOT NULL,
	"wants" integer NOT NULL,
	"from_standing" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" uuid,
	CONSTRAINT "allocation_wishes_round_id_band_id_pk" PRIMARY KEY("round_id","band_id")
);
--> statement-breakpoint
ALTER TABLE "allocation_outcomes" ADD CONSTRAINT "allocation_outcomes_round_id_allocation_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."allocation_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_outcomes" ADD CONSTRAINT "allocation_outcomes_band_id_bands_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."bands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_rounds" ADD CONSTRAINT "allocation_rounds_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_standing_wishes" ADD CONSTRAINT "allocation_standing_wishes_band_id_bands_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."bands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_standing_wishes" ADD CONSTRAINT "allocation_standing_wishes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_wishes" ADD CONSTRAINT "allocation_wishes_round_id_allocation_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."allocation_rounds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_wishes" ADD CONSTRAINT "allocation_wishes_band_id_bands_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."bands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allocation_wishes" ADD CONSTRAINT "allocation_wishes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allocation_outcomes_band_week_idx" ON "allocation_outcomes" USING btree ("band_id","week_start");--> statement-breakpoint
CREATE UNIQUE INDEX "allocation_rounds_week_key" ON "allocation_rounds" USING btree ("week_start");--> statement-breakpoint
CREATE INDEX "allocation_wishes_band_idx" ON "allocation_wishes" USING btree ("band_id");