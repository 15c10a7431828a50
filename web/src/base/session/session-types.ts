/** Shapes of GET /api/oauth/CurrentUser, from the contract package both sides share. */
export type {
  CurrentUserResult as CurrentUser,
  MenuNode,
  ModulePermission as PermissionEntry,
  PermissionItem,
  SysConfigInfo,
  SystemRef,
  UserInfo,
} from '@console/shared';
