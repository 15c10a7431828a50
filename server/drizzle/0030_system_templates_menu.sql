-- System templates (system/systemTemplate) and SMS templates (system/smsTemplate) for databases
-- seeded before the pages existed: the menus under 系统管理 with their buttons and list columns
-- (new databases get them from the seed).
INSERT INTO "base_module"
  ("id", "system_id", "parent_id", "type", "full_name", "en_code", "icon", "url_address", "category",
   "is_button_authorize", "is_column_authorize", "sort_code", "enabled_mark", "creator_time")
SELECT gen_random_uuid()::text, d."system_id", d."id", 2, m."full_name", m."en_code", m."icon", m."url_address",
  'Web', 1, 1,
  (SELECT coalesce(max(s."sort_code"), 0) + m."n" FROM "base_module" s WHERE s."parent_id" = d."id"), 1,
  (extract(epoch from now()) * 1000)::bigint
FROM "base_module" d
CROSS JOIN (VALUES
  ('系统模板', 'system.systemTemplate', 'icon-ym icon-ym-system-systemTemplate', 'system/systemTemplate', 1),
  ('短信模板', 'system.smsTemplate', 'icon-ym icon-ym-system-smsTemplate', 'system/smsTemplate', 2))
  AS m("full_name", "en_code", "icon", "url_address", "n")
WHERE d."en_code" = 'system' AND d."category" = 'Web' AND d."delete_mark" = 0
  AND NOT EXISTS (
    SELECT 1 FROM "base_module" c
    WHERE c."system_id" = d."system_id" AND c."category" = 'Web' AND c."en_code" = m."en_code"
  );
--> statement-breakpoint
INSERT INTO "base_module_button" ("id", "module_id", "parent_id", "full_name", "en_code", "sort_code", "enabled_mark", "creator_time")
SELECT gen_random_uuid()::text, m."id", '-1', b."full_name", b."en_code", b."sort_code", 1, (extract(epoch from now()) * 1000)::bigint
FROM "base_module" m
JOIN (VALUES
  ('system.systemTemplate', '新建', 'btn_add', 1), ('system.systemTemplate', '编辑', 'btn_edit', 2),
  ('system.systemTemplate', '删除', 'btn_remove', 3), ('system.systemTemplate', '详情', 'btn_detail', 4),
  ('system.systemTemplate', '启用/禁用', 'btn_state', 5),
  ('system.smsTemplate', '新建', 'btn_add', 1), ('system.smsTemplate', '编辑', 'btn_edit', 2),
  ('system.smsTemplate', '删除', 'btn_remove', 3), ('system.smsTemplate', '详情', 'btn_detail', 4),
  ('system.smsTemplate', '启用/禁用', 'btn_state', 5), ('system.smsTemplate', '测试', 'btn_test', 6))
  AS b("module", "full_name", "en_code", "sort_code")
  ON b."module" = m."en_code"
WHERE NOT EXISTS (SELECT 1 FROM "base_module_button" x WHERE x."module_id" = m."id" AND x."en_code" = b."en_code");
--> statement-breakpoint
INSERT INTO "base_module_column" ("id", "module_id", "parent_id", "full_name", "en_code", "sort_code", "enabled_mark", "creator_time")
SELECT gen_random_uuid()::text, m."id", '-1', c."full_name", c."en_code", c."sort_code", 1, (extract(epoch from now()) * 1000)::bigint
FROM "base_module" m
JOIN (VALUES
  ('system.systemTemplate', '模板名称', 'fullName', 1), ('system.systemTemplate', '模板编码', 'enCode', 2),
  ('system.systemTemplate', '消息类型', 'category', 3), ('system.systemTemplate', '消息标题', 'title', 4),
  ('system.systemTemplate', '排序', 'sortCode', 5), ('system.systemTemplate', '状态', 'enabledMark', 6),
  ('system.systemTemplate', '创建时间', 'creatorTime', 7),
  ('system.smsTemplate', '模板名称', 'fullName', 1), ('system.smsTemplate', '模板编码', 'enCode', 2),
  ('system.smsTemplate', '短信账号', 'accountName', 3), ('system.smsTemplate', '模板编号', 'templateId', 4),
  ('system.smsTemplate', '签名内容', 'signContent', 5), ('system.smsTemplate', '排序', 'sortCode', 6),
  ('system.smsTemplate', '状态', 'enabledMark', 7), ('system.smsTemplate', '创建时间', 'creatorTime', 8))
  AS c("module", "full_name", "en_code", "sort_code")
  ON c."module" = m."en_code"
WHERE NOT EXISTS (SELECT 1 FROM "base_module_column" x WHERE x."module_id" = m."id" AND x."en_code" = c."en_code");
