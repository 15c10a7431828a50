CREATE TABLE "kb_base" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"description" text,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"chunk_settings" jsonb NOT NULL,
	"answer_settings" jsonb NOT NULL,
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
CREATE TABLE "kb_chunk" (
	"id" text PRIMARY KEY NOT NULL,
	"base_id" text NOT NULL,
	"document_id" text NOT NULL,
	"seq" integer NOT NULL,
	"content" text NOT NULL,
	"start_offset" integer NOT NULL,
	"end_offset" integer NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"embedding" jsonb,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_conversation" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
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
CREATE TABLE "kb_document" (
	"id" text PRIMARY KEY NOT NULL,
	"base_id" text NOT NULL,
	"file_id" text NOT NULL,
	"full_name" text NOT NULL,
	"file_extension" text NOT NULL,
	"file_size" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"chunk_count" integer DEFAULT 0 NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_grant" (
	"base_id" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"level" text NOT NULL,
	CONSTRAINT "kb_grant_base_id_object_type_object_id_pk" PRIMARY KEY("base_id","object_type","object_id")
);
--> statement-breakpoint
CREATE TABLE "kb_job" (
	"document_id" text PRIMARY KEY NOT NULL,
	"token" text,
	"lease_until" bigint,
	"attempts" integer DEFAULT 0 NOT NULL,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_message" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"question" text,
	"citations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" text,
	"feedback" integer,
	"feedback_comment" text,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_model_settings" (
	"id" text PRIMARY KEY NOT NULL,
	"chat_base_url" text DEFAULT '' NOT NULL,
	"chat_model" text DEFAULT '' NOT NULL,
	"chat_api_key" text DEFAULT '' NOT NULL,
	"embedding_base_url" text DEFAULT '' NOT NULL,
	"embedding_model" text DEFAULT '' NOT NULL,
	"embedding_api_key" text DEFAULT '' NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint
);
--> statement-breakpoint
CREATE TABLE "kb_qa" (
	"id" text PRIMARY KEY NOT NULL,
	"base_id" text NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kb_word_list" (
	"kind" text PRIMARY KEY NOT NULL,
	"words" jsonb NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint
);
--> statement-breakpoint
CREATE INDEX "kb_chunk_document" ON "kb_chunk" USING btree ("document_id","seq");--> statement-breakpoint
CREATE INDEX "kb_chunk_base" ON "kb_chunk" USING btree ("base_id");--> statement-breakpoint
CREATE INDEX "kb_conversation_user" ON "kb_conversation" USING btree ("user_id","delete_mark","creator_time");--> statement-breakpoint
CREATE INDEX "kb_document_base" ON "kb_document" USING btree ("base_id","creator_time");--> statement-breakpoint
CREATE INDEX "kb_grant_object" ON "kb_grant" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE INDEX "kb_job_due" ON "kb_job" USING btree ("lease_until","creator_time");--> statement-breakpoint
CREATE INDEX "kb_message_conversation" ON "kb_message" USING btree ("conversation_id","creator_time");--> statement-breakpoint
CREATE INDEX "kb_qa_base" ON "kb_qa" USING btree ("base_id");--> statement-breakpoint
-- The chat page 智能问答 (questionAnswering/chat) beside 知识库管理: new databases get it from the
-- menu seed; databases seeded before it get it here, under their questionAnswering directory.
INSERT INTO "base_module"
  ("id", "system_id", "parent_id", "type", "full_name", "en_code", "icon", "url_address", "category",
   "sort_code", "enabled_mark", "creator_time")
SELECT gen_random_uuid()::text, d."system_id", d."id", 2, '智能问答', 'questionAnswering.chat',
  'icon-ym icon-ym-questionAnswering-chat', 'questionAnswering/chat', 'Web', 20, 1,
  (extract(epoch from now()) * 1000)::bigint
FROM "base_module" d
WHERE d."en_code" = 'questionAnswering' AND d."category" = 'Web' AND d."delete_mark" = 0
  AND NOT EXISTS (
    SELECT 1 FROM "base_module" c
    WHERE c."system_id" = d."system_id" AND c."category" = 'Web' AND c."en_code" = 'questionAnswering.chat'
  );
