/**
 * Pieces the message-centre pages (accounts, templates, send configurations, monitor) share: the
 * confirmed list commands, the type and source filters and the common fields of their dialogs.
 * Texts come from 'msgCenter' (the permission pages' counterparts use 'organize' and other rules).
 */
import { Limits, MESSAGE_CHANNELS, MESSAGE_SOURCES, type MessageChannel, Patterns } from '@console/shared';
import { Col, Form, Input, InputNumber, Modal, Select, Space, Switch } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../base/api/feedback';
import type { RowAction } from '../../widgets/list/row-actions';

/**
 * Confirm-then-call of a list's commands: `run` calls after the user confirms, shows the answer's
 * message (or `done`) and refreshes the list.
 */
export function useCommands(refresh: () => Promise<unknown>) {
  const { t } = useTranslation('msgCenter');
  const [modal, holder] = Modal.useModal();
  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: action,
    });
  const run = (content: string, call: () => Promise<string>, done: string) =>
    confirm(content, async () => {
      toastSuccess((await call()) || done);
      await refresh();
    });
  const edit = (onClick: () => void): RowAction => ({ code: 'btn_edit', label: t('actions.edit'), onClick });
  const copy = (call: () => Promise<string>): RowAction => ({
    code: 'btn_copy',
    label: t('actions.copy'),
    onClick: () => run(t('confirm.copy'), call, t('copied')),
  });
  const remove = (call: () => Promise<string>): RowAction => ({
    code: 'btn_remove',
    label: t('actions.delete'),
    danger: true,
    onClick: () => run(t('confirm.delete'), call, t('deleted')),
  });
  return { confirm, run, actions: { edit, copy, remove }, holder };
}

export const channelOptions = (t: TFunction) =>
  MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`channels.${c}`) }));
const sourceOptions = (t: TFunction) => MESSAGE_SOURCES.map((s) => ({ value: s, label: t(`sources.${s}`) }));

/** The message type and source a list is filtered by. */
export interface KindFilter {
  messageType?: MessageChannel;
  messageSource?: number;
}

/** The type and source filters of a search bar (`withType` false: the source only). */
export function KindFilters({
  value,
  onChange,
  withType = true,
}: {
  value: KindFilter;
  onChange(value: KindFilter): void;
  withType?: boolean;
}) {
  const { t } = useTranslation('msgCenter');
  // Spaced here: the search bar spaces its children, and these two are one child.
  return (
    <Space>
      {withType && (
        <Select
          allowClear
          value={value.messageType}
          placeholder={t('fields.messageType')}
          aria-label={t('fields.messageType')}
          style={{ width: 150 }}
          options={channelOptions(t)}
          onChange={(messageType) => onChange({ ...value, messageType })}
        />
      )}
      <Select
        allowClear
        value={value.messageSource}
        placeholder={t('fields.messageSource')}
        aria-label={t('fields.messageSource')}
        style={{ width: 130 }}
        options={sourceOptions(t)}
        onChange={(messageSource) => onChange({ ...value, messageSource })}
      />
    </Space>
  );
}

/** The required message type or source of the template and send configuration forms (half a row). */
export function KindCol({ name }: { name: 'messageType' | 'messageSource' }) {
  const { t } = useTranslation('msgCenter');
  return (
    <Col span={12}>
      <Form.Item
        name={name}
        label={t(`fields.${name}`)}
        rules={[{ required: true, message: t('rules.selectRequired', { field: t(`fields.${name}`) }) }]}
      >
        <Select<MessageChannel | number>
          placeholder={t('placeholders.select')}
          options={name === 'messageType' ? channelOptions(t) : sourceOptions(t)}
        />
      </Form.Item>
    </Col>
  );
}

/** Name and code, the head of the account, template and send configuration forms. */
export function NameCodeCols({ span }: { span: number }) {
  const { t } = useTranslation('msgCenter');
  return (
    <>
      <Col span={span}>
        <Form.Item
          name="fullName"
          label={t('fields.fullName')}
          rules={[
            { required: true, whitespace: true, message: t('rules.fullNameRequired') },
            { max: Limits.nameMax, message: t('rules.fullNameMax') },
            { pattern: Patterns.name, message: t('rules.fullNameSpecial') },
          ]}
        >
          <Input placeholder={t('placeholders.fullName')} />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item
          name="enCode"
          label={t('fields.enCode')}
          rules={[
            { required: true, whitespace: true, message: t('rules.enCodeRequired') },
            { max: Limits.codeMax, message: t('rules.enCodeMax') },
            { pattern: Patterns.code, message: t('rules.enCodePattern') },
          ]}
        >
          <Input placeholder={t('placeholders.enCode')} />
        </Form.Item>
      </Col>
    </>
  );
}

/** Sort and state side by side, then the description: the tail of those forms. */
export function TailCols({ descriptionRows }: { descriptionRows: number }) {
  const { t } = useTranslation('msgCenter');
  return (
    <>
      <Col span={12}>
        <Form.Item name="sortCode" label={t('fields.sortCode')}>
          <InputNumber min={Limits.sortMin} max={Limits.sortMax} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="enabled" label={t('fields.enabledMark')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="description" label={t('fields.description')}>
          <Input.TextArea rows={descriptionRows} placeholder={t('placeholders.description')} />
        </Form.Item>
      </Col>
    </>
  );
}
