import { Button, Card, Dialog, ErrorBlock, Form, List, Selector, Steps, Tag, TextArea } from 'antd-mobile';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import {
  approve,
  type FlowInfo,
  fetchFlowInfo,
  fetchRejectList,
  reject,
} from '../features/workflow/engine/api';
import { isFlowKind } from './api';
import { toastOk } from './feedback';
import { useFieldDictionaries } from './form-fields';
import { displayValue, labelOf, parseSchema, shownOnPhone, valueFields } from './form-schema';
import { Loading, SubPage, shortTime } from './widgets';

function asObject(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as Record<string, unknown>;
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

type Action = 'approve' | 'reject';

/** A flow's detail: summary, the form's values, the records; approve or return a todo with a comment. */
export default function FlowDetailPage() {
  const { t } = useTranslation(['mobile', 'workflow']);
  const { kind, id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const operatorId = searchParams.get('operator') ?? undefined;
  const [info, setInfo] = useState<FlowInfo | null>(null);
  const [failed, setFailed] = useState(false);
  const [action, setAction] = useState<Action | null>(null);

  const load = useCallback(async () => {
    try {
      setInfo(
        await fetchFlowInfo(id, {
          taskOperatorId: operatorId,
          taskNodeId: searchParams.get('node') ?? undefined,
          flowId: searchParams.get('flowId') ?? undefined,
        }),
      );
    } catch {
      setFailed(true);
    }
  }, [id, operatorId, searchParams]);
  useEffect(() => {
    void load();
  }, [load]);
  const fields = useMemo(
    () => valueFields(parseSchema(info?.flowFormInfo?.propertyJson) ?? []).filter(shownOnPhone),
    [info],
  );
  // Dictionary fields show their entries' names.
  const dictionaries = useFieldDictionaries(fields);

  const title = t('flow.title');
  if (failed || !isFlowKind(kind))
    return (
      <SubPage title={title}>
        <ErrorBlock status="default" title={t('loadFailed')} description="" />
      </SubPage>
    );
  if (!info) return <Loading />;

  const task = info.flowTaskInfo;
  const values = { ...asObject(info.formData), ...asObject(info.draftData) };
  const yesNo: [string, string] = [t('flow.yes'), t('flow.no')];
  const shown =
    fields.length > 0
      ? fields.map((field) => ({ key: field.__vModel__ ?? '', label: labelOf(field), field }))
      : Object.keys(values).map((key) => ({ key, label: key, field: undefined }));
  const canHandle = kind === 'todo' && !!operatorId && task?.status === 1;

  return (
    <SubPage title={title}>
      <div className="m-detail" data-testid="m-flow-detail">
        <Card className="m-card">
          <h2 className="m-detail__title">{task?.fullName}</h2>
          <div className="m-detail__tags">
            {task && (
              <Tag color="primary" fill="outline">
                {t(`workflow:status.${task.status}`, { defaultValue: String(task.status) })}
              </Tag>
            )}
            {task?.thisStep && (
              <span className="m-detail__step">{t('flow.step', { step: task.thisStep })}</span>
            )}
          </div>
          <div className="m-detail__meta">
            {task?.userName} · {shortTime(task?.startTime)}
          </div>
        </Card>

        <List header={info.flowFormInfo?.fullName ?? t('flow.form')} mode="card">
          {shown.map((field) => (
            <List.Item
              key={field.key}
              extra={
                <span className="m-detail__value">
                  {displayValue(field.field, values[field.key], dictionaries, yesNo)}
                </span>
              }
            >
              {field.label}
            </List.Item>
          ))}
        </List>

        <Card className="m-card" title={t('flow.records')}>
          <Steps direction="vertical" current={info.flowTaskOperatorRecordList.length}>
            {info.flowTaskOperatorRecordList.map((record) => (
              <Steps.Step
                key={record.id}
                status={record.handleStatus === 0 ? 'error' : 'finish'}
                title={`${record.nodeName} · ${t(`workflow:handle.${record.handleStatus}`, { defaultValue: String(record.handleStatus) })}`}
                description={
                  <div>
                    <div>
                      {record.userName} {shortTime(record.handleTime)}
                    </div>
                    {record.handleOpinion && <div className="m-detail__opinion">{record.handleOpinion}</div>}
                  </div>
                }
              />
            ))}
          </Steps>
        </Card>
      </div>
      {canHandle && (
        <div className="m-actionbar">
          <Button block color="danger" fill="outline" onClick={() => setAction('reject')}>
            {t('flow.reject')}
          </Button>
          <Button block color="primary" onClick={() => setAction('approve')}>
            {t('flow.approve')}
          </Button>
        </div>
      )}
      {action && operatorId && (
        <OpinionDialog
          action={action}
          operatorId={operatorId}
          onClose={() => setAction(null)}
          onDone={(msg) => {
            toastOk(msg || t('flow.done'));
            navigate('/flows/todo', { replace: true });
          }}
        />
      )}
    </SubPage>
  );
}

/** The comment (and, to return, the step to return to), then the call. */
function OpinionDialog({
  action,
  operatorId,
  onClose,
  onDone,
}: {
  action: Action;
  operatorId: string;
  onClose(): void;
  onDone(msg: string): void;
}) {
  const { t } = useTranslation('mobile');
  const [opinion, setOpinion] = useState('');
  const [steps, setSteps] = useState<{ label: string; value: string }[]>([]);
  const [step, setStep] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (action !== 'reject') return;
    void fetchRejectList(operatorId).then((answer) => {
      const options = answer.list.map((item) => ({ label: item.nodeName, value: item.nodeCode }));
      setSteps(options);
      setStep(options[0]?.value ?? null);
    });
  }, [action, operatorId]);

  const submit = async () => {
    if (action === 'reject' && !step) return;
    setBusy(true);
    try {
      const msg =
        action === 'approve'
          ? await approve(operatorId, { handleOpinion: opinion })
          : await reject(operatorId, { handleOpinion: opinion, rejectStep: step ?? '' });
      onDone(msg);
    } catch {
      setBusy(false); // the client already showed the server's message
    }
  };

  return (
    <Dialog
      visible
      onClose={onClose}
      title={t(action === 'approve' ? 'flow.approveTitle' : 'flow.rejectTitle')}
      content={
        <Form layout="vertical" className="m-opinion">
          {action === 'reject' && (
            <Form.Item label={t('flow.rejectStep')}>
              <Selector
                columns={2}
                options={steps}
                value={step ? [step] : []}
                onChange={(value) => setStep(value[0] ?? null)}
              />
            </Form.Item>
          )}
          <Form.Item label={t('flow.opinion')}>
            <TextArea
              id="m_opinion"
              value={opinion}
              onChange={setOpinion}
              placeholder={t('flow.opinionPlaceholder')}
              maxLength={2000}
              rows={3}
              showCount
            />
          </Form.Item>
        </Form>
      }
      actions={[
        [
          { key: 'cancel', text: t('common:actions.cancel'), onClick: onClose },
          {
            key: 'ok',
            text: t('common:actions.ok'),
            bold: true,
            disabled: busy || (action === 'reject' && !step),
            onClick: () => void submit(),
          },
        ],
      ]}
    />
  );
}
