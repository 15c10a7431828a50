import { z } from 'zod';

/**
 * Data screens (大屏设计, issue #25): the design a screen stores, checked the same way whether it
 * is saved by the designer, imported from a file or seeded. Component types are allow-listed,
 * sizes are bounded, and a component's data is static JSON, a data interface (by id) or a
 * read-only SQL data set on a data source.
 */

/** Every component a screen may hold. */
export const SCREEN_COMPONENT_TYPES = [
  'bar',
  'line',
  'area',
  'pie',
  'ring',
  'radar',
  'scatter',
  'gauge',
  'funnel',
  'map',
  'flipNumber',
  'title',
  'text',
  'clock',
  'image',
  'video',
  'iframe',
  'border',
  'divider',
  'scrollTable',
  'ranking',
  'progress',
  'filter',
] as const;
export type ScreenComponentType = (typeof SCREEN_COMPONENT_TYPES)[number];

/** Components drawn as an ECharts chart (sets of strings: a stored component's type is any text until checked). */
export const SCREEN_CHART_TYPES: ReadonlySet<string> = new Set<ScreenComponentType>([
  'bar',
  'line',
  'area',
  'pie',
  'ring',
  'radar',
  'scatter',
  'gauge',
  'funnel',
  'map',
]);

/** Components that show data and so may carry a binding. */
export const SCREEN_DATA_TYPES: ReadonlySet<string> = new Set<string>([
  ...SCREEN_CHART_TYPES,
  'flipNumber',
  'text',
  'scrollTable',
  'ranking',
  'progress',
  'filter',
]);

export const SCREEN_LIMITS = {
  components: 200,
  /** The stored design as JSON text. */
  designBytes: 512 * 1024,
  staticBytes: 64 * 1024,
  sqlChars: 10_000,
  minRefreshSeconds: 5,
  maxRefreshSeconds: 86_400,
  minSide: 320,
  maxSide: 7680,
} as const;

export const ScreenMessages = {
  unknownType: (type: string) => `未知的组件类型“${type}”，可用的类型：${SCREEN_COMPONENT_TYPES.join('、')}`,
  tooMany: `组件过多：一个大屏最多 ${SCREEN_LIMITS.components} 个组件`,
  tooLarge: (kb: number) =>
    `大屏设计过大（约 ${kb} KB），上限 ${SCREEN_LIMITS.designBytes / 1024} KB，请减少组件或静态数据`,
  staticTooLarge: (id: string) =>
    `组件“${id}”的静态数据过大，上限 ${SCREEN_LIMITS.staticBytes / 1024} KB，请改用数据接口或 SQL 数据集`,
  staticNotJson: (id: string) => `组件“${id}”的静态数据不是有效的 JSON`,
  noData: (id: string, type: string) => `组件“${id}”（${type}）不显示数据，不能绑定数据`,
  duplicateId: (id: string) => `组件编号“${id}”重复`,
  badUrl: (id: string) => `组件“${id}”的地址只能是 http(s) 地址或本站的相对地址`,
  filterMissing: (id: string, filter: string) => `组件“${id}”读取的筛选组件“${filter}”不存在`,
} as const;

const Id = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, '组件编号只能包含字母、数字、下划线和短横线');

/** An http(s) address or one on this site; never javascript: or data:. */
const SafeUrl = z
  .string()
  .max(2000)
  .refine(
    (s) => s === '' || /^https?:\/\//i.test(s) || /^\/(?!\/)/.test(s),
    '地址只能是 http(s) 地址或本站的相对地址',
  );

/** A parameter of a binding: a fixed value, or the value of a filter component. */
export const ScreenParam = z.object({
  field: z.string().min(1).max(64),
  value: z.union([z.string().max(500), z.number(), z.boolean()]).optional(),
  /** Id of a filter component whose current value this parameter reads (linked filtering). */
  fromFilter: z.string().max(64).optional(),
});
export type ScreenParam = z.infer<typeof ScreenParam>;

export const ScreenBinding = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('static'), json: z.string().max(SCREEN_LIMITS.staticBytes * 2) }),
  z.object({
    kind: z.literal('interface'),
    interfaceId: z.string().min(1, '请选择数据接口').max(64),
    params: z.array(ScreenParam).max(20).default([]),
  }),
  z.object({
    kind: z.literal('sql'),
    /** Data source id ("0" the console database). */
    dbLinkId: z.string().min(1).max(64).default('0'),
    sql: z.string().min(1, '请填写 SQL').max(SCREEN_LIMITS.sqlChars),
    params: z.array(ScreenParam).max(20).default([]),
  }),
]);
export type ScreenBinding = z.infer<typeof ScreenBinding>;

/** Which result columns feed the chart: the category (x / name / area code), the series, a value. */
export const ScreenMapping = z.object({
  category: z.string().max(64).optional(),
  series: z.array(z.string().max(64)).max(20).optional(),
  value: z.string().max(64).optional(),
});

const Style = z.record(z.string().max(64), z.union([z.string().max(2000), z.number(), z.boolean()]));

export const ScreenComponent = z.object({
  id: Id,
  type: z.string().max(40),
  name: z.string().max(100).optional(),
  x: z.number().min(-10_000).max(20_000),
  y: z.number().min(-10_000).max(20_000),
  w: z.number().min(1).max(20_000),
  h: z.number().min(1).max(20_000),
  z: z.number().int().min(0).max(10_000).optional(),
  hidden: z.boolean().optional(),
  locked: z.boolean().optional(),
  group: z.string().max(64).optional(),
  style: Style.optional(),
  data: ScreenBinding.optional(),
  mapping: ScreenMapping.optional(),
  /** Seconds between refreshes; absent or 0: loaded once. */
  refresh: z.number().int().min(0).max(SCREEN_LIMITS.maxRefreshSeconds).optional(),
});
export type ScreenComponent = z.infer<typeof ScreenComponent>;

export const ScreenDesign = z
  .object({
    width: z.number().int().min(SCREEN_LIMITS.minSide).max(SCREEN_LIMITS.maxSide).default(1920),
    height: z.number().int().min(SCREEN_LIMITS.minSide).max(SCREEN_LIMITS.maxSide).default(1080),
    background: z
      .object({ color: z.string().max(64).optional(), image: SafeUrl.optional() })
      .default({ color: '#0b1a33' }),
    components: z.array(ScreenComponent).max(SCREEN_LIMITS.components, ScreenMessages.tooMany),
  })
  .superRefine((design, ctx) => {
    const ids = new Set<string>();
    for (const [i, c] of design.components.entries()) {
      const at = ['components', i];
      if (!(SCREEN_COMPONENT_TYPES as readonly string[]).includes(c.type))
        ctx.addIssue({ code: 'custom', path: [...at, 'type'], message: ScreenMessages.unknownType(c.type) });
      if (ids.has(c.id))
        ctx.addIssue({ code: 'custom', path: [...at, 'id'], message: ScreenMessages.duplicateId(c.id) });
      ids.add(c.id);
      if (c.data && !SCREEN_DATA_TYPES.has(c.type))
        ctx.addIssue({ code: 'custom', path: [...at, 'data'], message: ScreenMessages.noData(c.id, c.type) });
      if (c.data?.kind === 'static') {
        if (new TextEncoder().encode(c.data.json).length > SCREEN_LIMITS.staticBytes)
          ctx.addIssue({
            code: 'custom',
            path: [...at, 'data'],
            message: ScreenMessages.staticTooLarge(c.id),
          });
        else
          try {
            JSON.parse(c.data.json);
          } catch {
            ctx.addIssue({
              code: 'custom',
              path: [...at, 'data'],
              message: ScreenMessages.staticNotJson(c.id),
            });
          }
      }
      if (c.refresh && c.refresh < SCREEN_LIMITS.minRefreshSeconds)
        ctx.addIssue({
          code: 'custom',
          path: [...at, 'refresh'],
          message: `组件“${c.id}”的刷新间隔至少 ${SCREEN_LIMITS.minRefreshSeconds} 秒`,
        });
      const src = c.style?.src;
      if ((c.type === 'image' || c.type === 'iframe' || c.type === 'video') && typeof src === 'string')
        if (!SafeUrl.safeParse(src).success)
          ctx.addIssue({
            code: 'custom',
            path: [...at, 'style', 'src'],
            message: ScreenMessages.badUrl(c.id),
          });
    }
    for (const [i, c] of design.components.entries())
      for (const p of c.data && c.data.kind !== 'static' ? c.data.params : [])
        if (p.fromFilter && !design.components.some((o) => o.id === p.fromFilter && o.type === 'filter'))
          ctx.addIssue({
            code: 'custom',
            path: ['components', i, 'data'],
            message: ScreenMessages.filterMissing(c.id, p.fromFilter),
          });
  });
export type ScreenDesign = z.infer<typeof ScreenDesign>;

/** The design text as stored: at most SCREEN_LIMITS.designBytes, then the design schema. */
export const ScreenDesignText = z.string().superRefine((text, ctx) => {
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > SCREEN_LIMITS.designBytes) {
    ctx.addIssue({ code: 'custom', message: ScreenMessages.tooLarge(Math.ceil(bytes / 1024)) });
    return;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: '大屏设计不是有效的 JSON' });
    return;
  }
  const parsed = ScreenDesign.safeParse(value);
  if (!parsed.success)
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: `${issue.path.join('.')}: ${issue.message}` });
});

export const DataScreenBody = z.object({
  fullName: z.string().trim().min(1, '请输入名称').max(100, '名称最多 100 个字符'),
  category: z.string().trim().max(50, '分类最多 50 个字符').default(''),
  description: z.string().max(500).nullish(),
  design: ScreenDesignText,
});
export type DataScreenBody = z.infer<typeof DataScreenBody>;
export const DataScreenUpdateBody = DataScreenBody.extend({ version: z.coerce.number().int().min(0) });
export type DataScreenUpdateBody = z.infer<typeof DataScreenUpdateBody>;

export const DataScreenListQuery = z.object({
  keyword: z.string().trim().max(100).optional().default(''),
  category: z.string().trim().max(50).optional().default(''),
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** One screen as the list and the designer read it. */
export interface DataScreenItem {
  id: string;
  fullName: string;
  category: string;
  description: string | null;
  design: string;
  state: number;
  releaseTime: number | null;
  /** Whether a share link is set (its token and password are never answered here). */
  hasShare: boolean;
  creatorUser: string | null;
  creatorTime: number;
  lastModifyTime: number | null;
  version: number;
}

/** The file export writes and import reads. */
export const DataScreenFile = z.object({
  kind: z.literal('dataScreen', { error: '不是大屏导出文件' }),
  fullName: z.string(),
  category: z.string().optional(),
  description: z.string().nullish(),
  design: z.unknown(),
});

/** A component's data call: the current values of the filters it reads. */
export const ScreenDataBody = z.object({
  filters: z.record(z.string().max(64), z.union([z.string().max(500), z.number(), z.null()])).default({}),
});

/** Share link settings; password is the MD5 of what was typed (empty keeps the stored one). */
export const ScreenShareBody = z.object({
  enabled: z.boolean(),
  passUse: z.boolean().default(false),
  password: z
    .string()
    .max(64)
    .refine((s) => s === '' || /^[0-9a-fA-F]{32}$/.test(s), '密码格式不正确：应为所输入密码的 MD5')
    .optional()
    .default(''),
  /** Epoch ms after which the link no longer opens; null: never. */
  expiresAt: z.number().int().positive().nullable().default(null),
});
export type ScreenShareBody = z.infer<typeof ScreenShareBody>;
