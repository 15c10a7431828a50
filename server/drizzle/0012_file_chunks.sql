CREATE TABLE "base_file_chunk" (
	"set_id" text NOT NULL,
	"chunk_number" integer NOT NULL,
	"size" integer NOT NULL,
	"received_time" bigint NOT NULL,
	CONSTRAINT "base_file_chunk_set_id_chunk_number_pk" PRIMARY KEY("set_id","chunk_number")
);
--> statement-breakpoint
CREATE TABLE "base_file_chunk_set" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"identifier" text NOT NULL,
	"total_size" bigint NOT NULL,
	"created_time" bigint NOT NULL,
	"touched_time" bigint NOT NULL,
	"closed_time" bigint,
	"closed_by" text
);
--> statement-breakpoint
ALTER TABLE "base_file_chunk" ADD CONSTRAINT "base_file_chunk_set_id_base_file_chunk_set_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."base_file_chunk_set"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "base_file_chunk_received" ON "base_file_chunk" USING btree ("received_time");--> statement-breakpoint
CREATE UNIQUE INDEX "base_file_chunk_set_open" ON "base_file_chunk_set" USING btree ("user_id","identifier") WHERE closed_time is null;--> statement-breakpoint
CREATE INDEX "base_file_chunk_set_touched" ON "base_file_chunk_set" USING btree ("touched_time") WHERE closed_time is null;--> statement-breakpoint
CREATE INDEX "base_file_chunk_set_closed" ON "base_file_chunk_set" USING btree ("closed_time");