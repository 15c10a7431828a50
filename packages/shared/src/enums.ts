/** Menu node types (console.md 2.3). */
export const MenuType = {
  Directory: 0,
  Category: 1,
  Page: 2,
  DynamicForm: 3,
  DynamicDictionary: 4,
  DataReport: 5,
  Dashboard: 6,
  Link: 7,
  Portal: 8,
} as const;
export type MenuType = (typeof MenuType)[keyof typeof MenuType];

/** Message types (console.md 3). */
export const MessageType = { Notice: 1, Flow: 2, System: 3, Schedule: 4 } as const;

/** Flow statuses (console.md 3). */
export const FlowStatus = { Wait: 1, Adopt: 2, Reject: 3, Revoke: 4, Cancel: 5 } as const;

export const Urgency = { Normal: 1, Important: 2, Urgent: 3 } as const;

/** The four shell layouts; functional is the product default. */
export const LAYOUTS = ['classic', 'functional', 'blend', 'plain'] as const;
export type Layout = (typeof LAYOUTS)[number];
export const DEFAULT_LAYOUT: Layout = 'functional';

/** Objects a user is related to and grants are given to. */
export const RelationType = {
  Role: 'Role',
  Position: 'Position',
  Organize: 'Organize',
  Group: 'Group',
} as const;

/** Kinds of items a grant names. */
export const AuthorizeItemType = {
  System: 'system',
  Module: 'module',
  Button: 'button',
  Column: 'column',
  Form: 'form',
  Resource: 'resource',
} as const;
