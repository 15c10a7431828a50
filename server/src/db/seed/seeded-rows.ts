import { and, eq, isNull, notInArray, or } from 'drizzle-orm';
import { DESIGN_CATEGORY_CODE } from '../../modules/visualdev/seed.js';
import type { Tx } from '../client.js';
import {
  billRules,
  dictionaryData,
  dictionaryTypes,
  flowTemplates,
  modules,
  visualDevs,
} from '../schema/index.js';
import { addMissingDictionaryType } from './dictionaries.js';
import { DEMO_GENERATED_MODULE_IDS, EXTERNAL_LINK_ADDRESS } from './menus.js';

/** The bill rule 订单编号 (OrderNumber) written by migration 0033 (renamed by 0041). */
export const ORDER_BILL_RULE_ID = '0190f0a0-0000-7000-8000-000000000604';
/** The flow 订单示例 (crmOrder) written by migration 0033, with no 流程分类 and no creator. */
export const ORDER_FLOW_TEMPLATE_ID = '0190f0a0-0000-7000-8000-000000000602';

/** Id of the entry `code` of the dictionary `typeCode`, if both exist. */
async function entryId(tx: Tx, typeCode: string, code: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: dictionaryData.id })
    .from(dictionaryData)
    .innerJoin(dictionaryTypes, eq(dictionaryTypes.id, dictionaryData.dictionaryTypeId))
    .where(and(eq(dictionaryTypes.enCode, typeCode), eq(dictionaryData.enCode, code)));
  return row?.id ?? null;
}

/**
 * Rows written by migrations or by earlier seeds, brought to what the same data entered by hand
 * holds (issue #20): the 订单示例 flow gets a 流程分类 and the administrator as creator; the 订单编号 rule gets a 业务分类 (the client's form requires one) and the
 * administrator as its creator; the 请假申请 design's category is an entry of the 功能设计 category
 * dictionary (earlier seeds used a 业务分类 entry); the demo dictionary menu 政治面貌 names its
 * dictionary by id (the 3.4.7 client asks DictionaryData/{its moduleId}); the hidden external-link
 * page carries the ?href its 3.4.7 page reads. Only missing or out-of-dictionary values are
 * set, so edits made since are kept. Runs at every start.
 */
export async function settleSeededRows(tx: Tx, adminId: string): Promise<void> {
  // The notice form's 类型 (NoticeType) was not seeded at first.
  await addMissingDictionaryType(tx, 'NoticeType');
  const businessType = await entryId(tx, 'businessType', 'contract');
  if (businessType) {
    await tx
      .update(billRules)
      .set({ category: businessType })
      .where(and(eq(billRules.id, ORDER_BILL_RULE_ID), eq(billRules.category, '')));
  }
  await tx
    .update(billRules)
    .set({ creatorUserId: adminId })
    .where(and(eq(billRules.id, ORDER_BILL_RULE_ID), isNull(billRules.creatorUserId)));

  // 订单示例 as the 3.4.7 flow form saves a flow: a 流程分类 entry and its creator.
  const flowCategory = await entryId(tx, 'WorkFlowCategory', 'administration');
  if (flowCategory) {
    await tx
      .update(flowTemplates)
      .set({ category: flowCategory })
      .where(
        and(
          eq(flowTemplates.id, ORDER_FLOW_TEMPLATE_ID),
          or(isNull(flowTemplates.category), eq(flowTemplates.category, '')),
        ),
      );
  }
  await tx
    .update(flowTemplates)
    .set({ creatorUserId: adminId })
    .where(and(eq(flowTemplates.id, ORDER_FLOW_TEMPLATE_ID), isNull(flowTemplates.creatorUserId)));

  const designCategory = await entryId(tx, DESIGN_CATEGORY_CODE, 'office');
  if (designCategory) {
    const entries = tx
      .select({ id: dictionaryData.id })
      .from(dictionaryData)
      .innerJoin(dictionaryTypes, eq(dictionaryTypes.id, dictionaryData.dictionaryTypeId))
      .where(eq(dictionaryTypes.enCode, DESIGN_CATEGORY_CODE));
    await tx
      .update(visualDevs)
      .set({ category: designCategory })
      .where(
        and(
          eq(visualDevs.id, DEMO_GENERATED_MODULE_IDS.leaveApply),
          or(eq(visualDevs.category, ''), notInArray(visualDevs.category, entries)),
        ),
      );
  }

  // Menus: the dictionary menu's moduleId from code to id, the external-link page's ?href.
  const [political] = await tx
    .select({ id: dictionaryTypes.id })
    .from(dictionaryTypes)
    .where(eq(dictionaryTypes.enCode, DEMO_GENERATED_MODULE_IDS.politicalStatus));
  if (political) {
    await tx
      .update(modules)
      .set({ propertyJson: JSON.stringify({ moduleId: political.id, isTree: 0 }) })
      .where(
        and(
          eq(modules.enCode, 'demo.politicalStatus'),
          eq(
            modules.propertyJson,
            JSON.stringify({ moduleId: DEMO_GENERATED_MODULE_IDS.politicalStatus, isTree: 0 }),
          ),
        ),
      );
  }
  await tx
    .update(modules)
    .set({ urlAddress: EXTERNAL_LINK_ADDRESS })
    .where(and(eq(modules.enCode, 'basic.externalLink'), eq(modules.urlAddress, 'basic/externalLink')));
}
