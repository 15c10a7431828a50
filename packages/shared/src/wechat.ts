/** Enterprise WeChat (issue #27): what the console's push of organisations or users would change there. */

/** One change a push makes in enterprise WeChat. */
export interface PushChange {
  /** The console's organisation or user id. */
  id: string;
  name: string;
  /** create: a new department or member; update: the synced one's name (or department) changes. */
  action: 'create' | 'update';
  /** The department or member in enterprise WeChat (update), or its parent department's name (create). */
  wxId?: string;
  from?: string;
  parentName: string;
}
export interface PushPreview {
  changes: PushChange[];
  unchanged: number;
  /** Departments or members of enterprise WeChat no console row maps to (left as they are). */
  onlyInWeChat: { id: string; name: string }[];
}
