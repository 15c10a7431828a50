import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { auditColumns, epochMs, softDeleteColumns } from './columns.js';

/** Organisations and departments in one tree (category 'company' | 'department'). */
export const organizes = pgTable(
  'base_organize',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id').notNull().default('-1'),
    category: text('category').notNull(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    shortName: text('short_name'),
    managerId: text('manager_id'),
    /** Comma-joined ids from the root down to this node, for subtree queries. */
    organizeIdTree: text('organize_id_tree').notNull(),
    propertyJson: text('property_json'),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [index('base_organize_parent').on(t.parentId), uniqueIndex('base_organize_en_code').on(t.enCode)],
);

export const positions = pgTable(
  'base_position',
  {
    id: text('id').primaryKey(),
    organizeId: text('organize_id').notNull(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    type: text('type'),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [
    index('base_position_organize').on(t.organizeId),
    uniqueIndex('base_position_en_code').on(t.enCode),
  ],
);

/** Roles: global (globalMark 1) or belonging to organisations through userRelations-like links. */
export const roles = pgTable(
  'base_role',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    type: text('type'),
    globalMark: integer('global_mark').notNull().default(1),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [uniqueIndex('base_role_en_code').on(t.enCode)],
);

/** Links a non-global role to the organisations it belongs to. */
export const organizeRelations = pgTable(
  'base_organize_relation',
  {
    id: text('id').primaryKey(),
    organizeId: text('organize_id').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    creatorTime: epochMs('creator_time')
      .notNull()
      .$defaultFn(() => Date.now()),
  },
  (t) => [uniqueIndex('base_organize_relation_unique').on(t.organizeId, t.objectType, t.objectId)],
);

export const groups = pgTable(
  'base_group',
  {
    id: text('id').primaryKey(),
    fullName: text('full_name').notNull(),
    enCode: text('en_code').notNull(),
    type: text('type'),
    sortCode: integer('sort_code').notNull().default(0),
    enabledMark: integer('enabled_mark').notNull().default(1),
    description: text('description'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [uniqueIndex('base_group_en_code').on(t.enCode)],
);

export const users = pgTable(
  'base_user',
  {
    id: text('id').primaryKey(),
    account: text('account').notNull(),
    realName: text('real_name').notNull(),
    /** Pinyin initials of realName, for keyword search. */
    quickQuery: text('quick_query'),
    nickName: text('nick_name'),
    headIcon: text('head_icon'),
    gender: integer('gender'),
    mobilePhone: text('mobile_phone'),
    email: text('email'),
    organizeId: text('organize_id'),
    managerId: text('manager_id'),
    /** argon2id of the MD5 the client sends; null = no password set, sign-in impossible. */
    passwordHash: text('password_hash'),
    /** 1 = the password was set by someone else and must be changed at the next sign-in. */
    mustChangePassword: integer('must_change_password').notNull().default(0),
    changePasswordDate: epochMs('change_password_date'),
    isAdministrator: integer('is_administrator').notNull().default(0),
    /** 1 enabled, 0 disabled, 2 locked. */
    enabledMark: integer('enabled_mark').notNull().default(1),
    unlockTime: epochMs('unlock_time'),
    /** Layout: classic | functional | blend | plain. */
    theme: text('theme'),
    language: text('language'),
    portalId: text('portal_id'),
    signImg: text('sign_img'),
    systemId: text('system_id'),
    /** Latest and previous successful sign-ins (userInfo.prevLogin*). */
    lastLogTime: epochMs('last_log_time'),
    lastLogIp: text('last_log_ip'),
    lastLogIpName: text('last_log_ip_name'),
    prevLogTime: epochMs('prev_log_time'),
    prevLogIp: text('prev_log_ip'),
    prevLogIpName: text('prev_log_ip_name'),
    logSuccessCount: integer('log_success_count').notNull().default(0),
    entryDate: epochMs('entry_date'),
    birthday: epochMs('birthday'),
    /** The current position among the user's own (PUT Users/Current/major); null = the first. */
    positionId: text('position_id'),
    // Profile fields of the personal base-info form (Users/Current/BaseInfo).
    nation: text('nation'),
    nativePlace: text('native_place'),
    certificatesType: text('certificates_type'),
    certificatesNumber: text('certificates_number'),
    education: text('education'),
    telePhone: text('tele_phone'),
    landline: text('landline'),
    urgentContacts: text('urgent_contacts'),
    urgentTelePhone: text('urgent_tele_phone'),
    postalAddress: text('postal_address'),
    /** Personal signature line (text); the signature image is signImg. */
    signature: text('signature'),
    sortCode: integer('sort_code').notNull().default(0),
    description: text('description'),
    ...auditColumns,
    ...softDeleteColumns,
  },
  (t) => [uniqueIndex('base_user_account').on(t.account), index('base_user_organize').on(t.organizeId)],
);

/** A user's memberships: objectType Role | Position | Organize | Group. */
export const userRelations = pgTable(
  'base_user_relation',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    sortCode: integer('sort_code').notNull().default(0),
    creatorTime: epochMs('creator_time')
      .notNull()
      .$defaultFn(() => Date.now()),
    creatorUserId: text('creator_user_id'),
  },
  (t) => [
    uniqueIndex('base_user_relation_unique').on(t.userId, t.objectType, t.objectId),
    index('base_user_relation_object').on(t.objectType, t.objectId),
  ],
);

/**
 * Grants: an item (itemType system | module | button | column | form | resource) to an
 * object (objectType Role | Position | User).
 */
export const authorizes = pgTable(
  'base_authorize',
  {
    id: text('id').primaryKey(),
    itemType: text('item_type').notNull(),
    itemId: text('item_id').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id').notNull(),
    creatorTime: epochMs('creator_time')
      .notNull()
      .$defaultFn(() => Date.now()),
    creatorUserId: text('creator_user_id'),
  },
  (t) => [
    uniqueIndex('base_authorize_unique').on(t.objectType, t.objectId, t.itemType, t.itemId),
    index('base_authorize_item').on(t.itemType, t.itemId),
  ],
);

/** Sign-in sessions. Only a SHA-256 of the token is stored. */
export const userSessions = pgTable(
  'base_user_session',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    userId: text('user_id').notNull(),
    /** pc | app, from the jnpf-origin header. */
    origin: text('origin').notNull(),
    ipAddress: text('ip_address'),
    browser: text('browser'),
    platForm: text('plat_form'),
    createdTime: epochMs('created_time').notNull(),
    lastActiveTime: epochMs('last_active_time').notNull(),
    endedTime: epochMs('ended_time'),
    /** logout | expired | kicked (signed in elsewhere) | forced (offline by admin) | disabled. */
    endReason: text('end_reason'),
  },
  (t) => [
    uniqueIndex('base_user_session_token').on(t.tokenHash),
    index('base_user_session_user').on(t.userId),
  ],
);

/**
 * Grade management: a user who administers a subtree. thisLayer* rights apply to the unit
 * itself, subLayer* to every unit below it (1 = allowed).
 */
export const organizeAdministrators = pgTable(
  'base_organize_administrator',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    organizeId: text('organize_id').notNull(),
    thisLayerSelect: integer('this_layer_select').notNull().default(1),
    thisLayerAdd: integer('this_layer_add').notNull().default(0),
    thisLayerEdit: integer('this_layer_edit').notNull().default(0),
    thisLayerDelete: integer('this_layer_delete').notNull().default(0),
    subLayerSelect: integer('sub_layer_select').notNull().default(1),
    subLayerAdd: integer('sub_layer_add').notNull().default(0),
    subLayerEdit: integer('sub_layer_edit').notNull().default(0),
    subLayerDelete: integer('sub_layer_delete').notNull().default(0),
    ...auditColumns,
  },
  (t) => [
    uniqueIndex('base_organize_administrator_unique').on(t.userId, t.organizeId),
    index('base_organize_administrator_organize').on(t.organizeId),
  ],
);

/** Column settings of a list page (Authority/GetColumnsByModuleId): fieldList is a JSON string. */
export const columnsPurviews = pgTable('base_columns_purview', {
  moduleId: text('module_id').primaryKey(),
  fieldList: text('field_list').notNull(),
  ...auditColumns,
});
