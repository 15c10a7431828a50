-- The demo dictionary page (menu type 4, 政治面貌) named a module id that no dictionary type has;
-- it shows the dictionary type PoliticalStatus (the page accepts a type id or code).
UPDATE "base_module" SET "property_json" = '{"moduleId":"PoliticalStatus","isTree":0}'
WHERE "en_code" = 'demo.politicalStatus' AND "type" = 4
  AND "property_json" LIKE '%0190f0a0-0000-7000-8000-000000000401%';
