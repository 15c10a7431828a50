/** Messages a person reads; one place so that wording stays consistent. */
export const Messages = {
  success: 'Success',
  sessionExpired: '登录过期,请重新登录',
  sessionKicked: '您的账号已在其他地方登录或已被强制下线,请重新登录',
  tokenInvalid: '登录凭证无效,请重新登录',
  permissionDenied: '您没有此操作的权限，请联系管理员',
  mustChangePassword: '请先修改初始密码',
  notFound: '接口不存在',
  bodyTooLarge: '请求内容过大',
  unsupportedMediaType: '不支持的请求内容类型',
  malformedRequest: '请求格式错误',
  serverError: '服务器内部错误，请稍后重试',
  tooManyRequests: '操作过于频繁，请稍后再试',
  metricsTokenRequired: '请在 Authorization 头中提供监控令牌（Bearer METRICS_TOKEN）',
} as const;
