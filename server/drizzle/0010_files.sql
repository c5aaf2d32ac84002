CREATE TYPE "public"."file_status" AS ENUM('storing', 'ready');--> statement-breakpoint
CREATE TYPE "public"."file_visibility" AS ENUM('members', 'executives');--> statement-breakpoint
CREATE TABLE "file_folders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"folder_id" uuid,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"type" text NOT NULL,
	"sha256" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visibility" "file_visibility" DEFAULT 'members' NOT NULL,
	"status" "file_status" DEFAULT 'storing' NOT NULL,
	"storage_key" text NOT NULL,
	"uploaded_by" uuid,
	"lineage_id" uuid NOT NULL,
	"previous_version_id" uuid,
	"replaced_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "file_folders" ADD CONSTRAINT "file_folders_parent_id_file_folders_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."file_folders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_folders" ADD CONSTRAINT "file_folders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_folder_id_file_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."file_folders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_previous_version_id_files_id_fk" FOREIGN KEY ("previous_version_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "file_folders_parent_name_key" ON "file_folders" USING btree (coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_key" ON "files" USING btree ("storage_key");--> statement-breakpoint
CREATE UNIQUE INDEX "files_folder_name_key" ON "files" USING btree (coalesce("folder_id", '00000000-0000-0000-0000-000000000000'::uuid),lower("name")) WHERE "files"."replaced_at" is null and "files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "files_folder_created_idx" ON "files" USING btree ("folder_id","created_at") WHERE "files"."replaced_at" is null and "files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "files_created_idx" ON "files" USING btree ("created_at") WHERE "files"."replaced_at" is null and "files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "files_lineage_idx" ON "files" USING btree ("lineage_id");--> statement-breakpoint
CREATE INDEX "files_deleted_idx" ON "files" USING btree ("deleted_at") WHERE "files"."deleted_at" is not null;