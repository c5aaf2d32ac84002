-- Allocation rounds' bookings were written in the name of the executive who pressed Publish
-- (decision 035): they belong to the band, the round is their author. Existing ones lose that
-- booker, cancelled ones included (who cancelled stays in cancelled_by; who published, on the round).
UPDATE "bookings" SET "user_id" = NULL WHERE "source" = 'allocation' AND "user_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_allocation_has_no_booker" CHECK ("bookings"."source" <> 'allocation' or "bookings"."user_id" is null);
