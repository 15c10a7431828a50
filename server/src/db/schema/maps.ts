import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns } from './columns.js';

/** GeoJSON maps by area code (systemData/map), a tree rooted at parentId '0'; served by /api/system/atlas. */
export const maps = pgTable(
  'base_map',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id').notNull().default('0'),
    /** Area code, e.g. 330106. */
    enCode: text('en_code').notNull(),
    fullName: text('full_name').notNull(),
    /** A FeatureCollection, checked on save. */
    geoJson: text('geo_json').notNull(),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
  },
  (t) => [uniqueIndex('base_map_en_code').on(t.enCode), index('base_map_parent').on(t.parentId)],
);
