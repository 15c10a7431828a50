CREATE TABLE "flow_engine_visible" (
	"id" text PRIMARY KEY NOT NULL,
	"template_id" text NOT NULL,
	"operator_type" text DEFAULT 'user' NOT NULL,
	"operator_id" text NOT NULL,
	"type" integer DEFAULT 2 NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "flow_engine_visible_operator" ON "flow_engine_visible" USING btree ("template_id","type","operator_type","operator_id");--> statement-breakpoint
CREATE INDEX "flow_engine_visible_user" ON "flow_engine_visible" USING btree ("operator_id","type");