import type { ScreenShareBody } from '@console/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { hashPassword } from '../../../core/passwords.js';
import type { Session } from '../../../core/sessions.js';
import { dataScreens, maps, users } from '../../../db/schema/index.js';
import type { Services } from '../../../services.js';
import { hasPermission } from '../../permission/grants.js';
import { userLabels } from '../../system/printDev/service.js';
import { DATA_INTERFACE_MODULE } from '../../systemData/dataInterface/routes.js';
import type { RunUser } from '../../systemData/dataInterface/run.js';
import {
  checkLinkPassword,
  issuePass,
  newToken,
  passValid,
  ShortLinkMessages,
  sameText,
} from '../shortLink/service.js';
import { DATA_SCREEN_MODULE, type DataScreenService } from './service.js';

export const ShareMessages = {
  saved: '共享链接已保存',
  revoked: '共享链接已撤销',
  invalid: ShortLinkMessages.invalid,
  expired: '该共享链接已过期，请向发布者索取新的链接',
  passwordNeeded: ShortLinkMessages.passwordNeeded,
  setPassword: '已开启访问密码，请设置密码',
  expiresPast: '有效期必须晚于当前时间',
  ownerLost: '设置该共享链接的用户已无权设计大屏，链接已失效，请向发布者索取新的链接',
  ownerSqlDenied: (id: string) =>
    `组件“${id}”使用 SQL 数据集，设置共享链接的用户不是管理员或数据接口管理者，共享链接不显示它的数据`,
  mapNotUsed: '该大屏没有使用此地图',
  mapMissing: '地图不存在或已停用',
  tooManyCalls: (seconds: number) => `请求过于频繁，请 ${seconds} 秒后再试`,
} as const;

/** The public page a share link opens; the web client puts its own address (and #) in front. */
export const sharePath = (token: string) => `/dataScreenShare?${new URLSearchParams({ encryption: token })}`;

/** Every public call names the link's token (`encryption`) and, behind a password, the pass it answered. */
export const ShareQuery = z.object({
  encryption: z.string({ error: ShareMessages.invalid }).min(1, ShareMessages.invalid).max(100),
  pass: z.string().max(200).optional(),
});
export type ShareQuery = z.infer<typeof ShareQuery>;
export const SharePasswordBody = z.object({
  encryption: z.string({ error: ShareMessages.invalid }).min(1, ShareMessages.invalid).max(100),
  password: z.string({ error: '请输入访问密码' }).min(1, '请输入访问密码').max(64),
});
export const ShareGeoQuery = ShareQuery.extend({
  code: z.string({ error: '请指定区域编码' }).trim().min(1, '请指定区域编码').max(20),
});

/** Data calls per address and link in a window: 20 components refreshing every 5 s make 240 a minute. */
const DATA_CALLS = 600;
const DATA_WINDOW_MS = 60 * 1000;

type Row = typeof dataScreens.$inferSelect;

/**
 * Share links of data screens (issue #25): for wall displays that cannot sign in. The same rules as
 * the form short links (shortLink/service.ts, whose helpers these are): a random token, an optional
 * argon2id password answered by a signed pass valid two hours (a new password ends it), wrong tries
 * limited per address and link; and an expiry.
 *
 * As whom the link's data runs: as the user who set the link (its owner), not as an anonymous
 * reader. The owner chose to show this screen to whoever holds the link, so the screen shows what
 * the owner sees: the owner's variables and data rules apply, and nothing the owner could not read
 * is shown (a SQL data set needs the owner to be an administrator or a data interface manager, as
 * saving one does; disabled interfaces are refused to everyone here). An anonymous reader would
 * have no data rules at all, so a screen bound to rule-filtered data would show either everything
 * or nothing. The link stops working as soon as the owner is disabled or loses the design page.
 */
export class DataScreenShares {
  constructor(
    private readonly services: Services,
    private readonly screens: DataScreenService,
  ) {}

  private get db() {
    return this.services.db;
  }

  /** GET /{id}/Share: the settings for the dialog; the password is never answered, only whether one is set. */
  async info(id: string) {
    const row = await this.screens.get(id);
    const owner = row.shareUserId
      ? (await userLabels(this.db, [row.shareUserId])).get(row.shareUserId)
      : null;
    return {
      enabled: Boolean(row.shareToken),
      passUse: Boolean(row.sharePassword),
      expiresAt: row.shareExpires,
      link: row.shareToken ? sharePath(row.shareToken) : '',
      owner: owner ?? null,
      released: row.state === 1,
    };
  }

  /**
   * PUT /{id}/Share: switches the link on (a new token the first time), sets or keeps its
   * password and its expiry; the one saving becomes the owner the link's data runs as.
   * Switched off, the link is revoked (its token, password and expiry are dropped).
   */
  async save(id: string, body: ScreenShareBody, session: Session) {
    const row = await this.screens.get(id);
    if (!body.enabled) return this.revoke(id);
    if (body.expiresAt !== null && body.expiresAt <= Date.now()) throw badRequest(ShareMessages.expiresPast);
    let password: string | null = null;
    if (body.passUse) {
      if (body.password) password = await hashPassword(body.password.toLowerCase());
      else if (row.sharePassword) password = row.sharePassword;
      else throw badRequest(ShareMessages.setPassword);
    }
    await this.db
      .update(dataScreens)
      .set({
        shareToken: row.shareToken ?? newToken(),
        sharePassword: password,
        shareExpires: body.expiresAt,
        shareUserId: session.userId,
        lastModifyTime: Date.now(),
        lastModifyUserId: session.userId,
      })
      .where(eq(dataScreens.id, id));
    return this.info(id);
  }

  /** DELETE /{id}/Share: the link stops opening at once; setting it again makes a new token. */
  async revoke(id: string) {
    await this.screens.get(id);
    await this.db
      .update(dataScreens)
      .set({ shareToken: null, sharePassword: null, shareExpires: null, shareUserId: null })
      .where(eq(dataScreens.id, id));
    return this.info(id);
  }

  /** The screen a token names, or one refusal for an unknown, revoked or expired link. */
  private async link(token: string): Promise<Row> {
    const [row] = await this.db.select().from(dataScreens).where(eq(dataScreens.shareToken, token));
    if (!row?.shareToken || !sameText(row.shareToken, token)) throw badRequest(ShareMessages.invalid);
    if (row.shareExpires !== null && row.shareExpires <= Date.now()) throw badRequest(ShareMessages.expired);
    return row;
  }

  private subject(row: Row) {
    return `dataScreen|${row.id}|${row.shareToken}`;
  }

  /** A public call: a live link, its password checked (the pass), and an owner who still designs screens. */
  private async admit(
    query: ShareQuery,
  ): Promise<{ row: Row; owner: RunUser & { manager: () => Promise<boolean> } }> {
    const row = await this.link(query.encryption);
    if (row.sharePassword && !passValid(query.pass, row.sharePassword, this.subject(row)))
      throw badRequest(ShareMessages.passwordNeeded);
    const [owner] = row.shareUserId
      ? await this.db
          .select({
            id: users.id,
            organizeId: users.organizeId,
            isAdministrator: users.isAdministrator,
          })
          .from(users)
          .where(and(eq(users.id, row.shareUserId), eq(users.enabledMark, 1), eq(users.deleteMark, 0)))
      : [];
    const admin = owner?.isAdministrator === 1;
    if (!owner || !(admin || (await hasPermission(this.db, owner.id, DATA_SCREEN_MODULE))))
      throw badRequest(ShareMessages.ownerLost);
    let manager: Promise<boolean> | undefined;
    return {
      row,
      owner: {
        userId: owner.id,
        organizeId: owner.organizeId,
        manager: () => {
          manager ??= admin ? Promise.resolve(true) : hasPermission(this.db, owner.id, DATA_INTERFACE_MODULE);
          return manager;
        },
      },
    };
  }

  /** GET /Share/Info: what the public page needs before anything else: the name and whether a password is asked. */
  async publicInfo(token: string) {
    const row = await this.link(token);
    return { fullName: row.fullName, passUse: Boolean(row.sharePassword) };
  }

  /** POST /Share/Password: a right password answers the pass the next calls carry. */
  async checkPassword(body: z.infer<typeof SharePasswordBody>, ip: string) {
    const row = await this.link(body.encryption);
    if (!row.sharePassword) return { pass: '' };
    await checkLinkPassword(
      this.services.kv,
      `dataScreenShare:pwd:${row.id}:${ip}`,
      row.sharePassword,
      body.password,
    );
    return { pass: issuePass(row.sharePassword, this.subject(row)) };
  }

  /** GET /Share/View: the released screen (never the draft). */
  async view(query: ShareQuery) {
    const { row } = await this.admit(query);
    return { id: row.id, fullName: row.fullName, design: await this.screens.viewDesign(row, false) };
  }

  /** POST /Share/Data/{componentId}: one component's data, run as the link's owner. */
  async data(query: ShareQuery, componentId: string, filters: Record<string, unknown>, ip: string) {
    const { row, owner } = await this.admit(query);
    const calls = await this.services.kv.increment(`dataScreenShare:data:${row.id}:${ip}`, DATA_WINDOW_MS);
    if (calls > DATA_CALLS)
      throw badRequest(ShareMessages.tooManyCalls(Math.ceil(DATA_WINDOW_MS / 1000)), {
        waitSeconds: Math.ceil(DATA_WINDOW_MS / 1000),
      });
    const design = await this.screens.viewDesign(row, false);
    const component = design.components.find((c) => c.id === componentId);
    if (component?.data?.kind === 'sql' && !(await owner.manager()))
      throw badRequest(ShareMessages.ownerSqlDenied(componentId));
    return this.screens.releasedComponent(
      row,
      design,
      componentId,
      filters,
      { userId: owner.userId, organizeId: owner.organizeId },
      { ip },
    );
  }

  /** GET /Share/Geo: the GeoJSON of a map the released screen shows (no other map). */
  async geo(query: z.infer<typeof ShareGeoQuery>) {
    const { row } = await this.admit(query);
    const design = await this.screens.viewDesign(row, false);
    const used = design.components.some(
      (c) => c.type === 'map' && String(c.style?.mapCode ?? '') === query.code,
    );
    if (!used) throw badRequest(ShareMessages.mapNotUsed);
    const [map] = await this.db
      .select({ geoJson: maps.geoJson })
      .from(maps)
      .where(and(eq(maps.enCode, query.code), eq(maps.enabledMark, 1)));
    if (!map) throw badRequest(ShareMessages.mapMissing);
    return JSON.parse(map.geoJson) as unknown;
  }
}
