CREATE TABLE "flow_candidate" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"node_code" text NOT NULL,
	"task_node_id" text,
	"operator_id" text,
	"handle_id" text NOT NULL,
	"candidates" jsonb NOT NULL,
	"type" integer DEFAULT 1 NOT NULL,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_delegate" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text,
	"to_user_id" text NOT NULL,
	"to_user_name" text,
	"type" text NOT NULL,
	"flow_id" text DEFAULT '' NOT NULL,
	"flow_name" text,
	"flow_category" text,
	"start_time" bigint NOT NULL,
	"end_time" bigint NOT NULL,
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
CREATE TABLE "flow_engine_form" (
	"id" text PRIMARY KEY NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"flow_type" integer DEFAULT 0 NOT NULL,
	"form_type" integer DEFAULT 2 NOT NULL,
	"category" text,
	"url_address" text,
	"app_url_address" text,
	"interface_url" text,
	"property_json" text,
	"draft_json" text,
	"table_json" text,
	"db_link_id" text,
	"flow_id" text,
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
CREATE TABLE "flow_task_circulate" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"task_node_id" text,
	"node_code" text NOT NULL,
	"node_name" text NOT NULL,
	"object_type" text DEFAULT 'user' NOT NULL,
	"object_id" text NOT NULL,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_task_node" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"node_code" text NOT NULL,
	"node_name" text NOT NULL,
	"node_type" text NOT NULL,
	"node_up" text,
	"node_next" text,
	"completion" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"counter_sign" integer DEFAULT 0 NOT NULL,
	"candidates" jsonb,
	"draft_data" jsonb,
	"due_time" bigint,
	"creator_time" bigint NOT NULL,
	"complete_time" bigint
);
--> statement-breakpoint
CREATE TABLE "flow_task_operator" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"task_node_id" text NOT NULL,
	"node_code" text NOT NULL,
	"node_name" text NOT NULL,
	"handle_type" text,
	"handle_id" text NOT NULL,
	"handle_status" integer,
	"handle_time" bigint,
	"completion" integer DEFAULT 0 NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"parent_id" text,
	"draft_data" jsonb,
	"due_time" bigint,
	"timeout_count" integer DEFAULT 0 NOT NULL,
	"creator_time" bigint NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_task_record" (
	"id" text PRIMARY KEY NOT NULL,
	"task_id" text NOT NULL,
	"task_node_id" text,
	"task_operator_id" text,
	"node_code" text,
	"node_name" text,
	"handle_status" integer NOT NULL,
	"handle_id" text NOT NULL,
	"handle_time" bigint NOT NULL,
	"handle_opinion" text,
	"operator_id" text,
	"sign_img" text,
	"file_list" text,
	"status" integer DEFAULT 0 NOT NULL,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flow_task" (
	"id" text PRIMARY KEY NOT NULL,
	"process_id" text NOT NULL,
	"en_code" text,
	"full_name" text NOT NULL,
	"flow_urgent" integer DEFAULT 1 NOT NULL,
	"flow_id" text NOT NULL,
	"template_id" text NOT NULL,
	"flow_code" text NOT NULL,
	"flow_name" text NOT NULL,
	"flow_type" integer DEFAULT 0 NOT NULL,
	"flow_category" text,
	"flow_form" text,
	"flow_form_content_json" jsonb NOT NULL,
	"flow_template_json" text NOT NULL,
	"flow_version" integer NOT NULL,
	"start_time" bigint,
	"end_time" bigint,
	"this_step" text,
	"this_step_id" text,
	"status" integer DEFAULT 0 NOT NULL,
	"completion" integer DEFAULT 0 NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"parent_node_id" text,
	"is_async" integer DEFAULT 0 NOT NULL,
	"suspended_by_parent" integer DEFAULT 0 NOT NULL,
	"delegate_user" text,
	"is_batch" integer DEFAULT 0 NOT NULL,
	"reject_node_code" text,
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
CREATE TABLE "flow_template_json" (
	"id" text PRIMARY KEY NOT NULL,
	"template_id" text NOT NULL,
	"group_id" text NOT NULL,
	"full_name" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"flow_template_json" text NOT NULL,
	"visible_type" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"delete_mark" integer DEFAULT 0 NOT NULL,
	"delete_time" bigint,
	"delete_user_id" text
);
--> statement-breakpoint
CREATE TABLE "flow_template" (
	"id" text PRIMARY KEY NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"type" integer DEFAULT 0 NOT NULL,
	"category" text,
	"icon" text,
	"icon_background" text,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 0 NOT NULL,
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
CREATE UNIQUE INDEX "flow_candidate_node" ON "flow_candidate" USING btree ("task_id","node_code","type");--> statement-breakpoint
CREATE INDEX "flow_delegate_user" ON "flow_delegate" USING btree ("user_id","type");--> statement-breakpoint
CREATE INDEX "flow_delegate_to" ON "flow_delegate" USING btree ("to_user_id");--> statement-breakpoint
CREATE INDEX "flow_engine_form_en_code" ON "flow_engine_form" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "flow_task_circulate_object" ON "flow_task_circulate" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "flow_task_circulate_task" ON "flow_task_circulate" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "flow_task_node_task" ON "flow_task_node" USING btree ("task_id","state");--> statement-breakpoint
CREATE INDEX "flow_task_operator_todo" ON "flow_task_operator" USING btree ("handle_id","completion","state");--> statement-breakpoint
CREATE INDEX "flow_task_operator_task" ON "flow_task_operator" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "flow_task_operator_node" ON "flow_task_operator" USING btree ("task_node_id");--> statement-breakpoint
CREATE INDEX "flow_task_record_task" ON "flow_task_record" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "flow_task_record_handler" ON "flow_task_record" USING btree ("handle_id","handle_status");--> statement-breakpoint
CREATE INDEX "flow_task_creator" ON "flow_task" USING btree ("creator_user_id","status");--> statement-breakpoint
CREATE INDEX "flow_task_parent" ON "flow_task" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "flow_task_flow" ON "flow_task" USING btree ("template_id");--> statement-breakpoint
CREATE INDEX "flow_template_json_template" ON "flow_template_json" USING btree ("template_id","group_id");--> statement-breakpoint
CREATE INDEX "flow_template_en_code" ON "flow_template" USING btree ("en_code");