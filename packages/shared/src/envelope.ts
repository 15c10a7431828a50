/** Business outcome codes of the wire contract (api-contract.md, Transport). */
export const ResultCode = {
  Success: 200,
  BadRequest: 400,
  Unauthorized: 401,
  ServerError: 500,
  SessionExpired: 600,
  SessionKicked: 601,
  TokenInvalid: 602,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Every JSON answer has this shape; the HTTP status stays 200 for business outcomes. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

export interface Pagination {
  currentPage: number;
  pageSize: number;
  total: number;
}

export interface PagedList<T> {
  list: T[];
  pagination: Pagination;
}

/** Session codes after which a client drops its token and returns to sign-in. */
export const SESSION_END_CODES: readonly number[] = [
  ResultCode.SessionExpired,
  ResultCode.SessionKicked,
  ResultCode.TokenInvalid,
];

export const PAGE_SIZES = [20, 50, 100, 500] as const;
export const DEFAULT_PAGE_SIZE = 20;
