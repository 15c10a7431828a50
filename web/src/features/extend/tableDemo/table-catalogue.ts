/** The 3.4.7 client's table demos (src/views/extend/tableDemo); their data is /api/extend/TableExample. */
export const TABLE_DEMOS = [
  'commonTable',
  'statisticsTable',
  'lockTable',
  'groupingTable',
  'redactTable',
  'complexHeader',
  'mergeTable',
  'printTable',
  'extension',
  'tableTree',
  'postilTable',
  'treeTable',
  'signTable',
  'commonForm',
] as const;
export type TableDemo = (typeof TABLE_DEMOS)[number];
