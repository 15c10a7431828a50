CREATE TABLE "base_authorize" (
	"id" text PRIMARY KEY NOT NULL,
	"item_type" text NOT NULL,
	"item_id" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text
);
--> statement-breakpoint
CREATE TABLE "base_group" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"type" text,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
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
CREATE TABLE "base_organize_relation" (
	"id" text PRIMARY KEY NOT NULL,
	"organize_id" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_organize" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text DEFAULT '-1' NOT NULL,
	"category" text NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"short_name" text,
	"manager_id" text,
	"organize_id_tree" text NOT NULL,
	"property_json" text,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
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
CREATE TABLE "base_position" (
	"id" text PRIMARY KEY NOT NULL,
	"organize_id" text NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"type" text,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
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
CREATE TABLE "base_role" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"type" text,
	"global_mark" integer DEFAULT 1 NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
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
CREATE TABLE "base_user_relation" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"creator_time" bigint NOT NULL,
	"creator_user_id" text
);
--> statement-breakpoint
CREATE TABLE "base_user_session" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"origin" text NOT NULL,
	"ip_address" text,
	"browser" text,
	"plat_form" text,
	"created_time" bigint NOT NULL,
	"last_active_time" bigint NOT NULL,
	"ended_time" bigint,
	"end_reason" text
);
--> statement-breakpoint
CREATE TABLE "base_user" (
	"id" text PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"real_name" text NOT NULL,
	"quick_query" text,
	"nick_name" text,
	"head_icon" text,
	"gender" integer,
	"mobile_phone" text,
	"email" text,
	"organize_id" text,
	"manager_id" text,
	"password_hash" text,
	"must_change_password" integer DEFAULT 0 NOT NULL,
	"change_password_date" bigint,
	"is_administrator" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"unlock_time" bigint,
	"theme" text,
	"language" text,
	"portal_id" text,
	"sign_img" text,
	"system_id" text,
	"last_log_time" bigint,
	"last_log_ip" text,
	"last_log_ip_name" text,
	"prev_log_time" bigint,
	"prev_log_ip" text,
	"prev_log_ip_name" text,
	"log_success_count" integer DEFAULT 0 NOT NULL,
	"entry_date" bigint,
	"birthday" bigint,
	"position_id" text,
	"nation" text,
	"native_place" text,
	"certificates_type" text,
	"certificates_number" text,
	"education" text,
	"tele_phone" text,
	"landline" text,
	"urgent_contacts" text,
	"urgent_tele_phone" text,
	"postal_address" text,
	"signature" text,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"description" text,
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
CREATE TABLE "base_log" (
	"id" text PRIMARY KEY NOT NULL,
	"category" integer NOT NULL,
	"user_id" text,
	"user_name" text,
	"login_mark" integer,
	"ip_address" text,
	"ip_address_name" text,
	"browser" text,
	"plat_form" text,
	"request_url" text,
	"request_method" text,
	"request_duration" integer,
	"abstracts" text,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_module_button" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"parent_id" text DEFAULT '-1' NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
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
CREATE TABLE "base_module_column" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"parent_id" text DEFAULT '-1' NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"bind_table" text,
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
CREATE TABLE "base_module_data_scheme" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"parent_id" text DEFAULT '-1' NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"all_data" integer DEFAULT 0 NOT NULL,
	"condition_json" jsonb,
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
CREATE TABLE "base_module_form" (
	"id" text PRIMARY KEY NOT NULL,
	"module_id" text NOT NULL,
	"parent_id" text DEFAULT '-1' NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
	"bind_table" text,
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
CREATE TABLE "base_module" (
	"id" text PRIMARY KEY NOT NULL,
	"system_id" text NOT NULL,
	"parent_id" text DEFAULT '-1' NOT NULL,
	"type" integer NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"icon" text,
	"url_address" text,
	"link_target" text,
	"property_json" text,
	"category" text DEFAULT 'Web' NOT NULL,
	"is_button_authorize" integer DEFAULT 0 NOT NULL,
	"is_column_authorize" integer DEFAULT 0 NOT NULL,
	"is_form_authorize" integer DEFAULT 0 NOT NULL,
	"is_data_authorize" integer DEFAULT 0 NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
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
CREATE TABLE "base_sys_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"category" text DEFAULT 'SysConfig' NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_system" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"icon" text,
	"property_json" text,
	"is_main" integer DEFAULT 0 NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"description" text,
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
CREATE TABLE "base_province" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text DEFAULT '-1' NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"type" integer NOT NULL,
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
CREATE TABLE "base_bill_rule" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"category" text NOT NULL,
	"prefix" text NOT NULL,
	"date_format" text NOT NULL,
	"digit" integer NOT NULL,
	"start_number" text NOT NULL,
	"example" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"date_part" text,
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
CREATE TABLE "base_dictionary_data" (
	"id" text PRIMARY KEY NOT NULL,
	"dictionary_type_id" text NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"enabled_mark" integer DEFAULT 1 NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"description" text,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_dictionary_type" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text DEFAULT '0' NOT NULL,
	"full_name" text NOT NULL,
	"en_code" text NOT NULL,
	"is_tree" integer DEFAULT 0 NOT NULL,
	"sort_code" integer DEFAULT 0 NOT NULL,
	"description" text,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_syn_third_info" (
	"id" text PRIMARY KEY NOT NULL,
	"third_type" integer NOT NULL,
	"data_type" integer NOT NULL,
	"sys_obj_id" text NOT NULL,
	"third_obj_id" text,
	"enabled_mark" integer NOT NULL,
	"description" text,
	"last_modify_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_sign_img" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"file_name" text NOT NULL,
	"is_default" integer DEFAULT 0 NOT NULL,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "base_file" (
	"id" text PRIMARY KEY NOT NULL,
	"folder" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "base_authorize_unique" ON "base_authorize" USING btree ("object_type","object_id","item_type","item_id");--> statement-breakpoint
CREATE INDEX "base_authorize_item" ON "base_authorize" USING btree ("item_type","item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_group_en_code" ON "base_group" USING btree ("en_code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_organize_relation_unique" ON "base_organize_relation" USING btree ("organize_id","object_type","object_id");--> statement-breakpoint
CREATE INDEX "base_organize_parent" ON "base_organize" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_organize_en_code" ON "base_organize" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_position_organize" ON "base_position" USING btree ("organize_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_position_en_code" ON "base_position" USING btree ("en_code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_role_en_code" ON "base_role" USING btree ("en_code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_user_relation_unique" ON "base_user_relation" USING btree ("user_id","object_type","object_id");--> statement-breakpoint
CREATE INDEX "base_user_relation_object" ON "base_user_relation" USING btree ("object_type","object_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_user_session_token" ON "base_user_session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "base_user_session_user" ON "base_user_session" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_user_account" ON "base_user" USING btree ("account");--> statement-breakpoint
CREATE INDEX "base_user_organize" ON "base_user" USING btree ("organize_id");--> statement-breakpoint
CREATE INDEX "base_log_user_time" ON "base_log" USING btree ("category","user_id","creator_time");--> statement-breakpoint
CREATE UNIQUE INDEX "base_module_button_code" ON "base_module_button" USING btree ("module_id","en_code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_module_column_code" ON "base_module_column" USING btree ("module_id","en_code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_module_data_scheme_code" ON "base_module_data_scheme" USING btree ("module_id","en_code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_module_form_code" ON "base_module_form" USING btree ("module_id","en_code");--> statement-breakpoint
CREATE INDEX "base_module_system" ON "base_module" USING btree ("system_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_module_en_code" ON "base_module" USING btree ("system_id","category","en_code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_system_en_code" ON "base_system" USING btree ("en_code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_province_en_code" ON "base_province" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_province_parent" ON "base_province" USING btree ("parent_id","sort_code");--> statement-breakpoint
CREATE UNIQUE INDEX "base_bill_rule_en_code" ON "base_bill_rule" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_bill_rule_category" ON "base_bill_rule" USING btree ("category");--> statement-breakpoint
CREATE UNIQUE INDEX "base_dictionary_data_code" ON "base_dictionary_data" USING btree ("dictionary_type_id","en_code");--> statement-breakpoint
CREATE INDEX "base_dictionary_data_parent" ON "base_dictionary_data" USING btree ("dictionary_type_id","parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_dictionary_type_en_code" ON "base_dictionary_type" USING btree ("en_code");--> statement-breakpoint
CREATE INDEX "base_dictionary_type_parent" ON "base_dictionary_type" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_syn_third_info_obj" ON "base_syn_third_info" USING btree ("third_type","data_type","sys_obj_id");--> statement-breakpoint
CREATE INDEX "base_sign_img_user" ON "base_sign_img" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "base_file_folder_name" ON "base_file" USING btree ("folder","name");--> statement-breakpoint
CREATE INDEX "base_file_creator" ON "base_file" USING btree ("creator_user_id");