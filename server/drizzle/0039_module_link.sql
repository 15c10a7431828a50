CREATE TABLE "base_module_link" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"link_id" text NOT NULL,
	"link_tables" text NOT NULL,
	"data_type" integer NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "base_module_link_type" ON "base_module_link" USING btree ("module_id","data_type");