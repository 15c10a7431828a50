CREATE TABLE "base_module_data_authorize" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"parent_id" text DEFAULT '-1' NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"type" text DEFAULT 'varchar' NOT NULL,
	"condition_symbol" text DEFAULT '==' NOT NULL,
	"condition_text" text DEFAULT 'text' NOT NULL,
	"bind_table" text,
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
CREATE UNIQUE INDEX "base_module_data_authorize_code" ON "base_module_data_authorize" USING btree ("module_id","en_code");