CREATE TABLE "flow_comment" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '[]' NOT NULL,
	"file" text DEFAULT '[]' NOT NULL,
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
CREATE INDEX "flow_comment_task" ON "flow_comment" USING btree ("task_id","creator_time");