CREATE TABLE "base_wechat_auto_reply" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"match_mode" text DEFAULT 'exact' NOT NULL,
	"content" text NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_wechat_inbox" (
	"id" text PRIMARY KEY NOT NULL,
	"dedup_key" text NOT NULL,
	"open_id" text NOT NULL,
	"msg_type" text NOT NULL,
	"event" text,
	"content" text DEFAULT '' NOT NULL,
	"fields" jsonb NOT NULL,
	"create_time" bigint NOT NULL,
	"auto_reply" text,
	"auto_reply_kind" text,
	"replies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"receive_time" bigint NOT NULL,
	CONSTRAINT "base_wechat_inbox_dedup_key_unique" UNIQUE("dedup_key")
);
--> statement-breakpoint
ALTER TABLE "base_wechat_account" ADD COLUMN "encrypt_mode" text DEFAULT 'plain' NOT NULL;--> statement-breakpoint
CREATE INDEX "base_wechat_inbox_time" ON "base_wechat_inbox" USING btree ("receive_time");--> statement-breakpoint
CREATE INDEX "base_wechat_inbox_open_id" ON "base_wechat_inbox" USING btree ("open_id");