-- Translation management (system/language) for databases seeded before the page existed: the
-- menu under 系统管理 with its btn_edit button and list columns (new databases get them from the seed).
INSERT INTO "base_module"
  ("id", "system_id", "parent_id", "type", "full_name", "en_code", "icon", "url_address", "category",
   "is_button_authorize", "is_column_authorize", "sort_code", "enabled_mark", "creator_time")
SELECT gen_random_uuid()::text, d."system_id", d."id", 2, '翻译管理', 'system.language',
  'icon-ym icon-ym-system-language', 'system/language', 'Web', 1, 1,
  (SELECT coalesce(max(s."sort_code"), 0) + 1 FROM "base_module" s WHERE s."parent_id" = d."id"), 1,
  (extract(epoch from now()) * 1000)::bigint
FROM "base_module" d
WHERE d."en_code" = 'system' AND d."category" = 'Web' AND d."delete_mark" = 0
  AND NOT EXISTS (
    SELECT 1 FROM "base_module" c
    WHERE c."system_id" = d."system_id" AND c."category" = 'Web' AND c."en_code" = 'system.language'
  );
--> statement-breakpoint
INSERT INTO "base_module_button" ("id", "module_id", "parent_id", "full_name", "en_code", "sort_code", "enabled_mark", "creator_time")
SELECT gen_random_uuid()::text, m."id", '-1', '编辑', 'btn_edit', 1, 1, (extract(epoch from now()) * 1000)::bigint
FROM "base_module" m
WHERE m."en_code" = 'system.language'
  AND NOT EXISTS (SELECT 1 FROM "base_module_button" b WHERE b."module_id" = m."id" AND b."en_code" = 'btn_edit');
--> statement-breakpoint
INSERT INTO "base_module_column" ("id", "module_id", "parent_id", "full_name", "en_code", "sort_code", "enabled_mark", "creator_time")
SELECT gen_random_uuid()::text, m."id", '-1', c."full_name", c."en_code", c."sort_code", 1, (extract(epoch from now()) * 1000)::bigint
FROM "base_module" m
CROSS JOIN (VALUES ('命名空间', 'namespace', 1), ('翻译键', 'key', 2), ('简体中文', 'zhCN', 3),
  ('繁體中文', 'zhTW', 4), ('English', 'enUS', 5)) AS c("full_name", "en_code", "sort_code")
WHERE m."en_code" = 'system.language'
  AND NOT EXISTS (SELECT 1 FROM "base_module_column" x WHERE x."module_id" = m."id" AND x."en_code" = c."en_code");
