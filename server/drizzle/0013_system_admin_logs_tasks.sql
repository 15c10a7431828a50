CREATE TABLE "base_time_task_log" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"scheduled_at" bigint,
	"manual" integer DEFAULT 0 NOT NULL,
	"run_time" bigint NOT NULL,
	"end_time" bigint,
	"run_result" integer,
	"description" text,
	"instance" text
);
--> statement-breakpoint
CREATE TABLE "base_time_task" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"execute_type" text NOT NULL,
	"execute_content" text NOT NULL,
	"cron" text NOT NULL,
	"start_time" bigint NOT NULL,
	"end_time" bigint,
	"missed_run" text DEFAULT 'skip' NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"run_count" integer DEFAULT 0 NOT NULL,
	"last_run_time" bigint,
	"next_run_time" bigint,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "base_log" ADD COLUMN "module_name" text;--> statement-breakpoint
ALTER TABLE "base_log" ADD COLUMN "json" text;--> statement-breakpoint
ALTER TABLE "base_time_task_log" ADD CONSTRAINT "base_time_task_log_task_id_base_time_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."base_time_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "base_time_task_log_due" ON "base_time_task_log" USING btree ("task_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "base_time_task_log_time" ON "base_time_task_log" USING btree ("task_id","run_time");--> statement-breakpoint
CREATE UNIQUE INDEX "base_time_task_en_code" ON "base_time_task" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_time_task_due" ON "base_time_task" USING btree ("enabled_mark","next_run_time");--> statement-breakpoint
CREATE INDEX "base_log_category_time" ON "base_log" USING btree ("category","creator_time");