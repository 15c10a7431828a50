/**
 * A local stand-in for the WeChat APIs the WeChat pages call, for tests: it speaks the documented
 * endpoints of the official account (cgi-bin/token, menu/create|get, user/get,
 * user/info/batchget|updateremark, tags/get, tags/members/batchtagging, message/mass/sendall|get,
 * message/custom/send,
 * material/add_material|batchget_material|del_material) and of the enterprise WeChat (gettoken,
 * department/list|create|update, user/list|create|update, message/send) with errcode/errmsg as WeChat answers them, and keeps
 * what it was sent so a test can look.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInFollower {
  openid: string;
  nickname: string;
  tagid_list: number[];
  remark?: string;
}

export interface StandInOptions {
  appId: string;
  secret: string;
  corpId: string;
  corpSecret: string;
  followers?: StandInFollower[];
  tags?: { id: number; name: string }[];
  departments?: { id: number; name: string; parentid: number; order?: number }[];
  qyUsers?: { userid: string; name: string; department: number[]; mobile?: string }[];
  /** expires_in of the tokens it hands out (seconds). */
  expiresIn?: number;
  /** user/get page size (WeChat: 10000). */
  pageSize?: number;
}

const readBody = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

export async function startWeChatStandIn(options: StandInOptions) {
  const state = {
    tokenCalls: 0,
    /** Valid tokens; expire() empties it so the next call answers 42001. */
    live: new Set<string>(),
    menu: null as unknown,
    followers: (options.followers ?? []).map((f) => ({ ...f, remark: f.remark ?? '' })),
    tags: options.tags ?? [],
    departments: options.departments ?? [],
    qyUsers: options.qyUsers ?? [],
    mass: [] as Record<string, unknown>[],
    material: [] as { media_id: string; name: string; type: string; size: number; update_time: number }[],
    sent: [] as Record<string, unknown>[],
    /** Custom messages (message/custom/send) it accepted. */
    custom: [] as Record<string, unknown>[],
    calls: [] as string[],
    /** Token endpoint answers slowed by this many ms (to see one refresh at a time). */
    tokenDelayMs: 0,
  };
  let counter = 0;
  const json = (data: unknown) => JSON.stringify(data);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    const path = url.pathname;
    const body = await readBody(req);
    const parsed = () => JSON.parse(body.toString('utf8') || '{}') as Record<string, unknown>;
    state.calls.push(path);
    res.setHeader('content-type', 'application/json');
    const send = (data: Record<string, unknown>) => res.end(json({ errcode: 0, errmsg: 'ok', ...data }));
    const fail = (errcode: number, errmsg: string) => res.end(json({ errcode, errmsg }));
    const issue = async () => {
      state.tokenCalls++;
      if (state.tokenDelayMs) await new Promise((r) => setTimeout(r, state.tokenDelayMs));
      const token = `token-${++counter}`;
      state.live.add(token);
      res.end(json({ access_token: token, expires_in: options.expiresIn ?? 7200 }));
    };
    if (path === '/cgi-bin/token') {
      if (url.searchParams.get('appid') !== options.appId) return fail(40013, 'invalid appid');
      if (url.searchParams.get('secret') !== options.secret) return fail(40125, 'invalid appsecret');
      return issue();
    }
    if (path === '/cgi-bin/gettoken') {
      if (url.searchParams.get('corpid') !== options.corpId) return fail(40013, 'invalid corpid');
      if (url.searchParams.get('corpsecret') !== options.corpSecret) return fail(40001, 'invalid credential');
      return issue();
    }
    const token = url.searchParams.get('access_token') ?? '';
    if (!state.live.has(token)) return fail(42001, 'access_token expired');
    switch (path) {
      case '/cgi-bin/menu/create':
        state.menu = parsed();
        return send({});
      case '/cgi-bin/menu/get':
        return state.menu ? send({ menu: state.menu }) : fail(46003, 'menu no exist');
      case '/cgi-bin/user/get': {
        const size = options.pageSize ?? 10_000;
        const next = url.searchParams.get('next_openid') ?? '';
        const start = next ? state.followers.findIndex((f) => f.openid === next) + 1 : 0;
        const page = state.followers.slice(start, start + size).map((f) => f.openid);
        return send({
          total: state.followers.length,
          count: page.length,
          data: { openid: page },
          next_openid: page.at(-1) ?? '',
        });
      }
      case '/cgi-bin/user/info/batchget': {
        const list = (parsed().user_list as { openid: string }[]) ?? [];
        if (list.length > 100) return fail(45009, 'reach max api daily quota limit');
        return send({
          user_info_list: list.map(({ openid }) => {
            const f = state.followers.find((x) => x.openid === openid);
            return f
              ? {
                  subscribe: 1,
                  openid,
                  nickname: f.nickname,
                  remark: f.remark,
                  tagid_list: f.tagid_list,
                  language: 'zh_CN',
                  subscribe_time: 1_700_000_000,
                }
              : { subscribe: 0, openid };
          }),
        });
      }
      case '/cgi-bin/user/info/updateremark': {
        const { openid, remark } = parsed() as { openid: string; remark: string };
        const f = state.followers.find((x) => x.openid === openid);
        if (!f) return fail(40003, 'invalid openid');
        f.remark = remark;
        return send({});
      }
      case '/cgi-bin/tags/get':
        return send({
          tags: state.tags.map((t) => ({
            ...t,
            count: state.followers.filter((f) => f.tagid_list.includes(t.id)).length,
          })),
        });
      case '/cgi-bin/tags/members/batchtagging':
      case '/cgi-bin/tags/members/batchuntagging': {
        const { openid_list, tagid } = parsed() as { openid_list: string[]; tagid: number };
        for (const f of state.followers.filter((x) => openid_list.includes(x.openid)))
          f.tagid_list = path.endsWith('batchtagging')
            ? [...new Set([...f.tagid_list, tagid])]
            : f.tagid_list.filter((t) => t !== tagid);
        return send({});
      }
      case '/cgi-bin/message/mass/sendall': {
        const message = parsed();
        const filter = message.filter as { is_to_all?: boolean; tag_id?: number } | undefined;
        if (!filter?.is_to_all && !state.tags.some((t) => t.id === filter?.tag_id))
          return fail(40050, 'invalid tag id');
        const msgId = 1000 + state.mass.length;
        state.mass.push({ ...message, msg_id: msgId });
        return send({ msg_id: msgId, msg_data_id: msgId * 10 });
      }
      case '/cgi-bin/message/custom/send': {
        const message = parsed();
        if (!state.followers.some((f) => f.openid === message.touser)) return fail(40003, 'invalid openid');
        state.custom.push(message);
        return send({});
      }
      case '/cgi-bin/message/mass/get': {
        const { msg_id } = parsed() as { msg_id: string | number };
        return state.mass.some((m) => String(m.msg_id) === String(msg_id))
          ? send({ msg_id, msg_status: 'SEND_SUCCESS' })
          : fail(40007, 'invalid media_id');
      }
      case '/cgi-bin/material/add_material': {
        const type = url.searchParams.get('type') ?? '';
        const request = new Request('http://standin/', {
          method: 'POST',
          headers: { 'content-type': req.headers['content-type'] ?? '' },
          body: new Uint8Array(body),
        });
        let media: File | null = null;
        try {
          media = (await request.formData()).get('media') as File | null;
        } catch {
          media = null;
        }
        if (!media || typeof media === 'string') return fail(41005, 'media data missing');
        const item = {
          media_id: `media-${++counter}`,
          name: media.name,
          type,
          size: media.size,
          update_time: 1_700_000_000,
        };
        state.material.push(item);
        return send({
          media_id: item.media_id,
          url: type === 'image' ? `http://mmbiz.example/${item.media_id}` : undefined,
        });
      }
      case '/cgi-bin/material/batchget_material': {
        const {
          type,
          offset = 0,
          count = 20,
        } = parsed() as { type: string; offset?: number; count?: number };
        const items = state.material.filter((m) => m.type === type);
        const page = items.slice(offset, offset + count);
        return send({
          total_count: items.length,
          item_count: page.length,
          item: page.map((m) => ({ media_id: m.media_id, name: m.name, update_time: m.update_time })),
        });
      }
      case '/cgi-bin/material/del_material': {
        const { media_id } = parsed() as { media_id: string };
        const index = state.material.findIndex((m) => m.media_id === media_id);
        if (index < 0) return fail(40007, 'invalid media_id');
        state.material.splice(index, 1);
        return send({});
      }
      case '/cgi-bin/department/list':
        return send({ department: state.departments });
      case '/cgi-bin/user/list':
        return send({ userlist: state.qyUsers });
      case '/cgi-bin/department/create': {
        const d = parsed() as { name?: string; parentid?: number; order?: number };
        if (!d.name) return fail(60001, 'department name invalid');
        // Department 1, the company's top department, always exists in enterprise WeChat.
        if (Number(d.parentid) !== 1 && !state.departments.some((x) => x.id === Number(d.parentid)))
          return fail(60004, 'parent department not found');
        if (state.departments.some((x) => x.parentid === Number(d.parentid) && x.name === d.name))
          return fail(60008, 'department existed');
        const id = Math.max(1, ...state.departments.map((x) => x.id)) + 1;
        state.departments.push({ id, name: d.name, parentid: Number(d.parentid), order: d.order });
        return send({ id });
      }
      case '/cgi-bin/department/update': {
        const d = parsed() as { id?: number; name?: string };
        const found = state.departments.find((x) => x.id === Number(d.id));
        if (!found) return fail(60003, 'department not found');
        if (d.name) found.name = d.name;
        return send({});
      }
      case '/cgi-bin/user/create': {
        const u = parsed() as { userid?: string; name?: string; department?: number[]; mobile?: string };
        if (!u.userid || !u.name) return fail(40003, 'invalid userid');
        if (state.qyUsers.some((x) => x.userid === u.userid)) return fail(60102, 'userid existed');
        const department = u.department?.length ? u.department : [1];
        if (department.some((id) => id !== 1 && !state.departments.some((x) => x.id === id)))
          return fail(60003, 'department not found');
        state.qyUsers.push({ userid: u.userid, name: u.name, department, mobile: u.mobile });
        return send({});
      }
      case '/cgi-bin/user/update': {
        const u = parsed() as { userid?: string; name?: string };
        const found = state.qyUsers.find((x) => x.userid === u.userid);
        if (!found) return fail(60111, 'userid not found');
        if (u.name) found.name = u.name;
        return send({});
      }
      case '/cgi-bin/message/send': {
        const message = parsed();
        state.sent.push(message);
        const known = new Set(state.qyUsers.map((u) => u.userid));
        const invalid = String(message.touser ?? '')
          .split('|')
          .filter((u) => u && u !== '@all' && !known.has(u));
        return send({ invaliduser: invalid.join('|'), msgid: `msg-${state.sent.length}` });
      }
      default:
        res.statusCode = 404;
        return fail(404, `no such endpoint ${path}`);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    state,
    port,
    base: `http://127.0.0.1:${port}`,
    /** Every token handed out so far stops working (as when WeChat expires them). */
    expire: () => state.live.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
