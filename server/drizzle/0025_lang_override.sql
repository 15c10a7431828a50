CREATE TABLE "base_lang_override" (
	"id" text PRIMARY KEY NOT NULL,
	"namespace" text NOT NULL,
	"key" text NOT NULL,
	"language" text NOT NULL,
	"value" text NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "base_lang_override_text" ON "base_lang_override" USING btree ("namespace","key","language");