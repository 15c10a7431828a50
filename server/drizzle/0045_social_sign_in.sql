CREATE TABLE "base_social_user" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"enname" text NOT NULL,
	"social_id" text NOT NULL,
	"social_name" text DEFAULT '' NOT NULL,
	"bind_mode" text NOT NULL,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_social_provider" (
	"enname" text PRIMARY KEY NOT NULL,
	"enabled_mark" integer DEFAULT 0 NOT NULL,
	"client_id" text DEFAULT '' NOT NULL,
	"client_secret" text DEFAULT '' NOT NULL,
	"agent_id" text DEFAULT '' NOT NULL,
	"authorize_base" text DEFAULT '' NOT NULL,
	"api_base" text DEFAULT '' NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint
);
--> statement-breakpoint
CREATE UNIQUE INDEX "base_social_user_provider_id" ON "base_social_user" USING btree ("enname","social_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_social_user_user_provider" ON "base_social_user" USING btree ("user_id","enname");--> statement-breakpoint
CREATE INDEX "base_social_user_user" ON "base_social_user" USING btree ("user_id");