CREATE TABLE "base_data_screen" (
	"id" text PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"description" text,
	"design" text NOT NULL,
	"state" integer DEFAULT 0 NOT NULL,
	"released" jsonb,
	"release_time" bigint,
	"share_token" text,
	"share_password" text,
	"share_expires" bigint,
	"creator_user_id" text,
	"creator_time" bigint NOT NULL,
	"last_modify_user_id" text,
	"last_modify_time" bigint,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "base_data_screen_category" ON "base_data_screen" USING btree ("category");--> statement-breakpoint
CREATE UNIQUE INDEX "base_data_screen_share_token" ON "base_data_screen" USING btree ("share_token");--> statement-breakpoint
-- The data screen page (onlineDev/dataScreen) and its buttons for databases seeded before it
-- existed (new databases get them from the seed), and the demo screen menu pointing at its screen.
INSERT INTO "base_module"
  ("id", "system_id", "parent_id", "type", "full_name", "en_code", "icon", "url_address", "category",
   "is_button_authorize", "is_column_authorize", "is_form_authorize", "sort_code", "enabled_mark", "creator_time")
SELECT gen_random_uuid()::text, d."system_id", d."id", 2, '大屏设计', 'onlineDev.dataScreen',
  'icon-ym icon-ym-onlineDev-dataScreen', 'onlineDev/dataScreen', 'Web', 1, 1, 1,
  (SELECT coalesce(max(s."sort_code"), 0) + 1 FROM "base_module" s WHERE s."parent_id" = d."id"), 1,
  (extract(epoch from now()) * 1000)::bigint
FROM "base_module" d
WHERE d."en_code" = 'onlineDev' AND d."category" = 'Web' AND d."delete_mark" = 0
  AND NOT EXISTS (
    SELECT 1 FROM "base_module" c
    WHERE c."system_id" = d."system_id" AND c."category" = 'Web' AND c."en_code" = 'onlineDev.dataScreen'
  );
--> statement-breakpoint
INSERT INTO "base_module_button" ("id", "module_id", "parent_id", "full_name", "en_code", "sort_code", "enabled_mark", "creator_time")
SELECT gen_random_uuid()::text, m."id", '-1', b."full_name", b."en_code", b."sort_code", 1, (extract(epoch from now()) * 1000)::bigint
FROM "base_module" m
JOIN (VALUES ('新建', 'btn_add', 1), ('编辑', 'btn_edit', 2), ('删除', 'btn_remove', 3), ('详情', 'btn_detail', 4),
  ('复制', 'btn_copy', 5), ('设计', 'btn_design', 6), ('发布', 'btn_release', 7), ('预览', 'btn_preview', 8),
  ('导出', 'btn_export', 9), ('导入', 'btn_import', 10), ('共享', 'btn_share', 11)) AS b("full_name", "en_code", "sort_code")
  ON m."en_code" = 'onlineDev.dataScreen'
WHERE NOT EXISTS (SELECT 1 FROM "base_module_button" x WHERE x."module_id" = m."id" AND x."en_code" = b."en_code");
--> statement-breakpoint
UPDATE "base_module" SET "url_address" = 'dataScreen/demodataScreen',
  "property_json" = '{"moduleId":"0190f0a0-0000-7000-8000-000000000601"}'
WHERE "en_code" = 'demo.dataScreen' AND "type" = 6 AND "url_address" = '/DataV/view/district-overview';
