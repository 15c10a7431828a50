ALTER TABLE "flow_task_operator" ADD COLUMN "notice_due_time" bigint;--> statement-breakpoint
ALTER TABLE "flow_task_operator" ADD COLUMN "notice_count" integer DEFAULT 0 NOT NULL;