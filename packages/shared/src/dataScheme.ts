import { z } from 'zod';

/**
 * Data-rule schemes (system/menu "data" tab, granted on the authorise page's data tab as
 * items of type 'resource'). A scheme with allData = 1 lets every row through; otherwise its
 * conditions, joined by matchLogic, say which rows of the page's list a grantee sees.
 */
export const DataRuleValueType = {
  /** The value typed into the scheme. */
  Text: 'text',
  /** The signed-in user's id. */
  CurrentUser: 'currentUser',
  /** The signed-in user's organisation id. */
  CurrentOrganize: 'currentOrganize',
  /** The signed-in user's organisation and every unit below it. */
  CurrentOrganizeAndSub: 'currentOrganizeAndSub',
} as const;

export const DataRuleOperator = {
  Equal: '==',
  NotEqual: '<>',
  Like: 'like',
  NotLike: 'notLike',
  Greater: '>',
  Less: '<',
  Null: 'null',
  NotNull: 'notNull',
  In: 'in',
} as const;

export const dataRuleConditionSchema = z.object({
  /** A field the page's data-rule fields name (e.g. organizeId, creatorUserId, account). */
  field: z.string().min(1).max(50),
  op: z.enum(Object.values(DataRuleOperator) as [string, ...string[]]),
  valueType: z.enum(Object.values(DataRuleValueType) as [string, ...string[]]).default('text'),
  value: z.string().max(500).default(''),
});

export const dataRuleSchemeConditionSchema = z.object({
  matchLogic: z.enum(['and', 'or']).default('and'),
  conditions: z.array(dataRuleConditionSchema).max(50).default([]),
});

export type DataRuleCondition = z.infer<typeof dataRuleConditionSchema>;
export type DataRuleSchemeCondition = z.infer<typeof dataRuleSchemeConditionSchema>;
