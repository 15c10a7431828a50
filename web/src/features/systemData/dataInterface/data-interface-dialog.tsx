import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { DataInterfaceItem } from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { DictionarySelect } from '../../../widgets/dictionary-select/dictionary-select';
import { TAIL_DEFAULTS, type TailValues, useRecordDialog } from '../../../widgets/list/record-dialog';
import { dataSourceKeys, fetchSourceSelector } from '../dataSource/api';
import { type DataInterfaceForm, dataInterfaceKeys, fetchDataInterface, saveDataInterface } from './api';

export const CATEGORY_DICTIONARY = 'DataInterfaceType';

interface Param {
  field: string;
  fieldName?: string;
  dataType?: string;
  required?: boolean;
  defaultValue?: string;
}

export type Values = TailValues & {
  categoryId?: string;
  fullName: string;
  enCode: string;
  dataType: number;
  requestMethod: string;
  dbLinkId?: string;
  sql?: string;
  staticData?: string;
  path?: string;
  paging: boolean;
  countSql?: string;
  headers: { field: string; defaultValue?: string }[];
  params: Param[];
  mapping: { source: string; target: string }[];
};

const list = <T,>(text: string | null | undefined): T[] => {
  try {
    const parsed = JSON.parse(text || '[]');
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
};

export function toValues(row: DataInterfaceItem): Partial<Values> {
  const property = (() => {
    try {
      return JSON.parse(row.propertyJson || '{}') as { countSql?: string };
    } catch {
      return {};
    }
  })();
  return {
    categoryId: row.categoryId,
    fullName: row.fullName,
    enCode: row.enCode,
    dataType: row.dataType,
    requestMethod: row.requestMethod,
    dbLinkId: row.dbLinkId ?? '0',
    sql: row.dataType === 1 ? (row.query ?? '') : '',
    staticData: row.dataType === 2 ? (row.query ?? '') : '',
    path: row.path ?? '',
    paging: row.checkType === 1,
    countSql: property.countSql ?? '',
    headers: list(row.requestHeaders),
    params: list<Param & { required?: number }>(row.requestParameters).map((p) => ({
      ...p,
      required: p.required === 1,
      defaultValue: p.defaultValue === undefined || p.defaultValue === null ? '' : String(p.defaultValue),
    })),
    mapping: list(row.fieldMapping),
    sortCode: row.sortCode,
    enabled: row.enabledMark === 1,
    description: row.description ?? '',
  };
}

export function toBody(v: Values, version: number | undefined): DataInterfaceForm {
  return {
    categoryId: v.categoryId ?? '',
    fullName: v.fullName.trim(),
    enCode: v.enCode.trim(),
    dataType: v.dataType,
    requestMethod: v.dataType === 1 ? '3' : v.dataType === 3 ? v.requestMethod || '6' : '',
    dbLinkId: v.dataType === 1 ? (v.dbLinkId ?? '0') : null,
    query: v.dataType === 1 ? (v.sql ?? '') : v.dataType === 2 ? (v.staticData ?? '') : null,
    path: v.dataType === 3 ? (v.path ?? '').trim() : null,
    requestHeaders: JSON.stringify((v.headers ?? []).filter((h) => h?.field)),
    requestParameters: JSON.stringify(
      (v.params ?? [])
        .filter((p) => p?.field)
        .map((p) => ({
          field: p.field.trim(),
          fieldName: p.fieldName ?? '',
          dataType: p.dataType ?? 'varchar',
          required: p.required ? 1 : 0,
          defaultValue: p.defaultValue ?? '',
        })),
    ),
    responseType: 'json',
    checkType: v.paging ? 1 : 0,
    propertyJson: JSON.stringify(v.paging && v.dataType === 1 ? { countSql: v.countSql ?? '' } : {}),
    fieldMapping: JSON.stringify((v.mapping ?? []).filter((m) => m?.source && m?.target)),
    sortCode: v.sortCode ?? 0,
    enabledMark: v.enabled ? 1 : 0,
    description: v.description ?? '',
    ...(version !== undefined ? { version } : {}),
  };
}

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/** The data interface designer (console.md 2.6): basics, data, parameters, field mapping. */
export function DataInterfaceDialog({
  target,
  onClose,
}: {
  target: { id?: string } | null;
  onClose(): void;
}) {
  const { t } = useTranslation('systemData');
  const [form] = Form.useForm<Values>();
  const dataType = Form.useWatch('dataType', form) ?? 2;
  const paging = Form.useWatch('paging', form);
  const sources = useQuery({
    queryKey: dataSourceKeys.selector,
    queryFn: fetchSourceSelector,
    enabled: target !== null,
  });
  const dialog = useRecordDialog<Values, DataInterfaceItem>({
    form,
    target,
    load: fetchDataInterface,
    toValues,
    save: (values, version) => saveDataInterface(target?.id, toBody(values, version)),
    invalidate: [dataInterfaceKeys.all],
    onClose,
  });
  const f = (key: string) => t(`dataInterface.fields.${key}`);
  const required = (label: string) => [
    { required: true, whitespace: true, message: t('dataSource.required', { name: label }) },
  ];

  const basic = (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item name="fullName" label={f('fullName')} rules={required(f('fullName'))}>
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="enCode" label={f('enCode')} rules={required(f('enCode'))}>
          <Input maxLength={50} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name="categoryId"
          label={t('dataInterface.category')}
          rules={[{ required: true, message: t('dataInterface.category') }]}
        >
          <DictionarySelect dictionaryType={CATEGORY_DICTIONARY} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="dataType" label={f('dataType')}>
          <Radio.Group
            optionType="button"
            options={[1, 2, 3].map((v) => ({ value: v, label: t(`dataInterface.dataTypes.${v}`) }))}
          />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="sortCode" label={t('columns.sortCode')}>
          <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item name="enabled" label={t('columns.enabledMark')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="description" label={t('columns.description')}>
          <Input.TextArea rows={3} />
        </Form.Item>
      </Col>
    </Row>
  );

  const data = (
    <>
      {dataType === 1 && (
        <>
          <Form.Item name="dbLinkId" label={f('dbLinkId')}>
            <Select
              loading={sources.isFetching}
              options={(sources.data ?? []).map((s) => ({
                value: s.id,
                label: `${s.fullName}（${s.dbType}）`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="sql"
            label={f('query')}
            rules={required(f('query'))}
            extra={t('dataInterface.hints.sql')}
          >
            <Input.TextArea rows={10} style={mono} spellCheck={false} aria-label={f('query')} />
          </Form.Item>
          <Form.Item name="paging" label={f('checkType')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {paging && (
            <Form.Item name="countSql" label={f('countSql')}>
              <Input.TextArea rows={3} style={mono} spellCheck={false} aria-label={f('countSql')} />
            </Form.Item>
          )}
        </>
      )}
      {dataType === 2 && (
        <Form.Item name="staticData" label={f('staticData')} rules={required(f('staticData'))}>
          <Input.TextArea rows={12} style={mono} spellCheck={false} aria-label={f('staticData')} />
        </Form.Item>
      )}
      {dataType === 3 && (
        <>
          <Form.Item name="requestMethod" label={f('requestMethod')}>
            <Radio.Group
              options={['6', '7'].map((v) => ({ value: v, label: t(`dataInterface.methods.${v}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="path"
            label={f('path')}
            rules={required(f('path'))}
            extra={t('dataInterface.hints.http')}
          >
            <Input placeholder="https://" />
          </Form.Item>
          <Typography.Text strong>{f('requestHeaders')}</Typography.Text>
          <Form.List name="headers">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field) => (
                  <Space key={field.key} align="baseline">
                    <Form.Item name={[field.name, 'field']}>
                      <Input placeholder={f('headerName')} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'defaultValue']}>
                      <Input placeholder={f('headerValue')} />
                    </Form.Item>
                    <MinusCircleOutlined
                      aria-label={t('actions.removeRow')}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ field: '', defaultValue: '' })}
                  block
                >
                  {t('actions.addRow')}
                </Button>
              </>
            )}
          </Form.List>
        </>
      )}
    </>
  );

  const params = (
    <Form.List name="params">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field) => (
            <Space key={field.key} align="baseline" wrap>
              <Form.Item
                name={[field.name, 'field']}
                rules={[{ required: true, pattern: /^[A-Za-z_][A-Za-z0-9_]*$/, message: f('paramField') }]}
              >
                <Input placeholder={f('paramField')} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name={[field.name, 'fieldName']}>
                <Input placeholder={f('paramName')} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name={[field.name, 'dataType']} initialValue="varchar">
                <Select
                  style={{ width: 120 }}
                  aria-label={f('paramType')}
                  options={['varchar', 'int', 'decimal', 'datetime'].map((v) => ({
                    value: v,
                    label: t(`dataModel.types.${v}`),
                  }))}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'required']} valuePropName="checked" label={f('required')}>
                <Switch size="small" />
              </Form.Item>
              <Form.Item name={[field.name, 'defaultValue']}>
                <Input placeholder={f('defaultValue')} style={{ width: 140 }} />
              </Form.Item>
              <MinusCircleOutlined aria-label={t('actions.removeRow')} onClick={() => remove(field.name)} />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ field: '', dataType: 'varchar' })}
            block
          >
            {t('actions.addRow')}
          </Button>
        </>
      )}
    </Form.List>
  );

  const mapping = (
    <>
      <Typography.Paragraph type="secondary">{t('dataInterface.hints.mapping')}</Typography.Paragraph>
      <Form.List name="mapping">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline">
                <Form.Item name={[field.name, 'source']} rules={[{ required: true, message: f('source') }]}>
                  <Input placeholder={f('source')} />
                </Form.Item>
                <Form.Item name={[field.name, 'target']} rules={[{ required: true, message: f('target') }]}>
                  <Input placeholder={f('target')} />
                </Form.Item>
                <MinusCircleOutlined aria-label={t('actions.removeRow')} onClick={() => remove(field.name)} />
              </Space>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              onClick={() => add({ source: '', target: '' })}
              block
            >
              {t('actions.addRow')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );

  return (
    <Modal
      open={target !== null}
      width={1000}
      title={target?.id ? t('dataInterface.editTitle') : t('dataInterface.newTitle')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={dialog.saving}
      loading={dialog.loading}
      onOk={dialog.submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        name="dataInterface"
        labelCol={{ style: { width: 100 } }}
        initialValues={{
          ...TAIL_DEFAULTS,
          dataType: 2,
          requestMethod: '6',
          dbLinkId: '0',
          paging: false,
          headers: [],
          params: [],
          mapping: [],
        }}
      >
        <Tabs
          items={[
            { key: 'basic', label: t('dataInterface.tabs.basic'), children: basic, forceRender: true },
            { key: 'data', label: t('dataInterface.tabs.data'), children: data, forceRender: true },
            { key: 'params', label: t('dataInterface.tabs.params'), children: params, forceRender: true },
            { key: 'mapping', label: t('dataInterface.tabs.mapping'), children: mapping, forceRender: true },
          ]}
        />
      </Form>
    </Modal>
  );
}
