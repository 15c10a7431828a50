import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FormField, OnlineConfig, OnlineListBody } from '@console/shared';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, STALE_VERSION_MESSAGE } from '../../../core/errors.js';
import { hashPassword, verifyPassword } from '../../../core/passwords.js';
import type { Session } from '../../../core/sessions.js';
import { users, visualDevShortLinks, visualDevs } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import type { RuleLog } from '../../permission/dataRules.js';
import { OnlineDevService } from '../onlineDev/runtime.js';
import { jsonOf } from '../webDesign/service.js';

type Runtime = Awaited<ReturnType<OnlineDevService['runtime']>>;
type Access = Awaited<ReturnType<OnlineDevService['access']>>;
type LinkRow = typeof visualDevShortLinks.$inferSelect;

/** A link's settings for one channel: switched on, password asked, the stored password hash. */
const channelOf = (row: LinkRow, channel: Channel) =>
  channel === 'form'
    ? { open: row.formUse === 1, passUse: row.formPassUse, password: row.formPassword }
    : { open: row.columnUse === 1, passUse: row.columnPassUse, password: row.columnPassword };

export const ShortLinkMessages = {
  saved: '外链设置已保存',
  designMissing: '功能不存在',
  invalid: '链接无效或已失效，请向发布者索取新的链接',
  formOff: '该表单外链未开启',
  listOff: '该列表外链未开启',
  passwordNeeded: '请先输入访问密码',
  wrongPassword: '密码错误',
  tooManyTries: (seconds: number) => `密码错误次数过多，请 ${seconds} 秒后再试`,
  tooManySubmits: (seconds: number) => `提交过于频繁，请 ${seconds} 秒后再试`,
  setFormPassword: '已开启表单密码，请设置密码',
  setColumnPassword: '已开启列表密码，请设置密码',
  badColumns: (part: string) => `${part} 必须是字段列表的 JSON 字符串`,
  notField: (part: string, prop: string) => `${part}：“${prop}”不是该功能表单的字段`,
  notSearchable: (prop: string) => `columnCondition：“${prop}”不能作为查询条件`,
  noColumns: '已开启列表外链，请至少选择一个列表字段',
  superQuery: '外链列表不支持高级查询',
  sent: '提交成功',
} as const;

/** 0 off, 1 on, as the client's switches send them. */
const Flag = z.coerce.number().int().min(0).max(1).default(0);
/** What the client sends for a password: the MD5 of what was typed (as sign-in does), or nothing. */
const Digest = z
  .string()
  .max(64)
  .refine((s) => s === '' || /^[0-9a-fA-F]{32}$/.test(s), '密码格式不正确：应为所输入密码的 MD5')
  .transform((s) => s.toLowerCase())
  .nullish();

/** PUT /api/visualdev/ShortLink: a design's link settings (an empty password keeps the stored one). */
export const ShortLinkBody = z.object({
  id: z.string().min(1).max(64),
  formUse: Flag,
  formPassUse: Flag,
  formPassword: Digest,
  columnUse: Flag,
  columnPassUse: Flag,
  columnPassword: Digest,
  columnCondition: z.string().max(50_000).optional().default('[]'),
  columnText: z.string().max(50_000).optional().default('[]'),
  /** The version read; required once the settings exist. */
  version: z.coerce.number().int().min(0).optional(),
});
export type ShortLinkBody = z.infer<typeof ShortLinkBody>;

/** POST /checkPwd: type 0 form, 1 list; password is the MD5 of what was typed. */
export const CheckPwdBody = z.object({
  id: z.string().min(1).max(64),
  type: z.coerce.number().int().min(0).max(1),
  password: z.string().min(1, ShortLinkMessages.wrongPassword).max(64),
  encryption: z.string().min(1).max(100),
});

/** The public calls carry the link token, and after a password check the pass it answered. */
export const PublicQuery = z.object({
  encryption: z.string({ error: ShortLinkMessages.invalid }).min(1, ShortLinkMessages.invalid).max(100),
  pass: z.string().max(200).optional(),
  type: z.enum(['form', 'list']).optional(),
});
export type PublicQuery = z.infer<typeof PublicQuery>;

/** The public list pages by at most 100 rows. */
export const PublicListBody = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  sort: z.enum(['asc', 'desc']).optional().default('desc'),
  sidx: z.string().max(100).optional().default(''),
  keyword: z.string().trim().max(100).optional().default(''),
  menuId: z.string().max(64).optional().default(''),
  queryJson: z.string().max(20_000).optional().default(''),
  superQueryJson: z.string().max(50_000).optional().default(''),
});

export type Channel = 'form' | 'list';

/** How long a checked password lets its link be used. */
export const PASS_TTL_MS = 2 * 60 * 60 * 1000;
/** Wrong passwords per address and link in a window before checks are refused. */
export const PASSWORD_TRIES = 10;
export const PASSWORD_WINDOW_MS = 10 * 60 * 1000;
/** Anonymous records per address and link in a window. */
const SUBMITS = 20;
const SUBMIT_WINDOW_MS = 10 * 60 * 1000;

/** Widgets an anonymous visitor can fill in: no pickers that need a session (users, organisations, data interfaces, uploads). */
const ANONYMOUS_VALUE_KEYS = new Set([
  'comInput',
  'textarea',
  'numInput',
  'switch',
  'date',
  'time',
  'colorPicker',
  'rate',
  'slider',
  'editor',
]);
/** Options widgets pass when their options are static. */
const STATIC_OPTION_KEYS = new Set(['radio', 'checkbox', 'select', 'cascader']);
/** Containers and text shown as designed. */
const SHOWN_KEYS = new Set([
  'link',
  'JNPFText',
  'alert',
  'divider',
  'groupTitle',
  'row',
  'card',
  'collapse',
  'collapseItem',
  'tab',
  'tabItem',
  'tableGrid',
  'tableGridTr',
  'tableGridTd',
]);

const anonymousValue = (field: FormField) => {
  const key = field.__config__.jnpfKey;
  if (ANONYMOUS_VALUE_KEYS.has(key)) return true;
  return STATIC_OPTION_KEYS.has(key) && (field.__config__.dataType ?? 'static') === 'static';
};

/** The form an anonymous visitor sees: fields it can fill in, inside the design's layout. */
function anonymousFields(fields: readonly FormField[], inTable = false): FormField[] {
  const out: FormField[] = [];
  for (const field of fields) {
    const key = field.__config__.jnpfKey;
    const children = field.__config__.children;
    if (key === 'table' && !inTable) {
      const kept = anonymousFields((children as FormField[] | undefined) ?? [], true);
      if (kept.length)
        out.push({ ...field, __config__: { ...field.__config__, children: kept } } as FormField);
      continue;
    }
    if (anonymousValue(field)) {
      out.push(field);
      continue;
    }
    if (!inTable && SHOWN_KEYS.has(key)) {
      out.push(
        Array.isArray(children)
          ? ({
              ...field,
              __config__: { ...field.__config__, children: anonymousFields(children as FormField[]) },
            } as FormField)
          : field,
      );
    }
  }
  return out;
}

interface ColumnEntry {
  prop: string;
  label?: string;
  jnpfKey?: string;
  searchType?: number;
  [key: string]: unknown;
}

// ----- Link helpers, shared with the data screens' share links (dataScreen/share.ts) -----

const sha = (text: string) => createHash('sha256').update(text).digest();
/** Compares two texts in constant time (of their hashes). */
export const sameText = (a: string, b: string) => timingSafeEqual(sha(a), sha(b));
/** A link's random token: 24 random bytes, base64url. */
export const newToken = () => randomBytes(24).toString('base64url');

/**
 * Checks a link password (`sent` is the MD5 the client sends) against its argon2id hash. Wrong
 * tries are counted under `key` (the link and the caller's address); past the limit the check is
 * refused without looking at the password.
 */
export async function checkLinkPassword(
  kv: Services['kv'],
  key: string,
  stored: string | null,
  sent: string,
): Promise<void> {
  const tries = Number((await kv.get(key)) ?? 0);
  if (tries >= PASSWORD_TRIES)
    throw badRequest(ShortLinkMessages.tooManyTries(Math.ceil(PASSWORD_WINDOW_MS / 1000)), {
      waitSeconds: Math.ceil(PASSWORD_WINDOW_MS / 1000),
    });
  if (!(await verifyPassword(stored, sent.toLowerCase()))) {
    await kv.increment(key, PASSWORD_WINDOW_MS);
    throw badRequest(ShortLinkMessages.wrongPassword);
  }
}

/** The signature of a pass for `subject` until `expires`, keyed by the stored hash (a new password ends every pass). */
const passSignature = (secret: string, subject: string, expires: number) =>
  createHmac('sha256', secret).update(`${subject}|${expires}`).digest('base64url');

/** A pass the next calls carry after a right password: `{expires}.{signature}`, valid PASS_TTL_MS. */
export function issuePass(secret: string, subject: string): string {
  const expires = Date.now() + PASS_TTL_MS;
  return `${expires}.${passSignature(secret, subject, expires)}`;
}

/** Whether `pass` was issued for `subject` with this secret and has not expired. */
export function passValid(pass: string | undefined, secret: string, subject: string): boolean {
  const [expiresText = '', signature = ''] = (pass ?? '').split('.', 2);
  const expires = Number(expiresText);
  return (
    Number.isSafeInteger(expires) &&
    expires > Date.now() &&
    sameText(signature, passSignature(secret, subject, expires))
  );
}

/** Where the console serves the public page; the client puts its own address (and #) in front. */
export const linkPath = (modelId: string, token: string, type: Channel) =>
  `/formShortLink?${new URLSearchParams({ modelId, type, encryption: token }).toString()}`;

export class ShortLinkService {
  readonly online: OnlineDevService;

  constructor(private readonly services: Services) {
    this.online = new OnlineDevService(services);
  }

  private get db() {
    return this.services.db;
  }

  private async row(modelId: string): Promise<LinkRow | undefined> {
    const [row] = await this.db.select().from(visualDevShortLinks).where(eq(visualDevShortLinks.id, modelId));
    return row;
  }

  private async design(modelId: string) {
    const [design] = await this.db
      .select({ id: visualDevs.id, fullName: visualDevs.fullName, webType: visualDevs.webType })
      .from(visualDevs)
      .where(eq(visualDevs.id, modelId));
    if (!design) throw badRequest(ShortLinkMessages.designMissing);
    return design;
  }

  /** GET /ShortLink/{modelId}: the settings for the dialog; passwords are never answered, only whether one is set. */
  async info(modelId: string) {
    await this.design(modelId);
    const row = await this.row(modelId);
    return {
      id: modelId,
      alreadySave: Boolean(row),
      formUse: row?.formUse ?? 0,
      formPassUse: row?.formPassUse ?? 0,
      formPassword: '',
      hasFormPassword: Boolean(row?.formPassword),
      columnUse: row?.columnUse ?? 0,
      columnPassUse: row?.columnPassUse ?? 0,
      columnPassword: '',
      hasColumnPassword: Boolean(row?.columnPassword),
      columnCondition: row?.columnCondition ?? '[]',
      columnText: row?.columnText ?? '[]',
      formLink: row ? linkPath(modelId, row.shortLink, 'form') : '',
      columnLink: row ? linkPath(modelId, row.shortLink, 'list') : '',
      realPcLink: row ? `/formShortLink?modelId=${encodeURIComponent(modelId)}` : '',
      version: row?.version ?? 0,
    };
  }

  /** Column or search entries of the settings, each naming a field of the design's form. */
  private entries(part: 'columnText' | 'columnCondition', text: string, rt: Runtime): ColumnEntry[] {
    const list = jsonOf<unknown>(text || '[]', null);
    if (!Array.isArray(list)) throw badRequest(ShortLinkMessages.badColumns(part));
    const subFields = new Set(
      rt.model.subTables.flatMap((s) => s.fields.map((f) => `${s.vModel}-${f.vModel}`)),
    );
    return list.map((entry) => {
      if (!entry || typeof entry !== 'object' || typeof (entry as ColumnEntry).prop !== 'string')
        throw badRequest(ShortLinkMessages.badColumns(part));
      const prop = (entry as ColumnEntry).prop;
      const main = rt.fieldsByVModel.has(prop);
      if (!main && !(part === 'columnText' && subFields.has(prop)))
        throw badRequest(
          part === 'columnCondition' && subFields.has(prop)
            ? ShortLinkMessages.notSearchable(prop)
            : ShortLinkMessages.notField(part, prop),
        );
      const e = entry as ColumnEntry;
      return {
        prop,
        label: typeof e.label === 'string' ? e.label.slice(0, 100) : undefined,
        jnpfKey: typeof e.jnpfKey === 'string' ? e.jnpfKey.slice(0, 40) : undefined,
        ...(part === 'columnCondition'
          ? { searchType: [1, 2, 3].includes(Number(e.searchType)) ? Number(e.searchType) : 1 }
          : {}),
      };
    });
  }

  /** PUT /ShortLink: creates the settings (and the link's random token) or saves them at the version read. */
  async save(body: ShortLinkBody, session: Session) {
    await this.design(body.id);
    // The draft's fields: the settings may be made before the next release.
    const rt = await this.online.runtime(body.id, true);
    const columnText = this.entries('columnText', body.columnText, rt);
    const columnCondition = this.entries('columnCondition', body.columnCondition, rt);
    if (body.columnUse === 1 && columnText.length === 0) throw badRequest(ShortLinkMessages.noColumns);
    const current = await this.row(body.id);
    if (current && body.version !== current.version) throw badRequest(STALE_VERSION_MESSAGE);
    const password = async (
      use: number,
      sent: string | null | undefined,
      stored: string | null | undefined,
    ) => {
      if (use !== 1) return null;
      if (sent) return hashPassword(sent);
      return stored ?? undefined;
    };
    const formPassword = await password(body.formPassUse, body.formPassword, current?.formPassword);
    if (formPassword === undefined) throw badRequest(ShortLinkMessages.setFormPassword);
    const columnPassword = await password(body.columnPassUse, body.columnPassword, current?.columnPassword);
    if (columnPassword === undefined) throw badRequest(ShortLinkMessages.setColumnPassword);
    const values = {
      formUse: body.formUse,
      formPassUse: body.formPassUse,
      formPassword,
      columnUse: body.columnUse,
      columnPassUse: body.columnPassUse,
      columnPassword,
      columnCondition: JSON.stringify(columnCondition),
      columnText: JSON.stringify(columnText),
    };
    if (current) {
      const updated = await this.db
        .update(visualDevShortLinks)
        .set({
          ...values,
          version: current.version + 1,
          userId: session.userId,
          lastModifyUserId: session.userId,
          lastModifyTime: Date.now(),
        })
        .where(eq(visualDevShortLinks.id, body.id))
        .returning({ version: visualDevShortLinks.version });
      if (updated[0]?.version !== current.version + 1) throw badRequest(STALE_VERSION_MESSAGE);
    } else {
      await this.db.insert(visualDevShortLinks).values({
        ...values,
        id: body.id,
        shortLink: newToken(),
        userId: session.userId,
        creatorUserId: session.userId,
      });
    }
    return this.info(body.id);
  }

  /** The settings a public call names, or the one refusal for a missing design, link or token. */
  async link(modelId: string, token: string): Promise<LinkRow> {
    const row = await this.row(modelId);
    // Compared in constant time; an unknown design and a wrong token answer alike.
    if (!sameText(row?.shortLink ?? `missing:${token}`, token) || !row || row.enabledMark !== 1)
      throw badRequest(ShortLinkMessages.invalid);
    return row;
  }

  /** GET /getConfig/{id}: what the public page needs to know before showing anything. */
  async publicInfo(modelId: string, token: string) {
    const row = await this.link(modelId, token);
    const design = await this.design(modelId);
    return {
      id: modelId,
      fullName: design.fullName,
      formUse: row.formUse,
      formPassUse: row.formPassUse,
      columnUse: row.columnUse,
      columnPassUse: row.columnPassUse,
      columnCondition: row.columnCondition,
      columnText: row.columnText,
      formLink: row.formUse === 1 ? linkPath(modelId, row.shortLink, 'form') : '',
      columnLink: row.columnUse === 1 ? linkPath(modelId, row.shortLink, 'list') : '',
    };
  }

  private passSubject(row: LinkRow, channel: Channel) {
    return `${row.id}|${channel}|${row.shortLink}`;
  }

  /**
   * POST /checkPwd: a right password answers a pass for that link and channel, valid two hours,
   * signed with the stored hash (a new password ends every pass). Wrong tries are counted per
   * address and link; past the limit the check is refused without looking at the password.
   */
  async checkPassword(body: z.infer<typeof CheckPwdBody>, ip: string) {
    const row = await this.link(body.id, body.encryption);
    const channel: Channel = body.type === 0 ? 'form' : 'list';
    this.channelOpen(row, channel);
    const { passUse, password } = channelOf(row, channel);
    if (passUse !== 1) return { pass: '' };
    await checkLinkPassword(this.services.kv, `shortLink:pwd:${body.id}:${ip}`, password, body.password);
    return { pass: issuePass(password ?? '', this.passSubject(row, channel)) };
  }

  private channelOpen(row: LinkRow, channel: Channel) {
    if (!channelOf(row, channel).open)
      throw badRequest(channel === 'form' ? ShortLinkMessages.formOff : ShortLinkMessages.listOff);
  }

  /** A public call on a channel: the link's token, the channel switched on, and its password checked. */
  async admit(modelId: string, query: PublicQuery, channel: Channel): Promise<LinkRow> {
    const row = await this.link(modelId, query.encryption);
    this.channelOpen(row, channel);
    if (channelOf(row, channel).passUse !== 1) return row;
    const { password } = channelOf(row, channel);
    if (!passValid(query.pass, password ?? '', this.passSubject(row, channel)))
      throw badRequest(ShortLinkMessages.passwordNeeded);
    return row;
  }

  /** The anonymous visitor acts as the one who published the link, with the anonymous form's limits. */
  private async visitor(rt: Runtime, row: LinkRow): Promise<Access> {
    const [owner] = await this.db
      .select({
        id: users.id,
        account: users.account,
        realName: users.realName,
        organizeId: users.organizeId,
      })
      .from(users)
      .where(eq(users.id, row.userId));
    const session: Session = {
      id: `shortLink:${row.id}`,
      userId: owner?.id ?? row.userId,
      account: owner?.account ?? '',
      realName: owner?.realName ?? '',
      organizeId: owner?.organizeId ?? null,
      isAdministrator: false,
      mustChangePassword: false,
      origin: 'shortLink',
      token: '',
      userVersion: 0,
      lastLogTime: null,
    };
    const hiddenForms = new Set<string>();
    for (const f of rt.model.fields) if (!anonymousValue(f.field)) hiddenForms.add(f.vModel);
    for (const sub of rt.model.subTables)
      for (const f of sub.fields) if (!anonymousValue(f.field)) hiddenForms.add(`${sub.vModel}-${f.vModel}`);
    // Shown columns: only those of the settings.
    const shown = new Set(jsonOf<ColumnEntry[]>(row.columnText, []).map((c) => c.prop));
    const hiddenColumns = new Set<string>();
    for (const f of rt.model.fields) if (!shown.has(f.vModel)) hiddenColumns.add(f.vModel);
    for (const sub of rt.model.subTables)
      for (const f of sub.fields)
        if (!shown.has(`${sub.vModel}-${f.vModel}`)) hiddenColumns.add(`${sub.vModel}-${f.vModel}`);
    return { session, moduleCode: null, rules: { hiddenForms, hiddenColumns } };
  }

  /** The design's list as the settings allow it: their columns and search fields, a plain paged list. */
  private listRuntime(rt: Runtime, row: LinkRow): Runtime {
    return {
      ...rt,
      columnData: {
        ...rt.columnData,
        type: 1,
        hasPage: true,
        columnList: jsonOf<ColumnEntry[]>(row.columnText, []),
        searchList: jsonOf<ColumnEntry[]>(row.columnCondition, []),
        groupField: undefined,
        parentField: undefined,
        treeRelation: undefined,
      },
    };
  }

  /** GET /{modelId}/Config: the released design as the anonymous page may use it. */
  async config(modelId: string, row: LinkRow, channel: Channel): Promise<OnlineConfig> {
    const rt = await this.online.runtime(modelId);
    const config = this.online.config(rt);
    const form = jsonOf<{ fields?: FormField[] } & Record<string, unknown>>(config.formData, {});
    const listRt = this.listRuntime(rt, row);
    const columnData = jsonOf<Record<string, unknown>>(config.columnData, {});
    return {
      ...config,
      flowTemplateJson: '',
      appColumnData: '',
      formData: JSON.stringify({ ...form, fields: anonymousFields(form.fields ?? []) }),
      columnData:
        channel === 'list'
          ? JSON.stringify({
              ...columnData,
              ...listRt.columnData,
              btnsList: [],
              columnBtnsList: [{ value: 'detail', label: '详情' }],
              ruleList: undefined,
            })
          : '',
    };
  }

  /** POST /{modelId}: an anonymous record, through the generated page's checks, bill numbers and transaction. */
  async submit(modelId: string, row: LinkRow, data: string, ip: string) {
    const key = `shortLink:submit:${modelId}:${ip}`;
    const count = await this.services.kv.increment(key, SUBMIT_WINDOW_MS);
    if (count > SUBMITS)
      throw badRequest(ShortLinkMessages.tooManySubmits(Math.ceil(SUBMIT_WINDOW_MS / 1000)), {
        waitSeconds: Math.ceil(SUBMIT_WINDOW_MS / 1000),
      });
    const rt = await this.online.runtime(modelId);
    return this.online.create(rt, await this.visitor(rt, row), data);
  }

  /** POST /{modelId}/ListLink. */
  async list(modelId: string, row: LinkRow, body: z.infer<typeof PublicListBody>, log: RuleLog) {
    if (body.superQueryJson) throw badRequest(ShortLinkMessages.superQuery);
    const rt = await this.online.runtime(modelId);
    const access = await this.visitor(rt, row);
    const query: OnlineListBody = { ...body, dataType: undefined };
    return this.online.list(this.listRuntime(rt, row), access, query, log);
  }

  /** GET /{modelId}/{id}/DataChange: one record with the shown columns only. */
  async dataChange(modelId: string, row: LinkRow, id: string, log: RuleLog) {
    const rt = await this.online.runtime(modelId);
    return this.online.dataChange(this.listRuntime(rt, row), await this.visitor(rt, row), id, log);
  }
}
