-- Map management (systemData/map) and the backup page's btn_restore for databases seeded before they
-- existed (new databases get them from the seed).
INSERT INTO "base_module"
  ("id", "system_id", "parent_id", "type", "full_name", "en_code", "icon", "url_address", "category",
   "is_button_authorize", "is_column_authorize", "is_form_authorize", "sort_code", "enabled_mark", "creator_time")
SELECT gen_random_uuid()::text, d."system_id", d."id", 2, '地图管理', 'systemData.map',
  'icon-ym icon-ym-systemData-map', 'systemData/map', 'Web', 1, 1, 1,
  (SELECT coalesce(max(s."sort_code"), 0) + 1 FROM "base_module" s WHERE s."parent_id" = d."id"), 1,
  (extract(epoch from now()) * 1000)::bigint
FROM "base_module" d
WHERE d."en_code" = 'systemData' AND d."category" = 'Web' AND d."delete_mark" = 0
  AND NOT EXISTS (
    SELECT 1 FROM "base_module" c
    WHERE c."system_id" = d."system_id" AND c."category" = 'Web' AND c."en_code" = 'systemData.map'
  );
--> statement-breakpoint
INSERT INTO "base_module_button" ("id", "module_id", "parent_id", "full_name", "en_code", "sort_code", "enabled_mark", "creator_time")
SELECT gen_random_uuid()::text, m."id", '-1', b."full_name", b."en_code", b."sort_code", 1, (extract(epoch from now()) * 1000)::bigint
FROM "base_module" m
JOIN (VALUES ('systemData.map', '新建', 'btn_add', 1), ('systemData.map', '编辑', 'btn_edit', 2),
  ('systemData.map', '删除', 'btn_remove', 3), ('systemData.map', '详情', 'btn_detail', 4),
  ('systemData.dataBackup', '还原', 'btn_restore', 5)) AS b("module", "full_name", "en_code", "sort_code")
  ON b."module" = m."en_code"
WHERE NOT EXISTS (SELECT 1 FROM "base_module_button" x WHERE x."module_id" = m."id" AND x."en_code" = b."en_code");
