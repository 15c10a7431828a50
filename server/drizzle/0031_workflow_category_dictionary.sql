-- The flow-category dictionary (WorkFlowCategory, 流程分类; workflow.md: a flow template's category is
-- one of its entries) for databases seeded before it existed: quick launch (发起流程) asked for it and
-- showed "字典分类不存在". New databases get it from server/src/db/seed/dictionaries.ts (same entries).
-- A database without dictionaries yet is left alone (the seed writes them all after the migrations),
-- and so is one that already has the type with entries.
INSERT INTO "base_dictionary_type"
  ("id", "parent_id", "full_name", "en_code", "is_tree", "sort_code", "creator_time")
SELECT gen_random_uuid()::text, p."parent_id", '流程分类', 'WorkFlowCategory', 0,
  (SELECT coalesce(max(s."sort_code"), 0) + 1 FROM "base_dictionary_type" s WHERE s."parent_id" = p."parent_id"),
  (extract(epoch from now()) * 1000)::bigint
FROM (SELECT coalesce((SELECT f."id" FROM "base_dictionary_type" f WHERE f."en_code" = 'flowData'), '0') AS "parent_id") p
WHERE EXISTS (SELECT 1 FROM "base_dictionary_type")
  AND NOT EXISTS (SELECT 1 FROM "base_dictionary_type" t WHERE t."en_code" = 'WorkFlowCategory');
--> statement-breakpoint
INSERT INTO "base_dictionary_data"
  ("id", "dictionary_type_id", "parent_id", "full_name", "en_code", "enabled_mark", "sort_code", "creator_time")
SELECT gen_random_uuid()::text, t."id", '0', e."full_name", e."en_code", 1, e."sort_code",
  (extract(epoch from now()) * 1000)::bigint
FROM "base_dictionary_type" t
CROSS JOIN (VALUES ('personnel', '人事管理', 0), ('finance', '财务管理', 1), ('administration', '行政事务', 2),
  ('office', '办公事务', 3), ('government', '政务服务', 4), ('other', '其他', 5)) AS e("en_code", "full_name", "sort_code")
WHERE t."en_code" = 'WorkFlowCategory'
  AND NOT EXISTS (SELECT 1 FROM "base_dictionary_data" d WHERE d."dictionary_type_id" = t."id");
