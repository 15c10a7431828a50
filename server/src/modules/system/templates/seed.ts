/**
 * Templates of a new database: two system templates, and with the demo district an SMS account
 * of the message centre (no secret yet: a test send says so) with one SMS template on it.
 */
import { smsTemplateParams, templateParams } from '@console/shared';
import { newId } from '../../../core/ids.js';
import type { Tx } from '../../../db/client.js';
import { messageAccounts, smsTemplates, systemMessageTemplates } from '../../../db/schema/index.js';

const SYSTEM_TEMPLATES = [
  {
    fullName: '流程待办提醒',
    enCode: 'flowTodoRemind',
    category: 2,
    title: '{flowName}待您审批',
    content: '{userName}于{time}提交的{flowName}等待您审批，请及时处理。',
    labels: { flowName: '流程名称', userName: '发起人', time: '提交时间' },
  },
  {
    fullName: '密码重置通知',
    enCode: 'passwordReset',
    category: 3,
    title: '您的密码已重置',
    content: '{realName}您好，您的账号{account}的密码已由管理员重置，请尽快登录并修改密码。',
    labels: { realName: '姓名', account: '账号' },
  },
] as const;

const labelsOf = (labels: Record<string, string>) =>
  Object.entries(labels).map(([field, fieldName]) => ({ field, fieldName }));

export async function seedSystemTemplates(tx: Tx): Promise<void> {
  await tx
    .insert(systemMessageTemplates)
    .values(
      SYSTEM_TEMPLATES.map((t, i) => ({
        id: newId(),
        fullName: t.fullName,
        enCode: t.enCode,
        category: t.category,
        title: t.title,
        content: t.content,
        params: templateParams(labelsOf(t.labels), t.title, t.content),
        sortCode: i + 1,
      })),
    )
    .onConflictDoNothing();
}

export async function seedDemoSmsTemplates(tx: Tx): Promise<void> {
  const accountId = newId();
  await tx.insert(messageAccounts).values({
    id: accountId,
    category: 'sms',
    fullName: '区政务短信（阿里云）',
    enCode: 'demoSms',
    settings: {
      vendor: 'aliyun',
      accessKeyId: 'demo-access-key',
      accessKeySecret: '',
      signName: '区政务服务',
      sdkAppId: '',
      region: '',
      baseUrl: '',
    },
    description: '示范账号：请在账号配置中填写密钥后再发送',
  });
  const content = '您的{itemName}已办结，请于{days}个工作日内到政务服务中心领取。';
  await tx.insert(smsTemplates).values({
    id: newId(),
    fullName: '办件办结通知',
    enCode: 'itemFinished',
    accountConfigId: accountId,
    templateId: 'SMS_000001',
    content,
    params: smsTemplateParams(labelsOf({ itemName: '事项名称', days: '领取期限' }), content),
    sortCode: 1,
  });
}
