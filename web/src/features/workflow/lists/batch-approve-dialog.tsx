import { Alert, Form, Input, List, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { UserSelect } from '../../../widgets/org-picker/user-select';
import { type BatchFailure, batchOperate } from './api';

interface Values {
  batchType: 0 | 1 | 2;
  handleOpinion: string;
  freeApproverUserId?: string;
}

/**
 * Batch approval of the selected todos (workflow.md 4.3): approve, return or transfer them in one
 * call. The server handles each in its own transaction; the ones that failed are listed here.
 */
export function BatchApproveDialog({
  ids,
  onClose,
  onDone,
}: {
  ids: string[];
  onClose(): void;
  onDone(): Promise<void>;
}) {
  const { t } = useTranslation('workflowEntrust');
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<BatchFailure[]>([]);
  const batchType = Form.useWatch('batchType', form);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      const answer = await batchOperate({
        ids,
        batchType: values.batchType,
        handleOpinion: values.handleOpinion ?? '',
        freeApproverUserId: values.freeApproverUserId ?? '',
      });
      toastSuccess(answer.msg || t('done'), 1.5);
      await onDone();
      if (answer.data.failed.length > 0) setFailed(answer.data.failed);
      else onClose();
    } catch {
      // the toast names the problem; the dialog stays open
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t('batch.title', { count: ids.length })}
      okText={t('batch.ok')}
      cancelText={t('batch.cancel')}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ disabled: failed.length > 0 }}
      destroyOnHidden
    >
      {failed.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          title={t('batch.failedTitle')}
          description={
            <List
              size="small"
              dataSource={failed}
              renderItem={(item) => (
                <List.Item>
                  {item.fullName}：{item.msg}
                </List.Item>
              )}
            />
          }
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ batchType: 0, handleOpinion: '' }}
        name="batchApprove"
      >
        <Form.Item name="batchType" label={t('batch.type')}>
          <Radio.Group
            options={[0, 1, 2].map((code) => ({ value: code, label: t(`batch.types.${code}`) }))}
          />
        </Form.Item>
        {batchType === 2 ? (
          <Form.Item
            name="freeApproverUserId"
            label={t('batch.transferTo')}
            rules={[{ required: true, message: t('batch.transferRequired') }]}
          >
            <UserSelect placeholder={t('batch.transferRequired')} />
          </Form.Item>
        ) : null}
        <Form.Item name="handleOpinion" label={t('batch.opinion')}>
          <Input.TextArea rows={3} maxLength={2000} showCount aria-label={t('batch.opinion')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
