CREATE TABLE "base_portal_manage" (
	"id" text PRIMARY KEY NOT NULL,
	"portal_id" text NOT NULL,
	"system_id" text NOT NULL,
	"platform" text NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "base_portal_manage_portal" ON "base_portal_manage" USING btree ("system_id","platform","portal_id");--> statement-breakpoint
CREATE INDEX "base_portal_manage_portal_id" ON "base_portal_manage" USING btree ("portal_id");