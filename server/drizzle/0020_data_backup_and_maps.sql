CREATE TABLE "base_data_backup" (
	"id" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"file_size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"migration" text NOT NULL,
	"table_count" bigint NOT NULL,
	"row_count" bigint NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ext_employee" (
	"id" text PRIMARY KEY NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"gender" text DEFAULT '' NOT NULL,
	"department_name" text DEFAULT '' NOT NULL,
	"position_name" text DEFAULT '' NOT NULL,
	"working_nature" text DEFAULT '' NOT NULL,
	"id_number" text DEFAULT '' NOT NULL,
	"telephone" text DEFAULT '' NOT NULL,
	"birthday" bigint,
	"attend_work_time" bigint,
	"education" text DEFAULT '' NOT NULL,
	"major" text DEFAULT '' NOT NULL,
	"graduation_academy" text DEFAULT '' NOT NULL,
	"graduation_time" bigint,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL,
	"delete_mark" integer DEFAULT 0 NOT NULL,
	"delete_time" bigint,
	"delete_user_id" text
);
--> statement-breakpoint
CREATE TABLE "base_map" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"geo_json" text NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_data_report" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"category_id" text NOT NULL,
	"interface_id" text NOT NULL,
	"report_data" text DEFAULT '{}' NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_portal_custom" (
	"id" text PRIMARY KEY NOT NULL,
	"portal_id" text NOT NULL,
	"user_id" text NOT NULL,
	"form_data" text NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_portal" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"category" text NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"link_type" integer DEFAULT 0 NOT NULL,
	"custom_url" text,
	"app_custom_url" text,
	"enabled_lock" integer DEFAULT 1 NOT NULL,
	"form_data" text DEFAULT '' NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "ext_employee_en_code" ON "ext_employee" USING btree ("en_code") WHERE "ext_employee"."delete_mark" = 0;--> statement-breakpoint
CREATE INDEX "ext_employee_created" ON "ext_employee" USING btree ("creator_time","id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_map_en_code" ON "base_map" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_map_parent" ON "base_map" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_data_report_en_code" ON "base_data_report" USING btree ("en_code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_portal_custom_user" ON "base_portal_custom" USING btree ("portal_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_portal_en_code" ON "base_portal" USING btree ("en_code");