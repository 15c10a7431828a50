CREATE TABLE "base_columns_purview" (
	"module_id" text PRIMARY KEY NOT NULL,
	"field_list" text NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_organize_administrator" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"organize_id" text NOT NULL,
	"this_layer_select" integer DEFAULT 1 NOT NULL,
	"this_layer_add" integer DEFAULT 0 NOT NULL,
	"this_layer_edit" integer DEFAULT 0 NOT NULL,
	"this_layer_delete" integer DEFAULT 0 NOT NULL,
	"sub_layer_select" integer DEFAULT 1 NOT NULL,
	"sub_layer_add" integer DEFAULT 0 NOT NULL,
	"sub_layer_edit" integer DEFAULT 0 NOT NULL,
	"sub_layer_delete" integer DEFAULT 0 NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_im_content" (
	"id" text PRIMARY KEY NOT NULL,
	"send_user_id" text NOT NULL,
	"receive_user_id" text NOT NULL,
	"content_type" text NOT NULL,
	"content" text NOT NULL,
	"send_time" bigint NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"receive_time" bigint,
	"send_delete_mark" integer DEFAULT 0 NOT NULL,
	"receive_delete_mark" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_im_reply" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"receive_user_id" text NOT NULL,
	"latest_time" bigint NOT NULL,
	"delete_mark" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_message_account_config" (
	"id" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
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
CREATE TABLE "base_message_monitor" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text,
	"account_name" text,
	"account_code" text,
	"message_type" text NOT NULL,
	"message_source" integer,
	"template_id" text,
	"title" text,
	"content" text,
	"receive_user" text,
	"state" integer NOT NULL,
	"error" text,
	"send_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_message_receive" (
	"id" text PRIMARY KEY NOT NULL,
	"message_id" text,
	"user_id" text NOT NULL,
	"type" integer NOT NULL,
	"flow_type" integer,
	"title" text NOT NULL,
	"body_text" text,
	"is_read" integer DEFAULT 0 NOT NULL,
	"read_time" bigint,
	"read_count" integer DEFAULT 0 NOT NULL,
	"release_time" bigint NOT NULL,
	"release_user_id" text,
	"delete_mark" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_message_template_config" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"template_type" integer DEFAULT 1 NOT NULL,
	"message_source" integer NOT NULL,
	"message_type" text NOT NULL,
	"title" text,
	"content" text,
	"template_code" text,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
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
CREATE TABLE "base_message" (
	"id" text PRIMARY KEY NOT NULL,
	"type" integer NOT NULL,
	"title" text NOT NULL,
	"body_text" text,
	"excerpt" text,
	"category" text,
	"cover_image" text,
	"files" jsonb,
	"to_user_ids" jsonb,
	"expiration_time" bigint,
	"enabled_mark" integer DEFAULT 0 NOT NULL,
	"release_time" bigint,
	"release_user_id" text,
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
CREATE TABLE "base_schedule_user" (
	"id" text PRIMARY KEY NOT NULL,
	"schedule_id" text NOT NULL,
	"to_user_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_schedule" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"type" text,
	"urgent" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"content" text,
	"color" text,
	"all_day" integer DEFAULT 0 NOT NULL,
	"start_day" bigint NOT NULL,
	"end_day" bigint NOT NULL,
	"repetition" integer DEFAULT 1 NOT NULL,
	"repeat_time" bigint,
	"reminder_time" integer,
	"push_time" bigint,
	"pushed_time" bigint,
	"files" jsonb,
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
CREATE TABLE "base_message_send" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"template_type" integer DEFAULT 1 NOT NULL,
	"message_source" integer NOT NULL,
	"templates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
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
CREATE UNIQUE INDEX "base_organize_administrator_unique" ON "base_organize_administrator" USING btree ("user_id","organize_id");--> statement-breakpoint
CREATE INDEX "base_organize_administrator_organize" ON "base_organize_administrator" USING btree ("organize_id");--> statement-breakpoint
CREATE INDEX "base_im_content_pair" ON "base_im_content" USING btree ("send_user_id","receive_user_id","send_time");--> statement-breakpoint
CREATE INDEX "base_im_content_unread" ON "base_im_content" USING btree ("receive_user_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "base_im_reply_pair" ON "base_im_reply" USING btree ("user_id","receive_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_message_account_config_code" ON "base_message_account_config" USING btree ("category","en_code");--> statement-breakpoint
CREATE INDEX "base_message_monitor_time" ON "base_message_monitor" USING btree ("send_time");--> statement-breakpoint
CREATE UNIQUE INDEX "base_message_receive_once" ON "base_message_receive" USING btree ("message_id","user_id");--> statement-breakpoint
CREATE INDEX "base_message_receive_inbox" ON "base_message_receive" USING btree ("user_id","delete_mark","release_time");--> statement-breakpoint
CREATE INDEX "base_message_receive_unread" ON "base_message_receive" USING btree ("user_id","is_read","type");--> statement-breakpoint
CREATE UNIQUE INDEX "base_message_template_config_code" ON "base_message_template_config" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_message_type" ON "base_message" USING btree ("type","enabled_mark");--> statement-breakpoint
CREATE UNIQUE INDEX "base_schedule_user_unique" ON "base_schedule_user" USING btree ("schedule_id","to_user_id");--> statement-breakpoint
CREATE INDEX "base_schedule_user_user" ON "base_schedule_user" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "base_schedule_group" ON "base_schedule" USING btree ("group_id","start_day");--> statement-breakpoint
CREATE INDEX "base_schedule_start" ON "base_schedule" USING btree ("start_day");--> statement-breakpoint
CREATE INDEX "base_schedule_push" ON "base_schedule" USING btree ("push_time");--> statement-breakpoint
CREATE UNIQUE INDEX "base_message_send_code" ON "base_message_send" USING btree ("en_code");