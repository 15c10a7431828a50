CREATE TABLE "ext_crm_collection_plan" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"receivable_date" bigint NOT NULL,
	"receivable_rate" numeric(18, 2) NOT NULL,
	"receivable_money" numeric(18, 2) NOT NULL,
	"receivable_mode" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ext_crm_order_entry" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"goods_code" text NOT NULL,
	"goods_name" text NOT NULL,
	"specifications" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"qty" numeric(18, 2) NOT NULL,
	"discount" numeric(18, 2) DEFAULT 100 NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ext_crm_order" (
	"id" text PRIMARY KEY NOT NULL,
	"order_code" text NOT NULL,
	"order_date" bigint NOT NULL,
	"customer_id" text NOT NULL,
	"customer_name" text NOT NULL,
	"salesman_id" text,
	"salesman_name" text DEFAULT '' NOT NULL,
	"receivable_money" numeric(18, 2) DEFAULT 0 NOT NULL,
	"earnest_rate" numeric(18, 2) DEFAULT 0 NOT NULL,
	"prepay_earnest" numeric(18, 2) DEFAULT 0 NOT NULL,
	"payment_mode" text DEFAULT '' NOT NULL,
	"transport_mode" text DEFAULT '' NOT NULL,
	"delivery_date" bigint,
	"delivery_address" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"file_json" text DEFAULT '[]' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
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
CREATE TABLE "ext_document_preview" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"file_extension" text NOT NULL,
	"file_size" integer DEFAULT 0 NOT NULL,
	"file_id" text,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ext_crm_collection_plan_order" ON "ext_crm_collection_plan" USING btree ("order_id","sort_code");--> statement-breakpoint
CREATE INDEX "ext_crm_order_entry_order" ON "ext_crm_order_entry" USING btree ("order_id","sort_code");--> statement-breakpoint
CREATE UNIQUE INDEX "ext_crm_order_code" ON "ext_crm_order" USING btree ("order_code") WHERE "ext_crm_order"."delete_mark" = 0;--> statement-breakpoint
CREATE INDEX "ext_crm_order_date" ON "ext_crm_order" USING btree ("order_date","id");--> statement-breakpoint
CREATE INDEX "flow_task_operator_pending" ON "flow_task_operator" USING btree ("handle_id","creator_time" DESC NULLS LAST,"id" DESC NULLS LAST,"task_id") WHERE "flow_task_operator"."completion" = 0 and "flow_task_operator"."waiting" = 0 and "flow_task_operator"."state" <> -1;