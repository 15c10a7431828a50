/** Shapes of GET /api/oauth/CurrentUser (api-contract.md "CurrentUser"). */

export interface MenuNode {
  id: string;
  parentId: string;
  fullName: string;
  enCode: string;
  /** console.md 2.3: 0 directory, 1 category, 2 page, 3 form, 4 dictionary, 5 report, 6 dashboard, 7 link, 8 portal */
  type: number;
  icon?: string | null;
  urlAddress?: string | null;
  linkTarget?: string | null;
  propertyJson?: string | null;
  sortCode?: number | null;
  hasChildren?: boolean;
  children?: MenuNode[] | null;
}

export interface PermissionItem {
  id: string;
  fullName: string;
  enCode: string;
}

export interface PermissionEntry {
  modelId: string;
  moduleName: string;
  button: PermissionItem[];
  column: PermissionItem[];
  form: PermissionItem[];
  resource: PermissionItem[];
}

export interface SystemRef {
  id: string;
  name: string;
  icon?: string | null;
  currentSystem?: boolean;
}

export interface UserInfo {
  userId: string;
  userAccount: string;
  userName: string;
  headIcon?: string | null;
  organizeId?: string | null;
  organizeName?: string | null;
  departmentId?: string | null;
  departmentName?: string | null;
  positionIds?: { id: string; name?: string }[] | null;
  roleIds?: string[] | null;
  roleName?: string | null;
  manager?: string | null;
  isAdministrator?: boolean | number | null;
  portalId?: string | null;
  signImg?: string | null;
  changePasswordDate?: number | string | null;
  prevLogin?: number | null;
  prevLoginTime?: number | string | null;
  prevLoginIPAddress?: string | null;
  prevLoginIPAddressName?: string | null;
  systemIds?: SystemRef[] | null;
  mobilePhone?: string | null;
  email?: string | null;
}

export interface SysConfigInfo {
  sysName?: string | null;
  sysVersion?: string | null;
  copyright?: string | null;
  companyName?: string | null;
  logoIcon?: string | null;
  navigationIcon?: string | null;
  loginIcon?: string | null;
  passwordStrengthLimit?: number | null;
  passwordLengthMin?: number | null;
  passwordLengthMinNumber?: number | null;
  containsNumbers?: number | null;
  includeLowercaseLetters?: number | null;
  includeUppercaseLetters?: number | null;
  containsCharacters?: number | null;
  mandatoryModificationOfInitialPassword?: number | null;
}

export interface CurrentUser {
  menuList: MenuNode[];
  permissionList: PermissionEntry[];
  userInfo: UserInfo;
  routerList: unknown[];
  sysConfigInfo: SysConfigInfo;
}
