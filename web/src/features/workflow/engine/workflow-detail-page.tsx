import { PrinterOutlined } from '@ant-design/icons';
import { parseFormData } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  Input,
  Modal,
  Result,
  Select,
  Space,
  Spin,
  Timeline,
} from 'antd';
import dayjs from 'dayjs';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { toastSuccess } from '../../../base/api/feedback';
import { useSession } from '../../../base/session/session-store';
import { FormRenderer, submitValues } from '../../../widgets/form/form-renderer';
import type { FormSchema } from '../../../widgets/form/types';
import { UserSelect } from '../../../widgets/org-picker/user-select';
import { workflowKeys } from '../lists/api';
import { HandleStatusTag, TaskStatusTag, UrgentTag } from '../lists/status';
import {
  approve,
  type FlowInfo,
  fetchFlowInfo,
  fetchRejectList,
  press,
  recall,
  reject,
  saveAudit,
  saveTask,
  transfer,
  withdraw,
} from './api';
import { ApprovalPrint } from './approval-print';
import { codedForm } from './coded-forms';
import { readDetailConfig } from './config';
import { FlowChart } from './flow-chart';
import { FlowComments } from './flow-comments';

const time = (value?: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '');

function asObject(value: unknown): Record<string, unknown> | undefined {
  if (typeof value === 'string') {
    try {
      return asObject(JSON.parse(value));
    } catch {
      return undefined;
    }
  }
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
}

function readSchema(info: FlowInfo): FormSchema | undefined {
  const text = info.flowFormInfo?.propertyJson;
  if (!text) return undefined;
  const parsed = parseFormData(text);
  return parsed.ok ? (parsed.form as FormSchema) : undefined;
}

type Dialog = 'approve' | 'reject' | 'transfer' | 'recall' | 'withdraw';

/** The buttons the node's properties allow (workflow.md 2.3 buttons), with their texts. */
function nodeButtons(info: FlowInfo) {
  const props = asObject(info.approversProperties) ?? {};
  const on = (key: string) => props[key] !== false;
  const text = (key: string) =>
    typeof props[key] === 'string' && props[key] ? String(props[key]) : undefined;
  return {
    audit: on('hasAuditBtn') ? (text('auditBtnText') ?? '') : null,
    reject: on('hasRejectBtn') ? (text('rejectBtnText') ?? '') : null,
    transfer: props.hasTransferBtn === true ? (text('transferBtnText') ?? '') : null,
    save: props.hasSaveBtn === true ? (text('saveBtnText') ?? '') : null,
    revoke: props.hasRevokeBtn !== false,
  };
}

function FlowDetail() {
  const { t } = useTranslation('workflow');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const userId = useSession((s) => s.userInfo?.userId);
  const config = useMemo(() => readDetailConfig(params.get('config')), [params]);
  const [form] = Form.useForm();
  const [opinionForm] = Form.useForm<{
    handleOpinion: string;
    rejectStep?: string;
    freeApproverUserId?: string;
  }>();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [busy, setBusy] = useState(false);
  const [printing, setPrinting] = useState(false);
  const info = useQuery({
    queryKey: workflowKeys.detail(config?.id ?? '', config?.taskOperatorId ?? config?.taskNodeId ?? ''),
    queryFn: () =>
      fetchFlowInfo(config?.id ?? '', {
        taskOperatorId: config?.taskOperatorId,
        taskNodeId: config?.taskNodeId,
        flowId: config?.opType === -1 ? config.flowId : undefined,
      }),
    enabled: Boolean(config),
  });
  const data = info.data;
  /** The caller's pending item of this task (opened from the todo list or a todo message). */
  const operator = useMemo(() => {
    if (!data || config?.opType !== 1) return undefined;
    return data.flowTaskOperatorList.find(
      (o) =>
        (config.taskOperatorId ? o.id === config.taskOperatorId : o.taskNodeId === config.taskNodeId) &&
        // A delegate opens the delegator's todo from the todo list; the server checks the delegation.
        (o.handleId === userId || o.id === config.taskOperatorId) &&
        o.completion === 0 &&
        o.state !== -1 &&
        o.waiting === 0,
    );
  }, [data, config, userId]);
  const rejectSteps = useQuery({
    queryKey: ['workflow', 'rejectList', operator?.id],
    queryFn: () => fetchRejectList(operator?.id ?? ''),
    enabled: dialog === 'reject' && Boolean(operator),
  });

  if (!config) return <Result status="warning" title={t('detail.badLink')} />;
  if (info.isError) return <Result status="warning" title={t('detail.missing')} />;
  if (!data) return <Spin spinning style={{ display: 'block', padding: 48 }} />;

  const task = data.flowTaskInfo;
  const schema = readSchema(data);
  const Coded = data.flowFormInfo?.formType === 1 ? codedForm(data.flowFormInfo.enCode) : undefined;
  const values = { ...asObject(data.formData), ...asObject(data.draftData) };
  const buttons = nodeButtons(data);
  const mine = task?.creatorUserId === userId;
  /** The initiator's form (FlowBox opType -1): a new task, or its own draft, returned or withdrawn one. */
  const launching = !task || (mine && config.opType === 0 && [0, 3, 4].includes(task.status));
  const editable = launching || (Boolean(operator) && data.formOperates.some((item) => item.write));

  const done = async (msg: string) => {
    toastSuccess(msg || t('done'), 1.5);
    setDialog(null);
    opinionForm.resetFields();
    await queryClient.invalidateQueries({ queryKey: workflowKeys.all });
  };

  const run = async () => {
    const fields = await opinionForm.validateFields();
    const handleOpinion = fields.handleOpinion ?? '';
    setBusy(true);
    try {
      const formData = editable ? await submitValues(form) : undefined;
      const body = { handleOpinion, ...(formData ? { formData } : {}) };
      if (dialog === 'approve' && operator) await done(await approve(operator.id, body));
      if (dialog === 'reject' && operator)
        await done(await reject(operator.id, { ...body, rejectStep: fields.rejectStep ?? '' }));
      if (dialog === 'transfer' && operator)
        await done(
          await transfer(operator.id, { handleOpinion, freeApproverUserId: fields.freeApproverUserId ?? '' }),
        );
      if (dialog === 'recall' && config.taskRecordId)
        await done(await recall(config.taskRecordId, { handleOpinion }));
      if (dialog === 'withdraw' && task) await done(await withdraw(task.id, { handleOpinion }));
    } catch {
      // the toast names the problem; the dialog stays open
    } finally {
      setBusy(false);
    }
  };

  const submitTask = async (status: 0 | 1) => {
    setBusy(true);
    try {
      const formData = await submitValues(form);
      const msg = await saveTask(task?.id, {
        flowId: data.flowTemplateInfo.id,
        formData,
        status,
        flowUrgent: task?.flowUrgent ?? 1,
      });
      toastSuccess(msg || t('done'), 1.5);
      await queryClient.invalidateQueries({ queryKey: workflowKeys.all });
      navigate('/workFlow/flowLaunch');
    } catch {
      // the toast or the form names the problem
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!operator) return;
    setBusy(true);
    try {
      toastSuccess((await saveAudit(operator.id, await submitValues(form))) || t('done'), 1.5);
    } catch {
      // toast shown
    } finally {
      setBusy(false);
    }
  };

  const actions = (
    <Space wrap>
      {operator && buttons.audit !== null ? (
        <Button type="primary" onClick={() => setDialog('approve')}>
          {buttons.audit || t('actions.approve')}
        </Button>
      ) : null}
      {operator && buttons.reject !== null ? (
        <Button danger onClick={() => setDialog('reject')}>
          {buttons.reject || t('actions.reject')}
        </Button>
      ) : null}
      {operator && buttons.transfer !== null ? (
        <Button onClick={() => setDialog('transfer')}>{buttons.transfer || t('actions.transfer')}</Button>
      ) : null}
      {operator && editable && buttons.save !== null ? (
        <Button loading={busy} onClick={save}>
          {buttons.save || t('actions.save')}
        </Button>
      ) : null}
      {launching ? (
        <>
          <Button type="primary" loading={busy} onClick={() => submitTask(0)}>
            {t('actions.submit')}
          </Button>
          <Button loading={busy} onClick={() => submitTask(1)}>
            {t('actions.saveDraft')}
          </Button>
        </>
      ) : null}
      {config.opType === 0 && mine && task?.status === 1 ? (
        <>
          <Button onClick={async () => toastSuccess((await press(task.id)) || t('done'), 1.5)}>
            {t('actions.press')}
          </Button>
          <Button onClick={() => setDialog('withdraw')}>{t('actions.withdraw')}</Button>
        </>
      ) : null}
      {config.opType === 2 && config.taskRecordId && task?.status === 1 ? (
        <Button onClick={() => setDialog('recall')}>{t('actions.recall')}</Button>
      ) : null}
      {task ? (
        <Button icon={<PrinterOutlined />} onClick={() => setPrinting(true)}>
          {t('print.open')}
        </Button>
      ) : null}
      <Button onClick={() => navigate(-1)}>{t('actions.back')}</Button>
    </Space>
  );

  return (
    <div className="list-page" data-testid="workflow-detail-page" style={{ overflow: 'auto' }}>
      <Card title={task?.fullName ?? data.flowTemplateInfo.fullName} extra={actions}>
        {task ? (
          <Descriptions size="small" column={3}>
            <Descriptions.Item label={t('fields.flowName')}>{task.flowName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.userName')}>{task.userName}</Descriptions.Item>
            <Descriptions.Item label={t('fields.time.launch')}>{time(task.startTime)}</Descriptions.Item>
            <Descriptions.Item label={t('fields.status')}>
              <span data-testid="workflow-detail-status">
                <TaskStatusTag status={task.status} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.flowUrgent')}>
              <UrgentTag level={task.flowUrgent} />
            </Descriptions.Item>
            <Descriptions.Item label={t('fields.thisStep')}>{task.thisStep}</Descriptions.Item>
          </Descriptions>
        ) : null}
      </Card>
      <Card title={data.flowFormInfo?.fullName ?? t('detail.form')} style={{ marginTop: 12 }}>
        {Coded ? (
          <Suspense fallback={<Spin />}>
            <Coded form={form} values={values} readOnly={!editable} />
          </Suspense>
        ) : schema ? (
          <FormRenderer schema={schema} form={form} values={values} readOnly={!editable} />
        ) : (
          <Empty description={t('detail.noForm')} />
        )}
      </Card>
      {task ? (
        <Card title={t('detail.records')} style={{ marginTop: 12 }}>
          {data.flowTaskOperatorRecordList.length === 0 ? (
            <Empty />
          ) : (
            <Timeline
              data-testid="workflow-detail-records"
              items={data.flowTaskOperatorRecordList.map((record) => ({
                key: record.id,
                content: (
                  <div>
                    <Space>
                      <strong>{record.nodeName}</strong>
                      <span>{record.userName}</span>
                      <HandleStatusTag status={record.handleStatus} />
                      {record.operatorId ? <span>→ {record.operatorId}</span> : null}
                      <span>{time(record.handleTime)}</span>
                    </Space>
                    {record.handleOpinion ? <div>{record.handleOpinion}</div> : null}
                  </div>
                ),
              }))}
            />
          )}
        </Card>
      ) : null}
      {task ? <FlowComments taskId={task.id} /> : null}
      <Card title={t('chart.title')} style={{ marginTop: 12 }}>
        <FlowChart
          flowTemplateJson={data.flowTemplateInfo.flowTemplateJson}
          nodes={data.flowTaskNodeList}
          taskStatus={task?.status ?? 0}
        />
      </Card>
      {printing && task ? (
        <ApprovalPrint
          task={task}
          records={data.flowTaskOperatorRecordList}
          schema={schema}
          values={values}
          onClose={() => setPrinting(false)}
        />
      ) : null}
      <Modal
        open={dialog !== null}
        width={600}
        title={dialog ? t(`dialog.${dialog}`) : ''}
        okText={t('actions.ok')}
        cancelText={t('actions.cancel')}
        confirmLoading={busy}
        onOk={run}
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Form form={opinionForm} layout="vertical" preserve={false}>
          {dialog === 'reject' ? (
            <Form.Item
              name="rejectStep"
              label={t('dialog.rejectStep')}
              rules={[{ required: true, message: t('dialog.rejectStepRequired') }]}
            >
              <Select
                loading={rejectSteps.isFetching}
                options={(rejectSteps.data?.list ?? []).map((step) => ({
                  value: step.nodeCode,
                  label: step.nodeName,
                }))}
              />
            </Form.Item>
          ) : null}
          {dialog === 'transfer' ? (
            <Form.Item
              name="freeApproverUserId"
              label={t('dialog.transferTo')}
              rules={[{ required: true, message: t('dialog.transferRequired') }]}
            >
              <UserSelect />
            </Form.Item>
          ) : null}
          <Form.Item name="handleOpinion" label={t('dialog.opinion')} rules={[{ max: 2000 }]}>
            <Input.TextArea rows={4} maxLength={2000} aria-label={t('dialog.opinion')} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

/** Page 'workFlow/workFlowDetail' (/workFlowDetail?config=…). */
export default function WorkflowDetailPage() {
  return <FlowDetail />;
}
