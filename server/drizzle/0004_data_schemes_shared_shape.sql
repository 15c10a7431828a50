-- Data-rule schemes seeded before the shared shape (packages/shared dataScheme.ts) stored one
-- condition as {field, op, value: '@userId' | '@organizeId' | '@organizeAndSub'}. Rewrite them
-- as {matchLogic, conditions: [{field, op, valueType, value}]} and declare the fields they use,
-- so the menu page can edit them.
UPDATE "base_module_data_scheme"
SET "condition_json" = jsonb_build_object(
  'matchLogic', 'and',
  'conditions', jsonb_build_array(jsonb_build_object(
    'field', "condition_json"->>'field',
    'op', CASE "condition_json"->>'op' WHEN '!=' THEN '<>' WHEN 'in' THEN '==' ELSE "condition_json"->>'op' END,
    'valueType', CASE "condition_json"->>'value'
      WHEN '@userId' THEN 'currentUser'
      WHEN '@organizeId' THEN 'currentOrganize'
      WHEN '@organizeAndSub' THEN 'currentOrganizeAndSub'
      ELSE 'text' END,
    'value', CASE WHEN "condition_json"->>'value' LIKE '@%' THEN '' ELSE "condition_json"->>'value' END
  ))
)
WHERE "condition_json" ? 'field';
--> statement-breakpoint
INSERT INTO "base_module_data_authorize"
  ("id", "module_id", "parent_id", "full_name", "en_code", "condition_symbol", "condition_text", "creator_time")
SELECT DISTINCT ON (s."module_id", c->>'field')
  gen_random_uuid()::text, s."module_id", '-1', c->>'field', c->>'field', '==,<>',
  CASE WHEN c->>'valueType' = 'currentUser' THEN 'currentUser' ELSE 'currentOrganize,currentOrganizeAndSub' END,
  (extract(epoch from now()) * 1000)::bigint
FROM "base_module_data_scheme" s
CROSS JOIN LATERAL jsonb_array_elements(s."condition_json"->'conditions') c
WHERE s."condition_json" ? 'conditions' AND s."delete_mark" = 0
ON CONFLICT ("module_id", "en_code") DO NOTHING;
