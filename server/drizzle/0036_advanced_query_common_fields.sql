CREATE TABLE "base_advanced_query_scheme" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"match_logic" text DEFAULT 'AND' NOT NULL,
	"module_id" text NOT NULL,
	"condition_json" text NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_common_fields" (
	"id" text PRIMARY KEY NOT NULL,
	"field" text NOT NULL,
	"field_key" text NOT NULL,
	"field_name" text NOT NULL,
	"data_type" text NOT NULL,
	"data_length" text DEFAULT '' NOT NULL,
	"allow_null" integer DEFAULT 1 NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "base_advanced_query_owner" ON "base_advanced_query_scheme" USING btree ("creator_user_id","module_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_common_fields_key" ON "base_common_fields" USING btree ("field_key");