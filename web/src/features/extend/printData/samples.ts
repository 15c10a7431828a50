import type { PrintDataAnswer } from '@console/shared';

/**
 * The four print samples of extend/printData (other.md 1: bill, offer, record, storage), written
 * in the print template language of system/printDev with the demo district's data. They are
 * documents, so their wording is the document's own (Chinese), like printed government forms.
 */
export type PrintSampleKey = 'bill' | 'offer' | 'record' | 'storage';

const A4 = JSON.stringify({ type: '2', direction: '纵向', mt: 12, mb: 12, ml: 12, mr: 12 });

const lines = (...rows: Record<string, unknown>[]) => rows;

export const PRINT_SAMPLES: Record<PrintSampleKey, PrintDataAnswer> = {
  bill: {
    fullName: '费用报销单',
    pageParam: A4,
    printTemplate: `<p class="ql-align-center"><span class="ql-size-large"><strong>费用报销单</strong></span></p>
<p class="ql-align-right">单据编号：{{billNo}}　{{barcode billNo}}</p>
<table><tbody>
<tr><td>报销部门</td><td>{{department}}</td><td>报销人</td><td>{{applicant}}</td></tr>
<tr><td>报销日期</td><td>{{billDate}}</td><td>附件张数</td><td>{{attachments}}</td></tr>
</tbody></table>
<table><tbody>
<tr><th>序号</th><th>费用项目</th><th>摘要</th><th>金额（元）</th></tr>
{{#each T1}}<tr><td>{{@index}}</td><td>{{item}}</td><td>{{summary}}</td><td class="ql-align-right">{{thousands amount}}</td></tr>{{/each}}
<tr><td colspan="3">合计金额（大写）：{{capital total}}</td><td class="ql-align-right">{{thousands total}}</td></tr>
</tbody></table>
<p>审批记录</p>
{{systemApprovalContent}}
<p class="ql-align-right">打印人：{{systemPrinter}}　打印时间：{{systemPrintTime}}</p>`,
    printData: {
      billNo: 'BX20261125001',
      department: '区行政审批局',
      applicant: '李晓明',
      billDate: '2026-11-20',
      attachments: 4,
      total: 3286.5,
      T1: lines(
        { item: '差旅费', summary: '赴市政务服务中心调研往返车费', amount: 236.5 },
        { item: '住宿费', summary: '调研期间住宿两晚', amount: 760 },
        { item: '会议费', summary: '“一网通办”推进会场地租用', amount: 2290 },
      ),
    },
    operatorRecordList: [
      {
        nodeName: '开始',
        userName: '李晓明',
        handleTime: Date.UTC(2026, 10, 20, 1),
        handleStatus: 2,
        handleOpinion: null,
      },
      {
        nodeName: '部门负责人',
        userName: '王建国',
        handleTime: Date.UTC(2026, 10, 21, 2),
        handleStatus: 1,
        handleOpinion: '同意',
      },
      {
        nodeName: '财务审核',
        userName: '赵敏',
        handleTime: Date.UTC(2026, 10, 22, 6),
        handleStatus: 1,
        handleOpinion: '票据齐全，同意报销',
      },
    ],
  },
  offer: {
    fullName: '采购报价单',
    pageParam: A4,
    printTemplate: `<p class="ql-align-center"><span class="ql-size-large"><strong>采购报价单</strong></span></p>
<table><tbody>
<tr><td>报价单位</td><td>{{supplier}}</td><td>报价日期</td><td>{{offerDate}}</td></tr>
<tr><td>采购单位</td><td>{{buyer}}</td><td>有效期至</td><td>{{validUntil}}</td></tr>
<tr><td>联系人</td><td>{{contact}}</td><td>联系电话</td><td>{{phone}}</td></tr>
</tbody></table>
<table><tbody>
<tr><th>序号</th><th>品名</th><th>规格型号</th><th>数量</th><th>单价（元）</th><th>金额（元）</th></tr>
{{#each T1}}<tr><td>{{@index}}</td><td>{{name}}</td><td>{{spec}}</td><td>{{qty}}</td><td class="ql-align-right">{{thousands price}}</td><td class="ql-align-right">{{thousands amount}}</td></tr>{{/each}}
<tr><td colspan="5">报价总额（大写）：{{capital total}}</td><td class="ql-align-right">{{thousands total}}</td></tr>
</tbody></table>
<p>说明：{{remark}}</p>
<p class="ql-align-right">{{qrcode offerNo}}</p>`,
    printData: {
      offerNo: 'BJ-2026-0318',
      supplier: '示范区信息技术有限公司',
      offerDate: '2026-11-18',
      buyer: '区政务服务中心',
      validUntil: '2026-12-18',
      contact: '陈立',
      phone: '0571-88001234',
      total: 48600,
      remark: '含税价，含送货及安装，质保三年。',
      T1: lines(
        { name: '自助服务终端', spec: 'ZZ-32A 32英寸', qty: 4, price: 9800, amount: 39200 },
        { name: '高拍仪', spec: 'GP-1000', qty: 10, price: 620, amount: 6200 },
        { name: '排队叫号屏', spec: 'JH-21', qty: 2, price: 1600, amount: 3200 },
      ),
    },
    operatorRecordList: [],
  },
  record: {
    fullName: '会议记录',
    pageParam: A4,
    printTemplate: `<p class="ql-align-center"><span class="ql-size-large"><strong>会议记录</strong></span></p>
<table><tbody>
<tr><td>会议名称</td><td colspan="3">{{title}}</td></tr>
<tr><td>时间</td><td>{{meetingTime}}</td><td>地点</td><td>{{place}}</td></tr>
<tr><td>主持人</td><td>{{host}}</td><td>记录人</td><td>{{recorder}}</td></tr>
<tr><td>出席人员</td><td colspan="3">{{T1.name}}</td></tr>
<tr><td>会议内容</td><td colspan="3">{{content}}</td></tr>
</tbody></table>
<table><tbody>
<tr><th>序号</th><th>议定事项</th><th>责任单位</th><th>完成时限</th></tr>
{{#each T2}}<tr><td>{{@index}}</td><td>{{matter}}</td><td>{{owner}}</td><td>{{deadline}}</td></tr>{{/each}}
</tbody></table>
<p class="ql-align-right">打印时间：{{systemPrintTime}}</p>`,
    printData: {
      title: '“一网通办”平台建设第三次推进会',
      meetingTime: '2026-11-16 14:30',
      place: '区政府三楼会议室',
      host: '王建国',
      recorder: '李晓明',
      content: '听取平台开发进展汇报，研究电子证照库接入和试运行安排。',
      T1: lines({ name: '王建国' }, { name: '李晓明' }, { name: '赵敏' }, { name: '陈立' }),
      T2: lines(
        { matter: '完成统一身份认证对接联调', owner: '区大数据中心', deadline: '2026-11-30' },
        { matter: '梳理首批上线事项清单', owner: '区行政审批局', deadline: '2026-12-05' },
        { matter: '制定窗口人员培训计划', owner: '区政务服务中心', deadline: '2026-12-10' },
      ),
    },
    operatorRecordList: [],
  },
  storage: {
    fullName: '物资入库单',
    pageParam: A4,
    printTemplate: `<p class="ql-align-center"><span class="ql-size-large"><strong>物资入库单</strong></span></p>
<p>入库单号：{{storageNo}}　入库日期：{{storageDate}}　仓库：{{warehouse}}</p>
<table><tbody>
<tr><th>序号</th><th>物资名称</th><th>规格</th><th>单位</th><th>数量</th><th>单价（元）</th><th>金额（元）</th></tr>
{{#each T1}}<tr><td>{{@index}}</td><td>{{name}}</td><td>{{spec}}</td><td>{{unit}}</td><td>{{qty}}</td><td class="ql-align-right">{{thousands price}}</td><td class="ql-align-right">{{thousands amount}}</td></tr>{{/each}}
<tr><td colspan="6">合计（大写）：{{capital total}}</td><td class="ql-align-right">{{thousands total}}</td></tr>
</tbody></table>
<p>供货单位：{{supplier}}　验收人：{{inspector}}　保管员：{{keeper}}</p>`,
    printData: {
      storageNo: 'RK202611-0027',
      storageDate: '2026-11-24',
      warehouse: '区机关事务中心一号库',
      supplier: '示范区办公用品供应站',
      inspector: '赵敏',
      keeper: '周强',
      total: 5210,
      T1: lines(
        { name: 'A4复印纸', spec: '70g 500张/包', unit: '箱', qty: 40, price: 98, amount: 3920 },
        { name: '硒鼓', spec: 'HP 88A', unit: '个', qty: 6, price: 180, amount: 1080 },
        { name: '文件盒', spec: '55mm 塑料', unit: '个', qty: 30, price: 7, amount: 210 },
      ),
    },
    operatorRecordList: [],
  },
};

export const PRINT_SAMPLE_KEYS = Object.keys(PRINT_SAMPLES) as PrintSampleKey[];
