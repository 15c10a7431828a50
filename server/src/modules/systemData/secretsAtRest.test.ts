import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AccountConfigItem, KbHit, SendResult } from '@console/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startServer, suiteServer, type TestServer } from '../../../test/harness.js';
import {
  dbLinks,
  kbModelSettings,
  messageAccounts,
  socialProviders,
  sysConfig,
  wechatAccounts,
} from '../../db/schema/index.js';
import { createBase, ModelStandIn, upload, waitForDocument } from '../knowledge/testing.js';
import { startHttpReceiver, startSmtpReceiver } from '../msgCenter/testing.js';
import { SECRET_MASK } from '../system/sysConfig/routes.js';
import { openSecret, SecretMessages } from './secrets.js';

// Issue #22: without SECRETS_KEY, secrets are still sealed, with a key kept beside the data.
const dataDir = mkdtempSync(path.join(tmpdir(), 'console-secrets-'));
const suite = suiteServer({
  env: { DATA_DIR: dataDir, SECRETS_KEY: '', OUTBOUND_ALLOW: '127.0.0.1' },
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const SMTP_USER = 'robot@district.example';
const SMTP_PASS = 'smtp-pass-at-rest';
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let http: Awaited<ReturnType<typeof startHttpReceiver>>;
const model = new ModelStandIn();
beforeAll(async () => {
  [smtp, http] = await Promise.all([startSmtpReceiver(SMTP_USER, SMTP_PASS), startHttpReceiver()]);
  await model.start();
});
afterAll(async () => {
  await Promise.all([smtp?.close(), http?.close(), model.close()]);
});

/** The row as a backup holds it: every column, settings included, as text. */
const accountRow = async (server: TestServer, id: string) =>
  JSON.stringify(
    (await server.services.db.select().from(messageAccounts).where(eq(messageAccounts.id, id)))[0],
  );
const storedSecret = async (server: TestServer, id: string) =>
  (
    (await server.services.db.select().from(messageAccounts).where(eq(messageAccounts.id, id)))[0]!
      .settings as { authSecret: string }
  ).authSecret;
const modelRow = async (server: TestServer) =>
  JSON.stringify((await server.services.db.select().from(kbModelSettings))[0]);

const request = <T>(server: TestServer, token: string, method: string, url: string, json?: unknown) =>
  server.request<T>(method, url, { token, json });

async function created(server: TestServer, token: string, url: string, body: unknown): Promise<string> {
  const answer = await request<{ id: string }>(server, token, 'POST', url, body);
  expect(answer.code, `${url}: ${answer.msg}`).toBe(200);
  return answer.data.id;
}

/** A send configuration with one template per account, and a user to send to; answers its id. */
async function sendConfig(server: TestServer, token: string, accounts: Record<string, string>) {
  const tag = randomBytes(3).toString('hex');
  const templates = [];
  for (const [enCode, accountConfigId] of Object.entries(accounts)) {
    const messageType = (
      await request<AccountConfigItem>(server, token, 'GET', `/api/message/AccountConfig/${accountConfigId}`)
    ).data.category;
    const templateId = await created(server, token, '/api/message/MessageTemplateConfig', {
      fullName: `密钥模板${enCode}`,
      enCode: `tpl${enCode}${tag}`,
      messageSource: 1,
      messageType,
      title: '密钥测试',
      content: '密钥测试内容',
      params: [],
    });
    templates.push({ messageType, templateId, accountConfigId, enabledMark: 1 });
  }
  return created(server, token, '/api/message/SendMessageConfig', {
    fullName: `密钥发送${tag}`,
    enCode: `secrets${tag}`,
    messageSource: 1,
    templates,
  });
}

/** Sends through the configuration to a new user (test send); answers each channel's outcome. */
async function testSend(server: TestServer, token: string, configId: string) {
  const receiverId = await server.addUser(`receiver${randomBytes(3).toString('hex')}`, 'Receiver123', {
    email: 'receiver@district.example',
  });
  const sent = await request<SendResult[]>(
    server,
    token,
    'POST',
    '/api/message/SendMessageConfig/testSendConfig',
    {
      id: configId,
      userIds: [receiverId],
      params: {},
    },
  );
  expect(sent.code, sent.msg).toBe(200);
  return sent.data;
}

describe('secrets at rest without SECRETS_KEY', () => {
  it('seals a data source password with a key the server made in DATA_DIR (mode 0600)', async () => {
    const created = await suite.send<{ id: string }>('POST', '/api/system/DataSource', {
      fullName: '密钥库',
      dbType: 'PostgreSQL',
      host: '127.0.0.1',
      port: 5432,
      userName: 'postgres',
      password: 'plain-secret-pass',
      serviceName: 'test',
    });
    expect(created.code, created.msg).toBe(200);
    const [row] = await suite.server.services.db
      .select()
      .from(dbLinks)
      .where(eq(dbLinks.id, created.data.id));
    expect(row!.password).toMatch(/^enc:v1:/);
    expect(row!.password).not.toContain('plain-secret-pass');
    expect(statSync(path.join(dataDir, 'secrets.key')).mode & 0o777).toBe(0o600);
  });

  it('seals message-centre webhook and mail secrets; kept when the form is saved masked, and sent right', async () => {
    const { server, admin } = suite;
    const bearer = await created(server, admin, '/api/message/AccountConfig', {
      category: 'webhook',
      fullName: '令牌机器人',
      enCode: 'hookBearer',
      settings: { url: `${http.base}/bearer`, authType: 2, authSecret: 'bearer-at-rest-1' },
    });
    const basic = await created(server, admin, '/api/message/AccountConfig', {
      category: 'webhook',
      fullName: '口令机器人',
      enCode: 'hookBasic',
      settings: { url: `${http.base}/basic`, authType: 1, authUser: 'hook', authSecret: 'basic-at-rest-2' },
    });
    const mail = await created(server, admin, '/api/message/AccountConfig', {
      category: 'mail',
      fullName: '密钥邮箱',
      enCode: 'mailAtRest',
      settings: { smtpHost: '127.0.0.1', smtpPort: smtp.port, smtpUser: SMTP_USER, smtpPassword: SMTP_PASS },
    });
    for (const [id, secret] of [
      [bearer, 'bearer-at-rest-1'],
      [basic, 'basic-at-rest-2'],
      [mail, SMTP_PASS],
    ] as const) {
      const row = await accountRow(server, id);
      expect(row).not.toContain(secret);
      expect(row).toMatch(/"(authSecret|smtpPassword)":"enc:v1:/);
      const shown = await request<AccountConfigItem>(
        server,
        admin,
        'GET',
        `/api/message/AccountConfig/${id}`,
      );
      expect(JSON.stringify(shown.data)).not.toContain(secret);
      // The form saved as shown (mask included) keeps the secret, still sealed.
      const saved = await request(server, admin, 'PUT', `/api/message/AccountConfig/${id}`, {
        ...shown.data,
        description: '改过说明',
      });
      expect(saved.code, saved.msg).toBe(200);
      expect(Object.values(shown.data.settings)).toContain(SECRET_MASK);
      expect(await accountRow(server, id)).not.toContain(secret);
    }
    const copy = await request<{ id: string }>(
      server,
      admin,
      'POST',
      `/api/message/AccountConfig/copy/${bearer}`,
    );
    expect(await accountRow(server, copy.data.id)).not.toContain('bearer-at-rest-1');

    http.requests.length = 0;
    smtp.mails.length = 0;
    const results = await testSend(
      server,
      admin,
      await sendConfig(server, admin, { b: bearer, s: basic, m: mail }),
    );
    expect(results.map((r) => [r.messageType, r.state, r.error])).toEqual([
      ['webhook', 1, null],
      ['webhook', 1, null],
      ['mail', 1, null],
    ]);
    const header = (at: string) => http.requests.find((r) => r.path === at)?.headers.authorization;
    expect(header('/bearer')).toBe('Bearer bearer-at-rest-1');
    expect(header('/basic')).toBe(`Basic ${Buffer.from('hook:basic-at-rest-2').toString('base64')}`);
    // The SMTP receiver only accepts the right password.
    expect(smtp.mails.map((m) => m.user)).toEqual([SMTP_USER]);
  });

  it('seals the official account’s server token and EncodingAESKey; the server URL still checks signatures', async () => {
    const { server, admin } = suite;
    const token = 'atRestToken42';
    const aesKey = 'K'.repeat(20) + 'e'.repeat(23);
    const saved = await request(server, admin, 'PUT', '/api/wechat/mp/config', {
      appId: 'wxatrest',
      appSecret: 'mp-at-rest',
      token,
      encodingAesKey: aesKey,
    });
    expect(saved.code, saved.msg).toBe(200);
    const row = async () =>
      (await server.services.db.select().from(wechatAccounts).where(eq(wechatAccounts.kind, 'mp')))[0]!;
    const stored = await row();
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(aesKey);
    expect(stored.token).toMatch(/^enc:v1:/);
    expect(stored.encodingAesKey).toMatch(/^enc:v1:/);
    const shown = await request(server, admin, 'GET', '/api/wechat/mp/config');
    expect(shown.data).toMatchObject({ hasToken: true, hasEncodingAesKey: true });
    expect(JSON.stringify(shown.data)).not.toContain(token);
    expect(JSON.stringify(shown.data)).not.toContain(aesKey);
    // Saved again with both left empty (the form never shows them): kept, still sealed.
    const kept = await request(server, admin, 'PUT', '/api/wechat/mp/config', { appId: 'wxatrest' });
    expect(kept.code, kept.msg).toBe(200);
    expect(openSecret((await row()).token)).toBe(token);
    expect(openSecret((await row()).encodingAesKey)).toBe(aesKey);
    const verify = (signature: string) =>
      fetch(
        `${server.baseUrl}/api/wechat/mp/callback?signature=${signature}&timestamp=1700000000&nonce=42&echostr=hello`,
      );
    const signed = createHash('sha1').update([token, '1700000000', '42'].sort().join('')).digest('hex');
    const ok = await verify(signed);
    expect([ok.status, await ok.text()]).toEqual([200, 'hello']);
    expect((await verify('0'.repeat(40))).status).toBe(400);
  });

  it('seals the knowledge base model keys and calls the endpoints with them', async () => {
    const { server, admin } = suite;
    const settings = {
      chatBaseUrl: model.url,
      chatModel: 'stand-in-chat',
      chatApiKey: 'sk-chat-at-rest',
      embeddingBaseUrl: model.url,
      embeddingModel: 'stand-in-embed',
      embeddingApiKey: 'sk-embed-at-rest',
    };
    const put = (body: unknown) => request(server, admin, 'PUT', '/api/knowledge/ModelSettings', body);
    expect((await put(settings)).code).toBe(200);
    // Saved again without keys (the form never shows them): the stored ones are kept.
    expect((await put({ ...settings, chatApiKey: '', embeddingApiKey: '' })).code).toBe(200);
    const row = await modelRow(server);
    expect(row).not.toContain('sk-chat-at-rest');
    expect(row).not.toContain('sk-embed-at-rest');
    expect(row).toMatch(/"chatApiKey":"enc:v1:.*"embeddingApiKey":"enc:v1:/);
    const shown = await request(server, admin, 'GET', '/api/knowledge/ModelSettings');
    expect(JSON.stringify(shown.data)).not.toContain('sk-');

    model.requests.length = 0;
    model.reply = () => '带身份证[1]。';
    const baseId = await createBase(server, admin, { fullName: `密钥库${randomBytes(3).toString('hex')}` });
    const doc = await upload(server, admin, baseId, '公积金.txt', '公积金提取需要本人身份证和银行卡。');
    await waitForDocument(server, admin, baseId, doc.data!.id);
    const hits = await request<{ list: KbHit[] }>(
      server,
      admin,
      'POST',
      `/api/knowledge/Base/${baseId}/HitTest`,
      {
        question: '公积金提取要带什么',
        topK: 1,
      },
    );
    expect(hits.code, hits.msg).toBe(200);
    const answer = await request(server, admin, 'POST', '/api/knowledge/Chat', {
      question: '公积金提取要带什么',
      baseIds: [baseId],
    });
    expect(answer.code, answer.msg).toBe(200);
    expect(answer.data, JSON.stringify(hits.data)).toMatchObject({ source: 'llm' });
    const auth = (at: string) => [
      ...new Set(model.requests.filter((r) => r.path === at).map((r) => r.authorization)),
    ];
    expect(auth('/v1/embeddings')).toEqual(['Bearer sk-embed-at-rest']);
    expect(auth('/v1/chat/completions')).toEqual(['Bearer sk-chat-at-rest']);
  });
});

describe('rotating the key', () => {
  const oldKey = randomBytes(32).toString('hex');
  const newKey = randomBytes(32).toString('base64');
  const folder = mkdtempSync(path.join(tmpdir(), 'console-rotate-'));

  /** Starts the server on the one database with these keys, runs `use`, closes it. */
  async function withServer(
    env: Record<string, string>,
    use: (server: TestServer, token: string) => Promise<void>,
  ) {
    const server = await startServer({
      database,
      dataDir: path.join(folder, 'db'),
      env: { DATA_DIR: folder, OUTBOUND_ALLOW: '127.0.0.1', SECRETS_KEY_PREVIOUS: '', ...env },
    });
    try {
      await use(server, await server.adminToken());
    } finally {
      await server.close();
    }
  }
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  beforeAll(async () => {
    if (process.env.TEST_DATABASE_URL) database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('opens values sealed with SECRETS_KEY_PREVIOUS and seals them with the new key when saved', async () => {
    let hook = '';
    let config = '';
    let sealed = '';
    let source = '';
    const sourceBody = {
      fullName: '轮换库',
      dbType: 'PostgreSQL',
      host: '127.0.0.1',
      port: 5432,
      userName: 'postgres',
      serviceName: 'test',
    };
    const sourcePassword = async (server: TestServer) =>
      (await server.services.db.select().from(dbLinks).where(eq(dbLinks.id, source)))[0]!.password;
    const syncSecret = async (server: TestServer) =>
      (await server.services.db.select().from(sysConfig).where(eq(sysConfig.key, 'qyhCorpSecret')))[0]!
        .value as string;
    const mpRow = async (server: TestServer) =>
      (await server.services.db.select().from(wechatAccounts).where(eq(wechatAccounts.kind, 'mp')))[0]!;
    const mpSecret = async (server: TestServer) => (await mpRow(server)).secret;
    const mpRotateAes = 'R'.repeat(43);
    const socialSecret = async (server: TestServer) =>
      (
        await server.services.db.select().from(socialProviders).where(eq(socialProviders.enname, 'dingtalk'))
      )[0]!.clientSecret;
    // The official account's and a sign-in provider's settings, saved without a new secret.
    const mpSettings = { appId: 'wxrotate', appSecret: '', token: '', encodingAesKey: '', apiBase: '' };
    const socialSettings = { enabledMark: 0, clientId: 'dt-rotate', clientSecret: '' };
    await withServer({ SECRETS_KEY: oldKey }, async (server, token) => {
      hook = await created(server, token, '/api/message/AccountConfig', {
        category: 'webhook',
        fullName: '轮换机器人',
        enCode: 'hookRotate',
        settings: { url: `${http.base}/rotate`, authType: 2, authSecret: 'rotate-token' },
      });
      config = await sendConfig(server, token, { r: hook });
      sealed = await storedSecret(server, hook);
      source = await created(server, token, '/api/system/DataSource', {
        ...sourceBody,
        password: 'ds-rotate-pass',
      });
      expect(
        (await request(server, token, 'PUT', '/api/system/SysConfig', { qyhCorpSecret: 'qy-rotate' })).code,
      ).toBe(200);
      const mp = await request(server, token, 'PUT', '/api/wechat/mp/config', {
        ...mpSettings,
        appSecret: 'mp-rotate',
        token: 'tkRotate01',
        encodingAesKey: mpRotateAes,
      });
      expect(mp.code, mp.msg).toBe(200);
      const social = await request(server, token, 'PUT', '/api/system/Socials/dingtalk', {
        ...socialSettings,
        clientSecret: 'dt-rotate-secret',
      });
      expect(social.code, social.msg).toBe(200);
    });
    // The new key alone cannot open what the old one sealed: the send fails and says why.
    await withServer({ SECRETS_KEY: newKey }, async (server, token) => {
      const [result] = await testSend(server, token, config);
      expect(result).toMatchObject({ state: 0, error: SecretMessages.unreadable });
    });
    await withServer({ SECRETS_KEY: newKey, SECRETS_KEY_PREVIOUS: oldKey }, async (server, token) => {
      http.requests.length = 0;
      expect((await testSend(server, token, config))[0]).toMatchObject({ state: 1 });
      expect(http.requests.at(-1)?.headers.authorization).toBe('Bearer rotate-token');
      // Saved as shown: the kept token is sealed again, with the new key.
      const shown = await request<AccountConfigItem>(
        server,
        token,
        'GET',
        `/api/message/AccountConfig/${hook}`,
      );
      expect(
        (await request(server, token, 'PUT', `/api/message/AccountConfig/${hook}`, shown.data)).code,
      ).toBe(200);
      const resealed = await storedSecret(server, hook);
      expect(resealed).toMatch(/^enc:v1:/);
      expect(resealed).not.toBe(sealed);
      // A data source saved without a new password: the kept one is sealed again too.
      const before = await sourcePassword(server);
      const edited = await request(server, token, 'PUT', `/api/system/DataSource/${source}`, {
        ...sourceBody,
        password: '',
        version: 0,
      });
      expect(edited.code, edited.msg).toBe(200);
      expect(await sourcePassword(server)).not.toBe(before);
      // The system settings saved without the secret: the kept one is sealed again too.
      const settingsBefore = await syncSecret(server);
      expect((await request(server, token, 'PUT', '/api/system/SysConfig', { sysName: '轮换' })).code).toBe(
        200,
      );
      expect(await syncSecret(server)).not.toBe(settingsBefore);
      // So are the official account's AppSecret and a sign-in provider's secret.
      // ... and its server token and EncodingAESKey.
      const mpBefore = await mpRow(server);
      expect((await request(server, token, 'PUT', '/api/wechat/mp/config', mpSettings)).code).toBe(200);
      const mpAfter = await mpRow(server);
      expect(mpAfter.secret).not.toBe(mpBefore.secret);
      expect(mpAfter.token).not.toBe(mpBefore.token);
      expect(mpAfter.encodingAesKey).not.toBe(mpBefore.encodingAesKey);
      expect(mpAfter.token).toMatch(/^enc:v1:/);
      const socialBefore = await socialSecret(server);
      expect((await request(server, token, 'PUT', '/api/system/Socials/dingtalk', socialSettings)).code).toBe(
        200,
      );
      expect(await socialSecret(server)).not.toBe(socialBefore);
    });
    await withServer({ SECRETS_KEY: newKey }, async (server, token) => {
      http.requests.length = 0;
      expect((await testSend(server, token, config))[0]).toMatchObject({ state: 1 });
      expect(http.requests.at(-1)?.headers.authorization).toBe('Bearer rotate-token');
      // Opened with the new key alone (the key this server set).
      expect(openSecret(await sourcePassword(server))).toBe('ds-rotate-pass');
      expect(openSecret(await syncSecret(server))).toBe('qy-rotate');
      expect(openSecret(await mpSecret(server))).toBe('mp-rotate');
      expect(openSecret((await mpRow(server)).token)).toBe('tkRotate01');
      expect(openSecret((await mpRow(server)).encodingAesKey)).toBe(mpRotateAes);
      expect(openSecret(await socialSecret(server))).toBe('dt-rotate-secret');
    });
  }, 300_000);
});
