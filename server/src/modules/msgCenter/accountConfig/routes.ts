import {
  AccountConfigBody,
  AccountConfigListQuery,
  AccountConfigUpdateBody,
  ClientSmtpCheckBody,
  ClientTestDingTalkBody,
  ClientTestMailBody,
  ClientTestWeComBody,
  TestSendMailBody,
} from '@console/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { badRequest } from '../../../core/errors.js';
import { answer, defineRoute } from '../../../core/route.js';
import type { Services } from '../../../services.js';
import { issueDownload, registerDownload } from '../../file/download.js';
import { readUpload, withMultipart } from '../../file/multipart.js';
import { dingTalkToken, ThirdPartyMessages, weComToken } from '../../system/sysConfig/thirdParty.js';
import { sendMail, verifySmtp } from '../channels/mail.js';
import { MsgCenterMessages } from '../common.js';
import { AccountConfigService, AccountMessages, unmaskSettings } from './service.js';

const MODULE = 'msgCenter.accountConfig';
const IdParams = z.object({ id: z.string().min(1).max(64) });
/** Extension of an exported account (a JSON file). */
const EXTENSION = 'json';

export function registerAccountConfigRoutes(app: FastifyInstance, services: Services) {
  const accounts = new AccountConfigService(services.db);
  registerDownload('msgAccount', async (s, payload) => ({
    body: JSON.stringify(await new AccountConfigService(s.db).exportFile(String(payload))),
    contentType: 'application/json',
  }));

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message/AccountConfig',
    access: { module: MODULE },
    query: AccountConfigListQuery,
    handler: ({ query }) => accounts.list(query),
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/message/AccountConfig',
    access: { module: MODULE, button: 'btn_add' },
    body: AccountConfigBody,
    handler: async ({ body, session }) =>
      answer({ id: await accounts.create(body, session.userId) }, MsgCenterMessages.created),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message/AccountConfig/:id',
    access: { module: MODULE },
    params: IdParams,
    handler: ({ params }) => accounts.info(params.id),
  });

  defineRoute(app, services, {
    method: 'PUT',
    url: '/api/message/AccountConfig/:id',
    access: { module: MODULE, button: 'btn_edit' },
    params: IdParams,
    body: AccountConfigUpdateBody,
    handler: async ({ params, body, session }) => {
      await accounts.update(params.id, body, session.userId);
      return answer(null, MsgCenterMessages.updated);
    },
  });

  defineRoute(app, services, {
    method: 'DELETE',
    url: '/api/message/AccountConfig/:id',
    access: { module: MODULE, button: 'btn_remove' },
    params: IdParams,
    handler: async ({ params }) => {
      await accounts.remove(params.id);
      return answer(null, MsgCenterMessages.deleted);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/message/AccountConfig/copy/:id',
    access: { module: MODULE, button: 'btn_copy' },
    params: IdParams,
    handler: async ({ params, session }) =>
      answer({ id: await accounts.copy(params.id, session.userId) }, MsgCenterMessages.copied),
  });

  defineRoute(app, services, {
    method: 'GET',
    url: '/api/message/AccountConfig/:id/Action/Export',
    access: { module: MODULE, button: 'btn_export' },
    params: IdParams,
    handler: async ({ params, session }) => {
      const account = await accounts.get(params.id);
      return issueDownload(services, {
        kind: 'msgAccount',
        fileName: `${account.fullName}.${EXTENSION}`,
        payload: account.id,
        userId: session.userId,
      });
    },
  });

  withMultipart(app, (scope) => {
    defineRoute(scope, services, {
      method: 'POST',
      url: '/api/message/AccountConfig/Action/Import',
      access: { module: MODULE, button: 'btn_import' },
      handler: async ({ req, session }) => {
        const file = await readUpload(req, { maxBytes: 1024 * 1024, extension: EXTENSION });
        let parsed: unknown;
        try {
          parsed = JSON.parse(file.content.toString('utf8').replace(/^\uFEFF/, ''));
        } catch {
          throw badRequest(AccountMessages.importMalformed);
        }
        const result = AccountConfigBody.safeParse(parsed);
        if (!result.success) {
          const issue = result.error.issues[0]!;
          throw badRequest(`导入文件有误：${issue.path.join('.')} ${issue.message}`.trim());
        }
        return answer({ id: await accounts.create(result.data, session.userId) }, MsgCenterMessages.imported);
      },
    });
  });

  /** Test mail of the mail account form, with its (possibly unsaved) settings. */
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/message/MessageTemplateConfig/testSendMail',
    access: { module: MODULE, button: 'btn_test' },
    body: TestSendMailBody,
    handler: async ({ body }) => {
      const { id, testSendEmail, ...form } = body;
      const stored = id ? await accounts.openedSettings(id) : undefined;
      const settings = unmaskSettings(form, stored) as typeof form;
      await sendMail(settings, {
        to: [testSendEmail],
        subject: '测试邮件',
        text: `这是一封来自消息中心的测试邮件，发送账号 ${settings.smtpUser}，SMTP服务器 ${settings.smtpHost}:${settings.smtpPort}。`,
      }).catch((error: Error) => {
        throw badRequest(error.message);
      });
      return answer(null, MsgCenterMessages.sent);
    },
  });

  // ----- The 3.4.7 client's account forms: tests at /AccountConfig/{action}, with its field names -----

  /** The saved account's settings a masked secret stands for (none for an unsaved form). */
  const storedSettings = async (id: string | undefined) =>
    id ? await accounts.openedSettings(id) : undefined;

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/message/AccountConfig/testSendMail',
    access: { module: MODULE, button: 'btn_test' },
    body: ClientTestMailBody,
    handler: async ({ body }) => {
      const stored = await storedSettings(body.id);
      const { smtpPassword } = unmaskSettings({ smtpPassword: body.smtpPassword }, stored);
      const settings = {
        smtpHost: body.smtpServer,
        smtpPort: body.smtpPort,
        sslEnabled: body.sslLink,
        smtpUser: body.smtpUser,
        smtpPassword: String(smtpPassword ?? ''),
        senderName: body.addressorName,
      };
      await sendMail(settings, {
        to: body.testSendEmail,
        subject: body.testEmailTitle || '测试邮件',
        text:
          body.testEmailContent ||
          `这是一封来自消息中心的测试邮件，发送账号 ${settings.smtpUser}，SMTP服务器 ${settings.smtpHost}:${settings.smtpPort}。`,
      }).catch((error: Error) => {
        throw badRequest(error.message);
      });
      return answer(null, MsgCenterMessages.sent);
    },
  });

  /** The 3.4.7 client's system settings API names a mail check: sign in to the SMTP server, send nothing. */
  defineRoute(app, services, {
    method: 'POST',
    url: '/api/system/SysConfig/Email/Test',
    access: { module: 'system.sysConfig', button: 'btn_test' },
    body: ClientSmtpCheckBody,
    handler: async ({ body }) => {
      const { smtpPassword } = unmaskSettings(
        { smtpPassword: body.smtpPassword },
        await storedSettings(body.id),
      );
      await verifySmtp({
        smtpHost: body.smtpServer,
        smtpPort: body.smtpPort,
        sslEnabled: body.sslLink,
        smtpUser: body.smtpUser,
        smtpPassword: String(smtpPassword ?? ''),
        senderName: '',
      }).catch((error: Error) => {
        throw badRequest(error.message);
      });
      return answer(null, ThirdPartyMessages.connected);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/message/AccountConfig/testDingTalkConnect',
    access: { module: MODULE, button: 'btn_test' },
    body: ClientTestDingTalkBody,
    handler: async ({ body, stamps }) => {
      const stored = await storedSettings(body.id);
      const { appSecret } = unmaskSettings({ appSecret: body.appSecret }, stored);
      if (!appSecret) throw badRequest(AccountMessages.secretMissing);
      const base =
        (stored?.baseUrl as string | undefined) ||
        (await services.sysConfig.get(stamps.sysConfig)).dingBaseUrl;
      await dingTalkToken(base, body.appId, String(appSecret));
      return answer(null, ThirdPartyMessages.connected);
    },
  });

  defineRoute(app, services, {
    method: 'POST',
    url: '/api/message/AccountConfig/testQyWebChatConnect',
    access: { module: MODULE, button: 'btn_test' },
    body: ClientTestWeComBody,
    handler: async ({ body, stamps }) => {
      const stored = await storedSettings(body.id);
      const { appSecret } = unmaskSettings({ appSecret: body.appSecret }, stored);
      if (!appSecret) throw badRequest(AccountMessages.secretMissing);
      const base =
        (stored?.baseUrl as string | undefined) ||
        (await services.sysConfig.get(stamps.sysConfig)).qyhBaseUrl;
      await weComToken(base, body.enterpriseId, String(appSecret));
      return answer(null, ThirdPartyMessages.connected);
    },
  });
}
