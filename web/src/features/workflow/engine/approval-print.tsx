import { PrinterOutlined } from '@ant-design/icons';
import { Button, Descriptions, Modal, Table } from 'antd';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormRenderer } from '../../../widgets/form/form-renderer';
import type { FormSchema } from '../../../widgets/form/types';
import { HandleStatusTag, TaskStatusTag } from '../lists/status';
import type { FlowInfo, FlowRecord } from './api';
import './approval-print.css';

const PRINTING = 'approval-printing';
const time = (value?: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '');

/** Prints only the sheet: print CSS hides the rest of the page while the class is on <body>. */
function printSheet() {
  document.body.classList.add(PRINTING);
  const done = () => {
    document.body.classList.remove(PRINTING);
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

/** The approval record as a sheet to print: the task, its form values and every record. */
export function ApprovalPrint({
  task,
  records,
  schema,
  values,
  onClose,
}: {
  task: NonNullable<FlowInfo['flowTaskInfo']>;
  records: FlowRecord[];
  schema?: FormSchema;
  values: Record<string, unknown>;
  onClose(): void;
}) {
  const { t } = useTranslation('workflow');
  useEffect(() => () => document.body.classList.remove(PRINTING), []);
  return (
    <Modal
      open
      width={900}
      title={t('print.title')}
      onCancel={onClose}
      footer={[
        <Button key="print" type="primary" icon={<PrinterOutlined />} onClick={printSheet}>
          {t('print.print')}
        </Button>,
        <Button key="close" onClick={onClose}>
          {t('actions.cancel')}
        </Button>,
      ]}
    >
      <div className="approval-print__sheet" data-testid="workflow-print-sheet">
        <h2 className="approval-print__heading">{task.fullName}</h2>
        <Descriptions size="small" bordered column={2}>
          <Descriptions.Item label={t('fields.flowName')}>{task.flowName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.userName')}>{task.userName}</Descriptions.Item>
          <Descriptions.Item label={t('fields.time.launch')}>{time(task.startTime)}</Descriptions.Item>
          <Descriptions.Item label={t('fields.status')}>
            <TaskStatusTag status={task.status} />
          </Descriptions.Item>
        </Descriptions>
        {schema ? (
          <div className="approval-print__form">
            <FormRenderer schema={schema} values={values} readOnly />
          </div>
        ) : null}
        <Table<FlowRecord>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={records}
          columns={[
            { title: t('fields.nodeName'), dataIndex: 'nodeName' },
            { title: t('print.handler'), dataIndex: 'userName' },
            {
              title: t('print.action'),
              dataIndex: 'handleStatus',
              render: (status: number) => <HandleStatusTag status={status} />,
            },
            { title: t('dialog.opinion'), dataIndex: 'handleOpinion' },
            {
              title: t('print.time'),
              dataIndex: 'handleTime',
              render: (value: number | null) => time(value),
            },
          ]}
        />
      </div>
    </Modal>
  );
}
