import { ResultCode } from '@console/shared';

/** A business outcome other than success: answered as `{ code, msg }` with HTTP 200. */
export class BizError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'BizError';
  }
}

export const badRequest = (message: string, data: unknown = null) =>
  new BizError(ResultCode.BadRequest, message, data);

export const STALE_VERSION_MESSAGE = '数据已被他人修改，请刷新后重试';
