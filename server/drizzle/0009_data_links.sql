CREATE TABLE "base_data_interface_log" (
	"id" text PRIMARY KEY NOT NULL,
	"interface_id" text NOT NULL,
	"invok_time" bigint NOT NULL,
	"user_id" text,
	"invok_ip" text,
	"invok_device" text,
	"invok_type" text NOT NULL,
	"invok_waste_time" integer NOT NULL,
	"oauth_app_id" text,
	"success" integer DEFAULT 1 NOT NULL,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "base_data_interface" (
	"id" text PRIMARY KEY NOT NULL,
	"category_id" text NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"data_type" integer NOT NULL,
	"request_method" text DEFAULT '' NOT NULL,
	"db_link_id" text,
	"query" text,
	"path" text,
	"request_headers" text DEFAULT '[]' NOT NULL,
	"request_parameters" text DEFAULT '[]' NOT NULL,
	"response_type" text DEFAULT 'json' NOT NULL,
	"check_type" integer DEFAULT 0 NOT NULL,
	"property_json" text DEFAULT '{}' NOT NULL,
	"field_mapping" text DEFAULT '[]' NOT NULL,
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
CREATE TABLE "base_db_link" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"db_type" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"user_name" text NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"service_name" text NOT NULL,
	"db_schema" text,
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
CREATE TABLE "base_interface_oauth" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"app_name" text NOT NULL,
	"app_secret" text NOT NULL,
	"verify_signature" integer DEFAULT 0 NOT NULL,
	"useful_life" bigint,
	"white_list" text,
	"black_list" text,
	"data_interface_ids" text DEFAULT '' NOT NULL,
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
CREATE INDEX "base_data_interface_log_interface" ON "base_data_interface_log" USING btree ("interface_id","invok_time");--> statement-breakpoint
CREATE INDEX "base_data_interface_log_app" ON "base_data_interface_log" USING btree ("oauth_app_id","invok_time");--> statement-breakpoint
CREATE UNIQUE INDEX "base_data_interface_en_code" ON "base_data_interface" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_data_interface_category" ON "base_data_interface" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_db_link_full_name" ON "base_db_link" USING btree ("full_name");--> statement-breakpoint
CREATE UNIQUE INDEX "base_interface_oauth_app_id" ON "base_interface_oauth" USING btree ("app_id");--> statement-breakpoint
CREATE SCHEMA IF NOT EXISTS "gen";
