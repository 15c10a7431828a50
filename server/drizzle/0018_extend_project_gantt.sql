CREATE TABLE "ext_project_gantt" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"project_id" text,
	"type" integer NOT NULL,
	"en_code" text,
	"full_name" text NOT NULL,
	"time_limit" integer DEFAULT 0 NOT NULL,
	"schedule" integer DEFAULT 0 NOT NULL,
	"start_time" bigint NOT NULL,
	"end_time" bigint NOT NULL,
	"sign_color" text,
	"manager_ids" text DEFAULT '' NOT NULL,
	"state" integer DEFAULT 1 NOT NULL,
	"description" text,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ext_project_gantt_project" ON "ext_project_gantt" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "ext_project_gantt_type" ON "ext_project_gantt" USING btree ("type","start_time");