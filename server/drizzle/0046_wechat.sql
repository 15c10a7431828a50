CREATE TABLE "base_wechat_account" (
	"kind" text PRIMARY KEY NOT NULL,
	"app_id" text DEFAULT '' NOT NULL,
	"secret" text DEFAULT '' NOT NULL,
	"token" text DEFAULT '' NOT NULL,
	"encoding_aes_key" text DEFAULT '' NOT NULL,
	"agent_id" text DEFAULT '' NOT NULL,
	"api_base" text DEFAULT '' NOT NULL,
	"menu" jsonb,
	"menu_publish_time" bigint,
	"last_modify_user_id" text,
	"last_modify_time" bigint
);
--> statement-breakpoint
CREATE TABLE "base_wechat_follower" (
	"open_id" text PRIMARY KEY NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subscribe_time" bigint,
	"language" text DEFAULT '' NOT NULL,
	"sync_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_wechat_message" (
	"id" text PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"target" jsonb NOT NULL,
	"msg_type" text NOT NULL,
	"content" jsonb NOT NULL,
	"status" text NOT NULL,
	"msg_id" text,
	"errmsg" text,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_wechat_tag" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "base_wechat_follower_nickname" ON "base_wechat_follower" USING btree ("nickname");--> statement-breakpoint
CREATE INDEX "base_wechat_message_channel" ON "base_wechat_message" USING btree ("channel","creator_time");