CREATE TABLE "base_visualdev" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"category" text NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"web_type" integer DEFAULT 2 NOT NULL,
	"enable_flow" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"description" text,
	"db_link_id" text DEFAULT '0' NOT NULL,
	"tables" text DEFAULT '[]' NOT NULL,
	"form_data" text DEFAULT '' NOT NULL,
	"column_data" text DEFAULT '' NOT NULL,
	"app_column_data" text DEFAULT '' NOT NULL,
	"interface_id" text,
	"interface_name" text,
	"interface_param" text DEFAULT '' NOT NULL,
	"flow_template_json" text DEFAULT '' NOT NULL,
	"is_release" integer DEFAULT 0 NOT NULL,
	"released" jsonb,
	"release_time" bigint,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "base_visualdev_en_code" ON "base_visualdev" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_visualdev_category" ON "base_visualdev" USING btree ("category");--> statement-breakpoint
CREATE SCHEMA IF NOT EXISTS "vd_data";