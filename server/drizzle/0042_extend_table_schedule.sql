CREATE TABLE "ext_schedule" (
	"id" text PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"start_time" bigint NOT NULL,
	"end_time" bigint NOT NULL,
	"early" integer DEFAULT 1 NOT NULL,
	"app_alert" integer DEFAULT 0 NOT NULL,
	"wechat_alert" integer DEFAULT 0 NOT NULL,
	"mail_alert" integer DEFAULT 0 NOT NULL,
	"mobile_alert" integer DEFAULT 0 NOT NULL,
	"colour" text DEFAULT '#188ae2' NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ext_table_example" (
	"id" text PRIMARY KEY NOT NULL,
	"project_name" text NOT NULL,
	"project_code" text NOT NULL,
	"project_type" text NOT NULL,
	"project_phase" text DEFAULT '' NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"principal" text NOT NULL,
	"jack_stands" text DEFAULT '' NOT NULL,
	"interaction_date" bigint,
	"cost_amount" numeric(16, 2) DEFAULT 0 NOT NULL,
	"tunes_amount" numeric(16, 2) DEFAULT 0 NOT NULL,
	"projected_income" numeric(16, 2) DEFAULT 0 NOT NULL,
	"registrant" text DEFAULT '' NOT NULL,
	"register_date" bigint,
	"description" text,
	"sign" text DEFAULT '0000000' NOT NULL,
	"postil_json" text DEFAULT '[]' NOT NULL,
	"postil_count" integer DEFAULT 0 NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
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
CREATE INDEX "ext_schedule_owner_start" ON "ext_schedule" USING btree ("creator_user_id","start_time");--> statement-breakpoint
CREATE INDEX "ext_table_example_type" ON "ext_table_example" USING btree ("project_type");--> statement-breakpoint
CREATE INDEX "ext_table_example_created" ON "ext_table_example" USING btree ("creator_time","id");