CREATE TABLE "base_common_words" (
	"id" text PRIMARY KEY NOT NULL,
	"system_ids" text DEFAULT '' NOT NULL,
	"common_words_text" text NOT NULL,
	"common_words_type" integer DEFAULT 0 NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_module_i18n" (
	"module_id" text NOT NULL,
	"language" text NOT NULL,
	"full_name" text NOT NULL,
	CONSTRAINT "base_module_i18n_module_id_language_pk" PRIMARY KEY("module_id","language")
);
--> statement-breakpoint
CREATE TABLE "base_print_dev" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"category" text NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"db_link_id" text DEFAULT '0' NOT NULL,
	"sql_template" text DEFAULT '[]' NOT NULL,
	"left_fields" text DEFAULT '' NOT NULL,
	"print_template" text DEFAULT '' NOT NULL,
	"page_param" text DEFAULT '' NOT NULL,
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
CREATE TABLE "base_print_log" (
	"id" text PRIMARY KEY NOT NULL,
	"print_id" text NOT NULL,
	"print_title" text NOT NULL,
	"print_num" integer NOT NULL,
	"print_user_id" text NOT NULL,
	"print_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "base_common_words_type" ON "base_common_words" USING btree ("common_words_type","creator_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_print_dev_en_code" ON "base_print_dev" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_print_dev_category" ON "base_print_dev" USING btree ("category");--> statement-breakpoint
CREATE INDEX "base_print_log_template" ON "base_print_log" USING btree ("print_id","print_time");