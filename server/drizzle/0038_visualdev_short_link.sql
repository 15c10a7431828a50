CREATE TABLE "base_visualdev_short_link" (
	"id" text PRIMARY KEY NOT NULL,
	"short_link" text NOT NULL,
	"form_use" integer DEFAULT 0 NOT NULL,
	"form_pass_use" integer DEFAULT 0 NOT NULL,
	"form_password" text,
	"column_use" integer DEFAULT 0 NOT NULL,
	"column_pass_use" integer DEFAULT 0 NOT NULL,
	"column_password" text,
	"column_condition" text DEFAULT '[]' NOT NULL,
	"column_text" text DEFAULT '[]' NOT NULL,
	"user_id" text NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "base_visualdev_short_link_token" ON "base_visualdev_short_link" USING btree ("short_link");