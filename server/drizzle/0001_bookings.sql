CREATE TYPE "public"."booking_kind" AS ENUM('band', 'personal', 'block');--> statement-breakpoint
CREATE TYPE "public"."booking_source" AS ENUM('booking', 'allocation');--> statement-breakpoint
CREATE TYPE "public"."booking_status" AS ENUM('active', 'cancelled');--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"date" date NOT NULL,
	"period_id" uuid,
	"period_label" text NOT NULL,
	"starts_at" text NOT NULL,
	"ends_at" text NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"slot_end" timestamp with time zone NOT NULL,
	"kind" "booking_kind" NOT NULL,
	"band_id" uuid,
	"user_id" uuid,
	"reason" text,
	"status" "booking_status" DEFAULT 'active' NOT NULL,
	"source" "booking_source" DEFAULT 'booking' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_band_needs_band" CHECK (("bookings"."kind" = 'band') = ("bookings"."band_id" is not null)),
	CONSTRAINT "bookings_block_needs_reason" CHECK ("bookings"."kind" <> 'block' or "bookings"."reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_period_id_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."periods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_band_id_bands_id_fk" FOREIGN KEY ("band_id") REFERENCES "public"."bands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_active_slot_key" ON "bookings" USING btree ("room_id","date","period_id") WHERE "bookings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "bookings_active_date_period_idx" ON "bookings" USING btree ("date","period_id") WHERE "bookings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "bookings_user_date_idx" ON "bookings" USING btree ("user_id","date");--> statement-breakpoint
CREATE INDEX "bookings_band_date_idx" ON "bookings" USING btree ("band_id","date");--> statement-breakpoint
CREATE INDEX "bookings_slot_start_idx" ON "bookings" USING btree ("slot_start");