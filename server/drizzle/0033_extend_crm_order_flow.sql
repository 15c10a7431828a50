-- extend/order (other.md 1): the coded flow form crmOrder, its flow template (code crmOrder: launch,
-- then one approval by the initiator's sales lead — here the initiator, so the demo works in any
-- organisation) and the bill rule CrmOrder that numbers the orders. New and existing databases alike.
INSERT INTO "flow_engine_form"
  ("id", "en_code", "full_name", "flow_type", "form_type", "url_address", "app_url_address", "sort_code",
   "enabled_mark", "description", "creator_time")
VALUES ('0190f0a0-0000-7000-8000-000000000601', 'crmOrder', '订单示例', 0, 1, 'workFlow/workFlowForm/crmOrder',
  'workFlow/workFlowForm/crmOrder', 0, 1, '系统表单：订单管理（extend/order）的订单及其商品明细、收款计划',
  (extract(epoch from now()) * 1000)::bigint)
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "flow_template"
  ("id", "en_code", "full_name", "type", "sort_code", "enabled_mark", "description", "creator_time")
SELECT '0190f0a0-0000-7000-8000-000000000602', 'crmOrder', '订单示例', 0, 0, 1,
  '订单管理的订单审批流程（系统表单 crmOrder）', (extract(epoch from now()) * 1000)::bigint
WHERE NOT EXISTS (SELECT 1 FROM "flow_template" t WHERE t."en_code" = 'crmOrder' AND t."delete_mark" = 0);
--> statement-breakpoint
INSERT INTO "flow_template_json"
  ("id", "template_id", "group_id", "full_name", "flow_version", "flow_template_json", "visible_type",
   "enabled_mark", "sort_code", "creator_time")
SELECT '0190f0a0-0000-7000-8000-000000000603', t."id", 'crmOrderFlow', '订单示例', 1,
  '{"type":"start","nodeId":"crmOrderStart","properties":{"title":"流程发起","formId":"0190f0a0-0000-7000-8000-000000000601","formName":"订单示例","initiator":[],"initiatePos":[],"initiateRole":[],"initiateOrg":[],"initiateGroup":[]},"childNode":{"type":"approver","nodeId":"crmOrderApprove","properties":{"title":"订单审核","assigneeType":3}}}',
  0, 1, 0, (extract(epoch from now()) * 1000)::bigint
FROM "flow_template" t
WHERE t."id" = '0190f0a0-0000-7000-8000-000000000602'
  AND NOT EXISTS (SELECT 1 FROM "flow_template_json" j WHERE j."id" = '0190f0a0-0000-7000-8000-000000000603');
--> statement-breakpoint
INSERT INTO "base_bill_rule"
  ("id", "full_name", "en_code", "category", "prefix", "date_format", "digit", "start_number", "example",
   "sort_code", "enabled_mark", "description", "creator_time")
VALUES ('0190f0a0-0000-7000-8000-000000000604', '订单编号', 'CrmOrder', '', 'DD', 'yyyyMMdd', 4, '1',
  'DD202601010001', 0, 1, '订单管理（extend/order）新建订单时取号', (extract(epoch from now()) * 1000)::bigint)
ON CONFLICT DO NOTHING;
