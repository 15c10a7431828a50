CREATE TABLE "ext_big_data" (
	"id" text PRIMARY KEY NOT NULL,
	"en_code" text NOT NULL,
	"full_name" text NOT NULL,
	"description" text,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ext_document_share" (
	"id" text PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"share_user_id" text NOT NULL,
	"share_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ext_document" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"type" integer NOT NULL,
	"full_name" text NOT NULL,
	"file_id" text,
	"file_size" bigint DEFAULT 0 NOT NULL,
	"file_extension" text DEFAULT '' NOT NULL,
	"is_share" integer DEFAULT 0 NOT NULL,
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
CREATE INDEX "ext_big_data_created" ON "ext_big_data" USING btree ("creator_time","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ext_document_share_doc_user" ON "ext_document_share" USING btree ("document_id","share_user_id");--> statement-breakpoint
CREATE INDEX "ext_document_share_user" ON "ext_document_share" USING btree ("share_user_id");--> statement-breakpoint
CREATE INDEX "ext_document_owner_parent" ON "ext_document" USING btree ("creator_user_id","parent_id");--> statement-breakpoint
CREATE INDEX "ext_document_file" ON "ext_document" USING btree ("file_id");