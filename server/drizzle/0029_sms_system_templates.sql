CREATE TABLE "base_sms_template" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"account_config_id" text NOT NULL,
	"template_id" text NOT NULL,
	"sign_content" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
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
CREATE TABLE "base_system_message_template" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"category" integer DEFAULT 3 NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
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
CREATE UNIQUE INDEX "base_sms_template_code" ON "base_sms_template" USING btree ("en_code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_system_message_template_code" ON "base_system_message_template" USING btree ("en_code");