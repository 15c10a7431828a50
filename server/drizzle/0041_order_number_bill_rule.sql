-- The order bill rule takes the code the 3.4.7 client's crmOrder flow form asks for (OrderNumber,
-- issue #20): the rule 0033 wrote as CrmOrder is renamed, keeping its counter, unless an OrderNumber
-- rule already exists.
UPDATE "base_bill_rule" SET "en_code" = 'OrderNumber'
WHERE "id" = '0190f0a0-0000-7000-8000-000000000604'
  AND NOT EXISTS (SELECT 1 FROM "base_bill_rule" r WHERE r."en_code" = 'OrderNumber');
