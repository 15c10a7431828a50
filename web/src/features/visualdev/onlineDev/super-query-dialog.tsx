import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  DatePicker,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Modal,
  Radio,
  Select,
  Space,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../base/api';
import { toastSuccess } from '../../../base/api/feedback';
import { useFieldOptions } from '../../../widgets/form/options';
import { createScheme, fetchSchemes, type QueryScheme, removeScheme, schemeKeys } from './api';
import {
  type BuildProblem,
  buildQuery,
  type MatchLogic,
  needsValue,
  type QueryField,
  type QueryRow,
  type QuerySymbol,
  rowsOf,
  type SuperQuery,
  symbolsFor,
} from './super-query';

/** The applied query as the dialog shows it again: the rows as entered and the built query. */
export interface ActiveQuery {
  rows: QueryRow[];
  query: SuperQuery;
}

const SYMBOL_KEYS: Record<QuerySymbol, string> = {
  '==': 'eq',
  '<>': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
  like: 'like',
  notLike: 'notLike',
};

interface FormValues {
  matchLogic: MatchLogic;
  rows: QueryRow[];
}

function OptionsInput({
  field,
  label,
  value,
  onChange,
}: {
  field: QueryField;
  label: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
}) {
  const { options, loading } = useFieldOptions(field.field);
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      aria-label={label}
      placeholder={label}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      value={value as string | undefined}
      onChange={(next) => onChange?.(next)}
      style={{ width: '100%' }}
    />
  );
}

/** The value input that fits the field: text, number, date, options (static, dictionary, interface), switch. */
function ValueInput({
  field,
  symbol,
  value,
  onChange,
  label,
}: {
  field: QueryField | undefined;
  symbol: QuerySymbol | undefined;
  value?: unknown;
  onChange?: (value: unknown) => void;
  label: string;
}) {
  const { t } = useTranslation('onlineDev');
  const placeholder = needsValue(symbol) ? t('superQuery.valuePlaceholder') : t('superQuery.emptyMeans');
  if (!field) return <Input disabled aria-label={label} placeholder={placeholder} />;
  if (field.kind === 'number')
    return (
      <InputNumber
        aria-label={label}
        placeholder={placeholder}
        value={value as number | null | undefined}
        onChange={(next) => onChange?.(next)}
        style={{ width: '100%' }}
      />
    );
  if (field.kind === 'date')
    return (
      <DatePicker
        aria-label={label}
        placeholder={placeholder}
        showTime={field.withTime}
        value={value ? dayjs(value as string | number | dayjs.Dayjs) : null}
        onChange={(next) => onChange?.(next ?? undefined)}
        style={{ width: '100%' }}
      />
    );
  if (field.kind === 'switch') {
    const on = String(field.field.activeTxt ?? '') || t('superQuery.switchOn');
    const off = String(field.field.inactiveTxt ?? '') || t('superQuery.switchOff');
    return (
      <Select
        allowClear
        aria-label={label}
        placeholder={placeholder}
        options={[
          { value: 1, label: on },
          { value: 0, label: off },
        ]}
        value={value as number | undefined}
        onChange={(next) => onChange?.(next)}
        style={{ width: '100%' }}
      />
    );
  }
  if (field.kind === 'options')
    return <OptionsInput field={field} label={label} value={value} onChange={onChange} />;
  return (
    <Input
      allowClear
      aria-label={label}
      placeholder={placeholder}
      value={(value as string | undefined) ?? ''}
      onChange={(event) => onChange?.(event.target.value)}
    />
  );
}

function ConditionRow({
  name,
  index,
  fields,
  onRemove,
}: {
  name: number;
  index: number;
  fields: QueryField[];
  onRemove(): void;
}) {
  const { t } = useTranslation('onlineDev');
  const form = Form.useFormInstance<FormValues>();
  const vModel = Form.useWatch(['rows', name, 'field'], form) as string | undefined;
  const symbol = Form.useWatch(['rows', name, 'symbol'], form) as QuerySymbol | undefined;
  const field = fields.find((f) => f.vModel === vModel);
  const n = index + 1;
  return (
    <div className="online-dev__condition" data-testid="super-query-row">
      <Form.Item name={[name, 'field']} noStyle>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          aria-label={t('superQuery.fieldOf', { n })}
          placeholder={t('superQuery.field')}
          options={fields.map((f) => ({ value: f.vModel, label: f.label }))}
          onChange={(next: string) => {
            const chosen = fields.find((f) => f.vModel === next);
            form.setFieldValue(['rows', name], {
              field: next,
              symbol: chosen ? symbolsFor(chosen.kind)[0] : undefined,
              value: undefined,
            });
          }}
          style={{ width: 180 }}
        />
      </Form.Item>
      <Form.Item name={[name, 'symbol']} noStyle>
        <Select
          aria-label={t('superQuery.symbolOf', { n })}
          placeholder={t('superQuery.symbol')}
          options={(field ? symbolsFor(field.kind) : []).map((s) => ({
            value: s,
            label: t(`superQuery.symbols.${SYMBOL_KEYS[s]}`),
          }))}
          style={{ width: 130 }}
        />
      </Form.Item>
      <div className="online-dev__condition-value">
        <Form.Item name={[name, 'value']} noStyle>
          <ValueInput field={field} symbol={symbol} label={t('superQuery.valueOf', { n })} />
        </Form.Item>
      </div>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined />}
        aria-label={t('superQuery.removeRow', { n })}
        title={t('superQuery.removeRow', { n })}
        onClick={onRemove}
      />
    </div>
  );
}

/** Date values of a saved scheme (epoch ms) as the date input holds them. */
function inputRows(rows: QueryRow[], fields: QueryField[]): QueryRow[] {
  return rows.map((row) => {
    const field = fields.find((f) => f.vModel === row.field);
    return field?.kind === 'date' && typeof row.value === 'number'
      ? { ...row, value: dayjs(row.value) }
      : row;
  });
}

/**
 * 高级查询 (forms.md 3 hasSuperQuery, 5 superQueryJson): conditions of field + symbol + value
 * joined by 且/或, and the caller's saved schemes for this menu (/api/system/AdvancedQuery).
 */
export function SuperQueryDialog({
  open,
  fields,
  menuId,
  active,
  onClose,
  onApply,
}: {
  open: boolean;
  fields: QueryField[];
  menuId: string;
  active: ActiveQuery | null;
  onClose(): void;
  /** A query to run (null clears it). */
  onApply(query: ActiveQuery | null): void;
}) {
  const { t } = useTranslation('onlineDev');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [form] = Form.useForm<FormValues>();
  const [nameForm] = Form.useForm<{ fullName: string }>();
  const [problem, setProblem] = useState<string>('');
  const [naming, setNaming] = useState(false);
  const [saving, setSaving] = useState(false);
  const schemes = useQuery({
    queryKey: schemeKeys.list(menuId),
    queryFn: () => fetchSchemes(menuId),
    enabled: open && menuId !== '',
  });

  useEffect(() => {
    if (open) setProblem('');
  }, [open]);

  const describe = (p: BuildProblem) => t(`superQuery.problem.${p.reason}`, { n: p.row + 1 });

  /** The conditions as entered, or null after showing what is missing. */
  const built = (): ActiveQuery | null => {
    const values = form.getFieldsValue(true) as FormValues;
    const rows = values.rows ?? [];
    const result = buildQuery(rows, values.matchLogic ?? 'AND', fields);
    if (!result.ok) {
      setProblem(describe(result.problem));
      return null;
    }
    setProblem('');
    return { rows, query: result.query };
  };

  const search = () => {
    const next = built();
    if (!next) return;
    onApply(next.query.conditions.length ? next : null);
    onClose();
  };

  const reset = () => {
    form.setFieldsValue({ matchLogic: 'AND', rows: [{}] });
    setProblem('');
    onApply(null);
  };

  const startSave = () => {
    const next = built();
    if (!next) return;
    if (next.query.conditions.length === 0) {
      setProblem(t('superQuery.nothing'));
      return;
    }
    nameForm.resetFields();
    setNaming(true);
  };

  const save = async () => {
    const next = built();
    if (!next) return;
    let fullName: string;
    try {
      ({ fullName } = await nameForm.validateFields());
    } catch {
      return;
    }
    setSaving(true);
    try {
      const msg = await createScheme({
        fullName: fullName.trim(),
        matchLogic: next.query.matchLogic,
        moduleId: menuId,
        conditionJson: JSON.stringify(next.query.conditions),
      });
      toastSuccess(msg || t('saved'));
      setNaming(false);
      await queryClient.invalidateQueries({ queryKey: schemeKeys.list(menuId) });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
    } finally {
      setSaving(false);
    }
  };

  const apply = (scheme: QueryScheme) => {
    const rows = inputRows(rowsOf(scheme.conditionJson, fields), fields);
    const matchLogic: MatchLogic = scheme.matchLogic === 'OR' ? 'OR' : 'AND';
    const result = buildQuery(rows, matchLogic, fields);
    if (!result.ok || result.query.conditions.length === 0) {
      form.setFieldsValue({ matchLogic, rows: rows.length ? rows : [{}] });
      setProblem(result.ok ? t('superQuery.schemeEmpty') : describe(result.problem));
      return;
    }
    onApply({ rows, query: result.query });
    onClose();
  };

  const remove = (scheme: QueryScheme) =>
    modal.confirm({
      title: t('confirm.title'),
      content: t('superQuery.deleteConfirm', { name: scheme.fullName }),
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      onOk: async () => {
        toastSuccess((await removeScheme(scheme.id)) || t('deleted'));
        await queryClient.invalidateQueries({ queryKey: schemeKeys.list(menuId) });
      },
    });

  return (
    <>
      <Modal
        open={open}
        title={t('superQuery.title')}
        width={860}
        onCancel={onClose}
        mask={{ closable: false }}
        destroyOnHidden
        footer={
          <div className="online-dev__super-footer">
            <Button onClick={startSave}>{t('superQuery.save')}</Button>
            <Space>
              <Button onClick={reset}>{t('superQuery.reset')}</Button>
              <Button onClick={onClose}>{t('actions.cancel')}</Button>
              <Button type="primary" onClick={search}>
                {t('superQuery.query')}
              </Button>
            </Space>
          </div>
        }
      >
        <div className="online-dev__super">
          <div className="online-dev__super-main">
            <Form
              form={form}
              component={false}
              initialValues={{
                matchLogic: active?.query.matchLogic ?? 'AND',
                rows: active?.rows.length ? active.rows : [{}],
              }}
            >
              <Form.Item name="matchLogic" label={t('superQuery.match')}>
                <Radio.Group
                  aria-label={t('superQuery.match')}
                  options={[
                    { value: 'AND', label: t('superQuery.and') },
                    { value: 'OR', label: t('superQuery.or') },
                  ]}
                />
              </Form.Item>
              {problem ? (
                <Alert type="error" showIcon title={problem} className="online-dev__super-problem" />
              ) : null}
              <Form.List name="rows">
                {(items, { add, remove: removeRow }) => (
                  <>
                    {items.map((item, index) => (
                      <ConditionRow
                        key={item.key}
                        name={item.name}
                        index={index}
                        fields={fields}
                        onRemove={() => removeRow(item.name)}
                      />
                    ))}
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})} block>
                      {t('superQuery.add')}
                    </Button>
                  </>
                )}
              </Form.List>
            </Form>
          </div>
          <div className="online-dev__super-schemes" data-testid="super-query-schemes">
            <Typography.Text strong>{t('superQuery.schemes')}</Typography.Text>
            <List
              size="small"
              loading={schemes.isLoading}
              dataSource={schemes.data ?? []}
              locale={{
                emptyText: (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('superQuery.noSchemes')} />
                ),
              }}
              renderItem={(scheme) => (
                <List.Item
                  actions={[
                    <Button
                      key="delete"
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('superQuery.deleteScheme', { name: scheme.fullName })}
                      title={t('superQuery.deleteScheme', { name: scheme.fullName })}
                      onClick={() => remove(scheme)}
                    />,
                  ]}
                >
                  <Button
                    type="link"
                    size="small"
                    className="online-dev__scheme"
                    title={t('superQuery.applyScheme', { name: scheme.fullName })}
                    onClick={() => apply(scheme)}
                  >
                    {scheme.fullName}
                  </Button>
                </List.Item>
              )}
            />
          </div>
        </div>
      </Modal>
      <Modal
        open={naming}
        title={t('superQuery.saveTitle')}
        width={420}
        okText={t('actions.ok')}
        cancelText={t('actions.cancel')}
        confirmLoading={saving}
        onOk={save}
        onCancel={() => setNaming(false)}
        destroyOnHidden
      >
        <Form form={nameForm} layout="vertical" onFinish={save}>
          <Form.Item
            name="fullName"
            label={t('superQuery.schemeName')}
            rules={[
              { required: true, whitespace: true, message: t('superQuery.schemeNameRequired') },
              { max: 50, message: t('superQuery.schemeNameLong') },
            ]}
          >
            <Input maxLength={50} autoFocus />
          </Form.Item>
        </Form>
      </Modal>
      {modalHolder}
    </>
  );
}
