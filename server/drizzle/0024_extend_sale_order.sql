CREATE TABLE "ext_sale_customer" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"full_name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_tel" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ext_sale_goods" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"full_name" text NOT NULL,
	"type" text NOT NULL,
	"specification" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"price" numeric(18, 2) DEFAULT 0 NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ext_sale_product_entry" (
	"id" text PRIMARY KEY NOT NULL,
	"product_id" text NOT NULL,
	"goods_id" text NOT NULL,
	"goods_code" text NOT NULL,
	"goods_name" text NOT NULL,
	"specification" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"qty" numeric(18, 2) NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ext_sale_product" (
	"id" text PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"customer_id" text NOT NULL,
	"customer_name" text NOT NULL,
	"salesman_name" text DEFAULT '' NOT NULL,
	"salesman_date" bigint NOT NULL,
	"amount" numeric(18, 2) DEFAULT 0 NOT NULL,
	"description" text DEFAULT '' NOT NULL,
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
CREATE INDEX "ext_sale_goods_type" ON "ext_sale_goods" USING btree ("type");--> statement-breakpoint
CREATE INDEX "ext_sale_product_entry_product" ON "ext_sale_product_entry" USING btree ("product_id","sort_code");--> statement-breakpoint
CREATE UNIQUE INDEX "ext_sale_product_code" ON "ext_sale_product" USING btree ("code") WHERE "ext_sale_product"."delete_mark" = 0;--> statement-breakpoint
CREATE INDEX "ext_sale_product_created" ON "ext_sale_product" USING btree ("creator_time","id");