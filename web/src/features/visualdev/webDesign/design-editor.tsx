import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Button, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Space, Spin, Steps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toastSuccess } from '../../../base/api/feedback';
import {
  type ColumnData,
  columnProblems,
  readColumnData,
  syncColumnData,
} from '../../../widgets/designer/column-data';
import { FormDesigner } from '../../../widgets/designer/form-designer';
import { ListDesigner } from '../../../widgets/designer/list-designer';
import type { DesignColumns } from '../../../widgets/designer/properties';
import {
  type DesignerForm,
  designProblems,
  emptyForm,
  toDesignerForm,
} from '../../../widgets/designer/state';
import { needsVModel } from '../../../widgets/designer/templates';
import { DictionarySelect } from '../../../widgets/dictionary-select/dictionary-select';
import type { FormField, FormSchema } from '../../../widgets/form/types';
import {
  type DesignTable,
  fetchDataSources,
  fetchDesign,
  fetchTableFields,
  saveDesign,
  type VisualDev,
  type VisualDevForm,
  webDesignKeys,
} from './api';
import { generatedTables, TablesEditor, tableProblems } from './tables-editor';
import './web-design.css';

/** Dictionary type of design categories (forms.md 4). */
export const CATEGORY_TYPE = 'webDesign';

type Basic = Pick<
  VisualDevForm,
  'fullName' | 'enCode' | 'category' | 'webType' | 'sortCode' | 'state' | 'description' | 'dbLinkId'
>;

function readTables(text: string | null | undefined): DesignTable[] {
  if (!text) return [];
  try {
    const value = JSON.parse(text) as unknown;
    return Array.isArray(value) ? (value as DesignTable[]) : [];
  } catch {
    return [];
  }
}

function readForm(text: string | null | undefined): DesignerForm {
  if (!text) return emptyForm();
  try {
    return toDesignerForm(JSON.parse(text) as FormSchema);
  } catch {
    return emptyForm();
  }
}

/** Labels of fields whose vModel is not a column of their table (chosen tables only). */
function notColumns(fields: FormField[], columns: DesignColumns): string[] {
  const out: string[] = [];
  const visit = (list: FormField[], table: string | null) => {
    for (const field of list) {
      const config = field.__config__;
      if (config.jnpfKey === 'table') {
        const name = config.tableName ? String(config.tableName) : '';
        const sub = columns.subTables.find((item) => item.table === name);
        if (!sub) out.push(String(config.label ?? ''));
        visit(config.children ?? [], name);
        continue;
      }
      if (needsVModel(field) && field.__vModel__) {
        const allowed =
          table === null
            ? columns.main
            : (columns.subTables.find((item) => item.table === table)?.columns ?? []);
        if (allowed.length > 0 && !allowed.includes(field.__vModel__))
          out.push(String(config.label ?? field.__vModel__));
      }
      visit(config.children ?? [], table);
    }
  };
  visit(fields, null);
  return out;
}

/**
 * The full-screen designer of one design (onlineDev/webDesign): basic settings and tables, the
 * form designer, the list designer (form + list designs). Save sends the whole record.
 */
export default function DesignEditor({
  id,
  type = 1,
  onClose,
}: {
  id: string | null;
  /** The type of a new design (forms.md 4): 1 web design, 3/4 the code generator's forms. */
  type?: number;
  onClose(saved: boolean): void;
}) {
  const { t } = useTranslation('webDesign');
  const [basicForm] = Form.useForm<Basic>();
  const [step, setStep] = useState(0);
  const [saving, setSaving] = useState(false);
  const [savedOnce, setSavedOnce] = useState(false);
  const [recordId, setRecordId] = useState<string | null>(id);
  const [version, setVersion] = useState<number | undefined>();
  const [tables, setTables] = useState<DesignTable[]>([]);
  const [columnData, setColumnData] = useState<ColumnData>(() => readColumnData(null));
  const [loadedForm, setLoadedForm] = useState<DesignerForm | null>(id ? null : emptyForm());
  const formRef = useRef<DesignerForm>(loadedForm ?? emptyForm());
  const [fields, setFields] = useState(formRef.current.fields);
  const webType = Form.useWatch('webType', basicForm) ?? 2;
  const dbLinkId = Form.useWatch('dbLinkId', basicForm) ?? '0';
  const record = useQuery({
    queryKey: webDesignKeys.one(id ?? ''),
    queryFn: () => fetchDesign(id ?? ''),
    enabled: Boolean(id),
    gcTime: 0,
  });
  const sources = useQuery({
    queryKey: webDesignKeys.dataSources,
    queryFn: fetchDataSources,
    staleTime: 60_000,
    retry: false,
  });
  const [rest, setRest] = useState<Partial<VisualDev>>({});
  // Tables the server generated follow the form; only tables the user chose constrain vModels.
  const chosen = generatedTables(tables) ? [] : tables.filter((table) => table.table);
  const tableFields = useQueries({
    queries: chosen.map((table) => ({
      queryKey: [...webDesignKeys.tables(dbLinkId), 'fields', table.table],
      queryFn: () => fetchTableFields(dbLinkId, table.table),
    })),
  });
  /** With chosen tables, the columns each field's vModel is picked from (forms.md 1.2). */
  const columns: DesignColumns | null =
    chosen.length === 0
      ? null
      : {
          main:
            tableFields[chosen.findIndex((table) => table.typeId === '1')]?.data?.map(
              (field) => field.field,
            ) ?? [],
          subTables: chosen
            .map((table, index) => ({ table, index }))
            .filter(({ table }) => table.typeId === '0')
            .map(({ table, index }) => ({
              table: table.table,
              columns: tableFields[index]?.data?.map((field) => field.field) ?? [],
            })),
        };

  const initialised = useRef(false);
  useEffect(() => {
    const data = record.data;
    // Read once: a later refetch must not replace what is being designed.
    if (!data || initialised.current) return;
    initialised.current = true;
    basicForm.setFieldsValue({
      fullName: data.fullName,
      enCode: data.enCode,
      category: data.category,
      webType: data.webType,
      sortCode: data.sortCode,
      state: data.state,
      description: data.description ?? '',
      dbLinkId: data.dbLinkId || '0',
    });
    setRest({ type: data.type, enableFlow: data.enableFlow, appColumnData: data.appColumnData });
    setVersion(data.version);
    setTables(readTables(data.tables));
    const form = readForm(data.formData);
    formRef.current = form;
    setFields(form.fields);
    setLoadedForm(form);
    setColumnData(syncColumnData(readColumnData(data.columnData), form.fields));
  }, [record.data, basicForm]);

  const onFormChange = (form: DesignerForm) => {
    formRef.current = form;
    setFields(form.fields);
  };

  const steps = [
    { key: 'basic', title: t('editor.basic') },
    { key: 'form', title: t('editor.form') },
    ...(webType === 2 ? [{ key: 'list', title: t('editor.list') }] : []),
  ];

  /** Checks every step; goes to the first one with a problem and says what it is. */
  const check = async (): Promise<Basic | null> => {
    let basic: Basic;
    try {
      basic = await basicForm.validateFields();
    } catch {
      setStep(0);
      return null;
    }
    const tableIssue = tableProblems(tables)[0];
    if (tableIssue) {
      setStep(0);
      toastError(t(tableIssue));
      return null;
    }
    const columnIssue = columns ? notColumns(formRef.current.fields, columns)[0] : undefined;
    if (columnIssue) {
      setStep(1);
      toastError(t('problems.notColumn', { label: columnIssue }));
      return null;
    }
    const formIssue = designProblems(formRef.current)[0];
    if (formIssue) {
      setStep(1);
      toastError(t(`problems.${formIssue.kind}`, formIssue));
      return null;
    }
    if (basic.webType === 2) {
      const listIssue = columnProblems(syncColumnData(columnData, formRef.current.fields))[0];
      if (listIssue) {
        setStep(2);
        toastError(t(`problems.${listIssue}`));
        return null;
      }
    }
    return basic;
  };

  const save = async () => {
    const basic = await check();
    if (!basic) return;
    setSaving(true);
    try {
      const body: VisualDevForm = {
        ...basic,
        id: recordId ?? undefined,
        type: rest.type ?? type,
        enableFlow: rest.enableFlow ?? 0,
        description: basic.description ?? '',
        dbLinkId: basic.dbLinkId || '0',
        tables: JSON.stringify(tables),
        formData: JSON.stringify(formRef.current),
        columnData:
          basic.webType === 2 ? JSON.stringify(syncColumnData(columnData, formRef.current.fields)) : '',
        appColumnData: rest.appColumnData ?? '',
        ...(version !== undefined ? { version } : {}),
      };
      const answer = await saveDesign(body);
      toastSuccess(answer.msg || t('editor.saved'));
      setSavedOnce(true);
      if (answer.id) {
        setRecordId(answer.id);
        // The server may have created tables and written their names into the design: read it back.
        const fresh = await fetchDesign(answer.id);
        setVersion(fresh.version);
        setTables(readTables(fresh.tables));
      }
    } catch {
      // toast shown
    } finally {
      setSaving(false);
    }
  };

  const loading = Boolean(id) && !loadedForm;
  const sourceOptions = [
    { value: '0', label: t('editor.systemDatabase') },
    ...(sources.data ?? [])
      .filter((source) => source.id !== '0')
      .map((source) => ({ value: source.id, label: source.fullName })),
  ];
  const current = steps[step]?.key ?? 'basic';

  return (
    <Modal
      open
      closable={false}
      footer={null}
      width="100%"
      className="design-editor-modal"
      styles={{ body: { height: '100vh', padding: 0 }, container: { padding: 0 } }}
      style={{ top: 0, paddingBottom: 0, maxWidth: '100vw' }}
      destroyOnHidden
      keyboard={false}
      aria-label={t('editor.title')}
    >
      <div className="design-editor" data-testid="design-editor">
        <header className="design-editor__header">
          <Space>
            <Button
              type="text"
              icon={<ArrowLeftOutlined />}
              onClick={() => onClose(savedOnce)}
              aria-label={t('editor.close')}
            >
              {t('editor.close')}
            </Button>
            <span className="design-editor__title">{record.data?.fullName ?? t('editor.newTitle')}</span>
          </Space>
          <Steps
            size="small"
            current={step}
            items={steps.map((item) => ({ title: item.title }))}
            onChange={setStep}
            className="design-editor__steps"
          />
          <Space>
            <Button disabled={step === 0} onClick={() => setStep(step - 1)}>
              {t('editor.previous')}
            </Button>
            <Button disabled={step >= steps.length - 1} onClick={() => setStep(step + 1)}>
              {t('editor.next')}
            </Button>
            <Button type="primary" loading={saving} onClick={() => void save()} disabled={loading}>
              {t('editor.save')}
            </Button>
          </Space>
        </header>
        <main className="design-editor__body">
          {loading ? (
            <Spin className="design-editor__loading" />
          ) : (
            <>
              <div className="design-editor__basic" hidden={current !== 'basic'}>
                <Form<Basic>
                  form={basicForm}
                  layout="horizontal"
                  labelCol={{ flex: '110px' }}
                  initialValues={{ webType: 2, sortCode: 0, state: 1, dbLinkId: '0', description: '' }}
                  data-testid="design-basic-form"
                >
                  <Row gutter={16}>
                    <Col span={12}>
                      <Form.Item
                        name="fullName"
                        label={t('fields.fullName')}
                        rules={[
                          { required: true, whitespace: true, message: t('rules.fullName') },
                          { max: 50, message: t('rules.fullNameMax') },
                        ]}
                      >
                        <Input maxLength={50} />
                      </Form.Item>
                    </Col>
                    <Col span={12}>
                      <Form.Item
                        name="enCode"
                        label={t('fields.enCode')}
                        rules={[
                          { required: true, whitespace: true, message: t('rules.enCode') },
                          { max: 50, message: t('rules.enCodeMax') },
                          { pattern: /^[A-Za-z][A-Za-z0-9_.]*$/, message: t('rules.enCodePattern') },
                        ]}
                      >
                        <Input maxLength={50} />
                      </Form.Item>
                    </Col>
                    <Col span={12}>
                      <Form.Item
                        name="category"
                        label={t('fields.category')}
                        rules={[{ required: true, message: t('rules.category') }]}
                      >
                        <DictionarySelect dictionaryType={CATEGORY_TYPE} />
                      </Form.Item>
                    </Col>
                    <Col span={12}>
                      <Form.Item name="sortCode" label={t('fields.sortCode')}>
                        <InputNumber min={0} max={999999} precision={0} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col span={12}>
                      <Form.Item name="webType" label={t('fields.webType')}>
                        <Radio.Group
                          options={[
                            { value: 2, label: t('webTypes.2') },
                            { value: 1, label: t('webTypes.1') },
                          ]}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={12}>
                      <Form.Item name="state" label={t('fields.state')}>
                        <Radio.Group
                          options={[
                            { value: 1, label: t('enabled') },
                            { value: 0, label: t('disabled') },
                          ]}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={24}>
                      <Form.Item name="description" label={t('fields.description')} rules={[{ max: 500 }]}>
                        <Input.TextArea rows={2} maxLength={500} />
                      </Form.Item>
                    </Col>
                    <Col span={12}>
                      <Form.Item name="dbLinkId" label={t('fields.dbLinkId')}>
                        <Select
                          options={sourceOptions}
                          loading={sources.isFetching}
                          onChange={() => setTables([])}
                        />
                      </Form.Item>
                    </Col>
                    <Col span={24}>
                      <Form.Item label={t('fields.tables')}>
                        <TablesEditor dbLinkId={dbLinkId} value={tables} onChange={setTables} />
                      </Form.Item>
                    </Col>
                  </Row>
                </Form>
              </div>
              {loadedForm && (
                <div className="design-editor__pane" hidden={current !== 'form'}>
                  <FormDesigner value={loadedForm} onChange={onFormChange} columns={columns} />
                </div>
              )}
              {current === 'list' && (
                <div className="design-editor__pane">
                  <ListDesigner
                    fields={fields}
                    value={syncColumnData(columnData, fields)}
                    onChange={setColumnData}
                  />
                </div>
              )}
            </>
          )}
        </main>
      </div>
    </Modal>
  );
}
