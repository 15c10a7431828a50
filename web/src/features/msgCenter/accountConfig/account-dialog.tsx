import { type AccountCategory, type AccountConfigItem, Patterns } from '@console/shared';
import { Button, Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import {
  RecordModal,
  recordBody,
  recordValues,
  TAIL_DEFAULTS,
  type TailValues,
  useRecordDialog,
} from '../../../widgets/list/record-dialog';
import { NameCodeCols, TailCols } from '../shared';
import { accountKeys, fetchAccount, saveAccount, testSendMail } from './api';
import { fromWire, SETTINGS_FIELDS, type SettingsField, toWire } from './settings-fields';

interface FormValues extends TailValues {
  fullName: string;
  enCode: string;
  settings: Record<string, unknown>;
}

const initialSettings = (category: AccountCategory) =>
  Object.fromEntries(
    SETTINGS_FIELDS[category].filter((f) => f.initial !== undefined).map((f) => [f.name, f.initial]),
  );

/** Account dialog (600 px): name, code and the settings of the account's kind; mail accounts can send a test. */
export function AccountDialog({
  category,
  target,
  onClose,
}: {
  category: AccountCategory;
  target: { id?: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('msgCenter');
  const [form] = Form.useForm<FormValues>();
  const [testing, setTesting] = useState(false);
  const dialog = useRecordDialog<FormValues, AccountConfigItem>({
    form,
    target,
    load: fetchAccount,
    toValues: (row) => ({ ...recordValues(row), settings: fromWire(category, row.settings) }),
    save: async (values, version) => ({
      msg: await saveAccount({
        ...recordBody(values, version),
        id: target?.id,
        category,
        settings: toWire(category, values.settings),
      }),
    }),
    invalidate: [accountKeys.all],
    onClose,
  });

  const label = (field: SettingsField) => t(`settings.${field.name}`);
  const rulesOf = (field: SettingsField): Rule[] => {
    const rules: Rule[] = [];
    if (field.required) {
      const message = t(field.kind === 'select' ? 'rules.selectRequired' : 'rules.required', {
        field: label(field),
      });
      // Only texts are checked for blanks: a whitespace rule treats the value as a string and
      // refuses numbers (a port, authentication 0) as missing.
      rules.push(
        field.kind === 'text' ? { required: true, whitespace: true, message } : { required: true, message },
      );
    }
    if (field.kind === 'number')
      rules.push({ type: 'integer', min: 1, max: 65_535, message: t('rules.port') });
    if (field.pattern) rules.push({ pattern: field.pattern.regex, message: t(field.pattern.message) });
    return rules;
  };

  const input = (field: SettingsField) => {
    switch (field.kind) {
      case 'number':
        return <InputNumber min={1} max={65_535} precision={0} style={{ width: '100%' }} />;
      case 'secret':
        return (
          <Input.Password
            autoComplete="new-password"
            placeholder={target?.id ? t('account.secretHint') : ''}
          />
        );
      case 'switch':
        return <Switch />;
      case 'select':
        return (
          <Select
            placeholder={t('placeholders.select')}
            options={field.options?.map((o) => ({ value: o.value, label: t(o.label) }))}
          />
        );
      default:
        return <Input placeholder={field.hint ? t(field.hint) : undefined} />;
    }
  };

  const categoryName = t(`categories.${category}`);
  return (
    <>
      <RecordModal<FormValues>
        open={target !== null}
        title={t(target?.id ? 'account.editTitle' : 'account.newTitle', { category: categoryName })}
        dialog={dialog}
        onClose={onClose}
        form={form}
        name="msgAccount"
        labelWidth={130}
        // The kind's default settings (a reset form shows them; a loaded account overrides them).
        initialValues={{ ...TAIL_DEFAULTS, settings: fromWire(category, initialSettings(category)) }}
        footer={
          category === 'mail'
            ? (buttons) => (
                <>
                  <Button onClick={() => setTesting(true)} data-testid="account-test-mail">
                    {t('actions.test')}
                  </Button>
                  {buttons}
                </>
              )
            : undefined
        }
      >
        <Row gutter={16}>
          <NameCodeCols span={24} />
          {SETTINGS_FIELDS[category].map((field) => (
            <Col span={24} key={field.name}>
              <Form.Item
                name={['settings', field.name]}
                label={label(field)}
                rules={rulesOf(field)}
                valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
              >
                {input(field)}
              </Form.Item>
            </Col>
          ))}
          <TailCols descriptionRows={3} />
        </Row>
      </RecordModal>
      <TestMailDialog
        open={testing}
        onClose={() => setTesting(false)}
        settings={async () => {
          const values = await form.validateFields(SETTINGS_FIELDS.mail.map((f) => ['settings', f.name]));
          return { ...toWire('mail', values.settings), id: target?.id };
        }}
      />
    </>
  );
}

/** Asks for a receiver and sends a test mail with the (validated) settings of the form. */
function TestMailDialog({
  open,
  onClose,
  settings,
}: {
  open: boolean;
  onClose(): void;
  settings(): Promise<Record<string, unknown>>;
}) {
  const { t } = useTranslation('msgCenter');
  const [form] = Form.useForm<{ testSendEmail: string }>();
  const [sending, setSending] = useState(false);
  const send = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const mail = await settings().catch(() => null);
    if (!mail) {
      onClose();
      return;
    }
    setSending(true);
    try {
      toastSuccess(
        (await testSendMail({ ...mail, testSendEmail: values.testSendEmail.trim() })) || t('sent'),
      );
      onClose();
    } catch {
      // shown by the client
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open={open}
      width={450}
      title={t('account.testTitle')}
      okText={t('actions.send')}
      cancelText={t('actions.cancel')}
      confirmLoading={sending}
      onOk={send}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>{t('account.testHint')}</p>
      <Form form={form} name="msgTestMail" layout="vertical">
        <Form.Item
          name="testSendEmail"
          label={t('settings.testSendEmail')}
          rules={[
            { required: true, whitespace: true, message: t('placeholders.receiver') },
            { pattern: Patterns.email, message: t('rules.email') },
          ]}
        >
          <Input placeholder={t('placeholders.receiver')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
