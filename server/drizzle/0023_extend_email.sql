CREATE TABLE "ext_email_config" (
	"user_id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"password" text DEFAULT '' NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"imap_host" text NOT NULL,
	"imap_port" integer NOT NULL,
	"smtp_host" text NOT NULL,
	"smtp_port" integer NOT NULL,
	"email_ssl" integer DEFAULT 0 NOT NULL,
	"uid_validity" text DEFAULT '' NOT NULL,
	"last_uid" integer DEFAULT 0 NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ext_email" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"folder" text NOT NULL,
	"uid" integer DEFAULT 0 NOT NULL,
	"uid_validity" text DEFAULT '' NOT NULL,
	"sender" text DEFAULT '' NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"recipient" text DEFAULT '' NOT NULL,
	"cc" text DEFAULT '' NOT NULL,
	"bcc" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"attachment" text DEFAULT '[]' NOT NULL,
	"is_read" integer DEFAULT 0 NOT NULL,
	"starred" integer DEFAULT 0 NOT NULL,
	"fdate" bigint NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ext_email_user_folder" ON "ext_email" USING btree ("user_id","folder","fdate");--> statement-breakpoint
CREATE UNIQUE INDEX "ext_email_received" ON "ext_email" USING btree ("user_id","uid_validity","uid") WHERE "ext_email"."folder" = 'inBox';