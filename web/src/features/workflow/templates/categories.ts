/** The dictionary of flow template categories (workflow.md: a template's category is one of its entries). */
export const FLOW_CATEGORY = 'WorkFlowCategory';
