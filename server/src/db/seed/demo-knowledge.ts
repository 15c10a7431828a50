/**
 * The demo's knowledge base: a few short service guides of the district, usable by everybody in
 * the demo organisation and managed by the knowledge-base editor. Its documents are queued like
 * uploads, so the indexing job makes them ready on the first start.
 */
import { KbAnswerSettings, KbChunkSettings } from '@console/shared';
import { newId } from '../../core/ids.js';
import { saveFile } from '../../modules/file/storage.js';
import { enqueueDocuments } from '../../modules/knowledge/jobs.js';
import type { Tx } from '../client.js';
import { kbBases, kbDocuments, kbGrants } from '../schema/index.js';

export const DEMO_KNOWLEDGE_BASE = '区政务服务指南';

export const DEMO_KNOWLEDGE_DOCUMENTS: readonly { name: string; text: string }[] = [
  {
    name: '居住证办理.md',
    text: `# 居住证办理

一、申请条件
在本区居住半年以上，并有合法稳定就业、合法稳定住所或连续就读条件之一的，可以申请居住证。

二、申请材料
申请居住证需要提交以下材料：本人居民身份证原件、近期一寸白底证件照一张、房屋租赁合同或房产证明、劳动合同或营业执照。

三、办理地点和时限
到居住地所在街道便民服务中心窗口提交材料。材料齐全的，十五个工作日内办结，办理不收费。
`,
  },
  {
    name: '社保卡补办.md',
    text: `# 社保卡补办

一、挂失
社保卡遗失后，请先拨打12333或通过区人社局微信公众号办理临时挂失，临时挂失有效期为五天。

二、补办材料
补办社保卡需要携带本人居民身份证原件和近期一寸白底证件照一张。委托他人办理的，还需提供代办人身份证原件。

三、办理方式
到区政务服务中心社保窗口或合作银行网点补办，即时制卡，补卡工本费二十元。
`,
  },
  {
    name: '区政务服务中心.md',
    text: `# 区政务服务中心

一、地址
区政务服务中心位于人民路88号，公交3路、15路人民路站下车。

二、办公时间
周一至周五上午九点至下午五点，周六上午九点至十二点办理社保、医保业务，法定节假日休息。

三、咨询电话
政务服务热线12345，二十四小时有人接听。
`,
  },
];

/** Creates the demo base (used by the whole organisation, managed by the editors' role) and queues its documents. */
export async function seedDemoKnowledge(
  tx: Tx,
  ctx: { editorId: string; editorRoleId: string; organizeId: string; now: number },
): Promise<void> {
  const baseId = newId();
  await tx.insert(kbBases).values({
    id: baseId,
    fullName: DEMO_KNOWLEDGE_BASE,
    description: '居住证、社保卡等常见事项的办事指南（演示数据）',
    chunkSettings: KbChunkSettings.parse({}),
    answerSettings: KbAnswerSettings.parse({}),
    creatorUserId: ctx.editorId,
    creatorTime: ctx.now,
  });
  await tx.insert(kbGrants).values([
    { baseId, objectType: 'Organize', objectId: ctx.organizeId, level: 'use' },
    { baseId, objectType: 'Role', objectId: ctx.editorRoleId, level: 'manage' },
  ]);
  const documentIds: string[] = [];
  for (const doc of DEMO_KNOWLEDGE_DOCUMENTS) {
    const content = Buffer.from(doc.text, 'utf8');
    const file = await saveFile(tx, {
      folder: 'knowledge',
      extension: 'md',
      mime: 'text/markdown',
      content,
      userId: ctx.editorId,
    });
    const id = newId();
    await tx.insert(kbDocuments).values({
      id,
      baseId,
      fileId: file.id,
      fullName: doc.name,
      fileExtension: 'md',
      fileSize: content.length,
      creatorUserId: ctx.editorId,
      creatorTime: ctx.now,
    });
    documentIds.push(id);
  }
  await enqueueDocuments(tx, documentIds);
}
