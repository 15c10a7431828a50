import { CopyOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Divider, Form, Input, Modal, Select, Space, Spin, Switch } from 'antd';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, http } from '../../../base/api';
import { toastError, toastSuccess } from '../../../base/api/feedback';
import { fetchDesign, type VisualDev } from './api';

/** A design's external-link settings (GET/PUT /api/visualdev/ShortLink, forms.md 5). */
export interface ShortLinkSettings {
  id: string;
  alreadySave: boolean;
  formUse: number;
  formPassUse: number;
  formPassword: string;
  hasFormPassword: boolean;
  columnUse: number;
  columnPassUse: number;
  columnPassword: string;
  hasColumnPassword: boolean;
  /** JSON list of search entries. */
  columnCondition: string;
  /** JSON list of column entries. */
  columnText: string;
  /** Route of the public page with its query, e.g. /formShortLink?modelId=…&type=form&encryption=…; '' before the first save. */
  formLink: string;
  columnLink: string;
  version: number;
}

interface ColumnEntry {
  prop: string;
  label?: string;
  jnpfKey?: string;
  searchType?: number;
}

export const shortLinkKeys = {
  one: (id: string) => ['shortLink', id] as const,
};

export const fetchShortLink = (id: string) =>
  http.get<ShortLinkSettings>(`/visualdev/ShortLink/${encodeURIComponent(id)}`);

export const saveShortLink = (body: Record<string, unknown>) =>
  http.send<ShortLinkSettings>('/visualdev/ShortLink', { method: 'PUT', data: body });

/** The address people open: this console's own origin with the hash route the server names. */
export const absoluteLink = (link: string) =>
  link ? `${window.location.origin}${window.location.pathname}#${link}` : '';

const md5Of = async (text: string) => {
  const { md5 } = await import('js-md5');
  return md5(text);
};

const parseEntries = (text: string | null | undefined): ColumnEntry[] => {
  try {
    const value = JSON.parse(text || '[]') as unknown;
    return Array.isArray(value) ? (value as ColumnEntry[]) : [];
  } catch {
    return [];
  }
};

/** Text inputs search by "contains", the others by equality. */
const TEXT_KEYS = new Set(['comInput', 'textarea', 'billRule']);

interface Values {
  formUse: boolean;
  formPassUse: boolean;
  formPassword: string;
  columnUse: boolean;
  columnPassUse: boolean;
  columnPassword: string;
  columns: string[];
  conditions: string[];
}

function LinkField({ link, testId }: { link: string; testId: string }) {
  const { t } = useTranslation('shortLink');
  const url = absoluteLink(link);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toastSuccess(t('settings.copied'));
    } catch {
      toastError(t('settings.copyFailed'));
    }
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input readOnly value={url || t('settings.saveFirst')} data-testid={testId} />
      <Button icon={<CopyOutlined />} disabled={!url} onClick={copy}>
        {t('settings.copy')}
      </Button>
    </Space.Compact>
  );
}

/**
 * One link of the dialog, the form link or the list link: its section title, address and switch; when it is on,
 * its password switch, the password (a kept one may stay empty) and the section's own fields (children).
 */
function LinkSection({
  kind,
  link,
  hasPassword,
  children,
}: {
  kind: 'form' | 'list';
  link: string;
  hasPassword: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('shortLink');
  const form = Form.useFormInstance<Values>();
  const field = kind === 'form' ? 'form' : 'column';
  const use = Form.useWatch(`${field}Use`, form);
  const passUse = Form.useWatch(`${field}PassUse`, form);
  return (
    <>
      <Divider titlePlacement="start">{t(`settings.${kind}Section`)}</Divider>
      <Form.Item label={t('settings.link')}>
        <LinkField link={link} testId={`short-link-${kind}-url`} />
      </Form.Item>
      <Form.Item name={`${field}Use`} label={t(`settings.${field}Use`)} valuePropName="checked">
        <Switch data-testid={`short-link-${kind}-use`} />
      </Form.Item>
      {use && (
        <>
          <Form.Item name={`${field}PassUse`} label={t('settings.passUse')} valuePropName="checked">
            <Switch data-testid={`short-link-${kind}-pass-use`} />
          </Form.Item>
          {passUse && (
            <Form.Item
              name={`${field}Password`}
              label={t('settings.password')}
              rules={[
                {
                  validator: (_: unknown, value: string) =>
                    value || hasPassword
                      ? Promise.resolve()
                      : Promise.reject(new Error(t('settings.passwordRequired'))),
                },
              ]}
            >
              <Input.Password
                autoComplete="new-password"
                maxLength={50}
                placeholder={hasPassword ? t('settings.passwordKept') : t('settings.passwordPlaceholder')}
                data-testid={`short-link-${kind}-password`}
              />
            </Form.Item>
          )}
          {children}
        </>
      )}
    </>
  );
}

/** 外链设置 of a web design: the anonymous form link and list link, their switches and passwords. */
export function ShortLinkDialog({ design, onClose }: { design: VisualDev | null; onClose(): void }) {
  const { t } = useTranslation('shortLink');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const id = design?.id ?? '';
  const settings = useQuery({
    queryKey: shortLinkKeys.one(id),
    queryFn: () => fetchShortLink(id),
    enabled: design !== null,
    gcTime: 0,
  });
  const full = useQuery({
    queryKey: ['shortLink', id, 'design'],
    queryFn: () => fetchDesign(id),
    enabled: design !== null,
    gcTime: 0,
  });
  const { columnOptions, conditionOptions } = useMemo(() => {
    const columnData = (() => {
      try {
        return JSON.parse(full.data?.columnData || '{}') as {
          columnList?: ColumnEntry[];
          searchList?: ColumnEntry[];
        };
      } catch {
        return {};
      }
    })();
    const columns = columnData.columnList ?? [];
    const searches = columnData.searchList ?? [];
    const conditions = new Map<string, ColumnEntry>();
    for (const entry of [...searches, ...columns])
      if (!entry.prop.includes('-') && !conditions.has(entry.prop)) conditions.set(entry.prop, entry);
    return { columnOptions: columns, conditionOptions: [...conditions.values()] };
  }, [full.data]);

  const data = settings.data;
  useEffect(() => {
    if (!data) return;
    form.setFieldsValue({
      formUse: data.formUse === 1,
      formPassUse: data.formPassUse === 1,
      formPassword: '',
      columnUse: data.columnUse === 1,
      columnPassUse: data.columnPassUse === 1,
      columnPassword: '',
      columns: parseEntries(data.columnText).map((c) => c.prop),
      conditions: parseEntries(data.columnCondition).map((c) => c.prop),
    });
  }, [data, form]);

  const save = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const pick = (props: string[], from: ColumnEntry[]) =>
        props.map((prop) => from.find((c) => c.prop === prop) ?? { prop });
      const columnText = pick(values.columns ?? [], columnOptions).map((c) => ({
        prop: c.prop,
        label: c.label,
        jnpfKey: c.jnpfKey,
      }));
      const columnCondition = pick(values.conditions ?? [], conditionOptions).map((c) => ({
        prop: c.prop,
        label: c.label,
        jnpfKey: c.jnpfKey,
        searchType: c.searchType ?? (TEXT_KEYS.has(c.jnpfKey ?? '') ? 2 : 1),
      }));
      const answer = await saveShortLink({
        id,
        formUse: values.formUse ? 1 : 0,
        formPassUse: values.formPassUse ? 1 : 0,
        formPassword: values.formPassUse && values.formPassword ? await md5Of(values.formPassword) : '',
        columnUse: values.columnUse ? 1 : 0,
        columnPassUse: values.columnPassUse ? 1 : 0,
        columnPassword:
          values.columnPassUse && values.columnPassword ? await md5Of(values.columnPassword) : '',
        columnText: JSON.stringify(columnText),
        columnCondition: JSON.stringify(columnCondition),
        version: data?.version ?? 0,
      });
      toastSuccess(answer.msg || t('settings.saved'));
      queryClient.setQueryData(shortLinkKeys.one(id), answer.data);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={design !== null}
      title={t('settings.title', { name: design?.fullName ?? '' })}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('settings.close')}</Button>
          <Button type="primary" loading={saving} onClick={save} data-testid="short-link-save">
            {t('settings.save')}
          </Button>
        </Space>
      }
    >
      {settings.isError ? (
        <Alert type="error" showIcon title={t('settings.loadFailed')} />
      ) : !data ? (
        <Spin />
      ) : (
        <Form form={form} layout="horizontal" labelCol={{ span: 5 }} data-testid="short-link-dialog">
          {design?.isRelease !== 1 && (
            <Alert type="warning" showIcon title={t('settings.notReleased')} style={{ marginBottom: 16 }} />
          )}
          <LinkSection kind="form" link={data.formLink} hasPassword={data.hasFormPassword} />
          {design?.webType !== 1 && (
            <LinkSection kind="list" link={data.columnLink} hasPassword={data.hasColumnPassword}>
              <Form.Item
                name="columns"
                label={t('settings.columns')}
                rules={[{ required: true, type: 'array', min: 1, message: t('settings.columnsRequired') }]}
              >
                <Select
                  mode="multiple"
                  placeholder={t('settings.columnsPlaceholder')}
                  options={columnOptions.map((c) => ({ value: c.prop, label: c.label || c.prop }))}
                  data-testid="short-link-columns"
                />
              </Form.Item>
              <Form.Item name="conditions" label={t('settings.conditions')}>
                <Select
                  mode="multiple"
                  placeholder={t('settings.conditionsPlaceholder')}
                  options={conditionOptions.map((c) => ({ value: c.prop, label: c.label || c.prop }))}
                />
              </Form.Item>
            </LinkSection>
          )}
          <Alert type="info" showIcon title={t('settings.hint')} />
        </Form>
      )}
    </Modal>
  );
}
