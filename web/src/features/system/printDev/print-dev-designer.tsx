import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DEFAULT_PAGE_PARAM,
  escapeHtml,
  type PageParam,
  readPageParam,
  sqlStatements,
} from '@console/shared';
import {
  Alert,
  Button,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  Tabs,
  Typography,
} from 'antd';
import type Quill from 'quill';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { DictionarySelect } from '../../../widgets/dictionary-select/dictionary-select';
import { useRecordDialog } from '../../../widgets/list/record-dialog';
import { useEditorLabels } from '../../../widgets/rich-text/editor-labels';
import RichEditor from '../../../widgets/rich-text/rich-editor';
import {
  fetchPrintDev,
  fetchPrintFields,
  type PrintDevItem,
  type PrintFieldGroup,
  printDevKeys,
  savePrintDev,
} from './api';

/** Dictionary type holding the template categories. */
export const PRINT_CATEGORY = 'printDev';

interface FormValues extends Omit<PageParam, 'type'> {
  fullName: string;
  enCode: string;
  category?: string;
  type: number;
  paper: PageParam['type'];
  sortCode: number;
  enabled: boolean;
  description?: string;
}

const DEFAULTS: Partial<FormValues> = {
  type: 2,
  paper: DEFAULT_PAGE_PARAM.type,
  direction: DEFAULT_PAGE_PARAM.direction,
  width: DEFAULT_PAGE_PARAM.width,
  height: DEFAULT_PAGE_PARAM.height,
  mt: 10,
  mb: 10,
  ml: 10,
  mr: 10,
  sortCode: 0,
  enabled: true,
};

/** A field placeholder as the template language writes it. */
const tagOf = (group: string, field: string) => (group === 'headTable' ? field : `${group}.${field}`);

/**
 * The template designer (full screen): basics and paper, the data SQL with its fields, and the
 * rich-text template with insertable placeholders, functions, detail tables and system values.
 */
export function PrintDevDesigner({ target, onClose }: { target: { id?: string } | null; onClose(): void }) {
  const { t } = useTranslation('printDev');
  const [form] = Form.useForm<FormValues>();
  const { titles, pickerLabels } = useEditorLabels();
  const [statements, setStatements] = useState<string[]>(['']);
  const [template, setTemplate] = useState('');
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  const [fields, setFields] = useState<PrintFieldGroup[]>([]);
  const [reading, setReading] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [tab, setTab] = useState('basic');
  const quill = useRef<Quill | null>(null);
  const paper = Form.useWatch('paper', form);

  const sqlTemplate = () => JSON.stringify(statements.map((sql) => ({ sql: sql.trim() })));

  const dialog = useRecordDialog<FormValues, PrintDevItem>({
    form,
    target,
    defaults: DEFAULTS,
    load: async (id) => {
      const row = await fetchPrintDev(id);
      setStatements(sqlStatements(row.sqlTemplate).length ? sqlStatements(row.sqlTemplate) : ['']);
      setTemplate(row.printTemplate);
      setLoadedKey(`${id}:${row.version}`);
      setFields([]);
      setTab('basic');
      return row;
    },
    toValues: (row) => {
      const page = readPageParam(row.pageParam);
      return {
        fullName: row.fullName,
        enCode: row.enCode,
        category: row.category,
        type: row.type,
        paper: page.type,
        direction: page.direction,
        width: page.width,
        height: page.height,
        mt: page.mt,
        mb: page.mb,
        ml: page.ml,
        mr: page.mr,
        sortCode: row.sortCode,
        enabled: Number(row.enabledMark) === 1,
        description: row.description ?? '',
      };
    },
    save: (values, version) =>
      savePrintDev({
        id: target?.id,
        fullName: values.fullName.trim(),
        enCode: values.enCode.trim(),
        category: values.category ?? '',
        type: values.type,
        dbLinkId: '0',
        sqlTemplate: sqlTemplate(),
        printTemplate: template,
        pageParam: JSON.stringify({
          type: values.paper,
          width: values.width,
          height: values.height,
          direction: values.direction,
          mt: values.mt,
          mb: values.mb,
          ml: values.ml,
          mr: values.mr,
        }),
        sortCode: values.sortCode ?? 0,
        enabledMark: values.enabled ? 1 : 0,
        description: values.description ?? '',
        version,
      }),
    invalidate: [printDevKeys.all],
    onClose: () => close(),
  });

  function close() {
    quill.current = null;
    setStatements(['']);
    setTemplate('');
    setLoadedKey(null);
    setFields([]);
    setSelected(null);
    setTab('basic');
    onClose();
  }

  const readFields = async () => {
    setReading(true);
    try {
      setFields(await fetchPrintFields(sqlTemplate()));
      toastSuccess(t('designer.fieldsLoaded'));
    } catch {
      // the client showed the server's message
    } finally {
      setReading(false);
    }
  };

  const insertText = (text: string) => {
    const editor = quill.current;
    if (!editor) return;
    const at = editor.getSelection(true)?.index ?? editor.getLength() - 1;
    editor.insertText(at, text, 'user');
    editor.setSelection(at + text.length, 0, 'user');
  };

  const insertField = (group: string, field: string) => {
    const tag = tagOf(group, field);
    setSelected(tag);
    insertText(`{{${tag}}}`);
  };

  const insertCall = (fn: string) => {
    if (!selected) return;
    insertText(`{{${fn} ${selected}}}`);
  };

  /** A detail table: a header row of column names and one value row repeated per detail row. */
  const insertTable = (group: PrintFieldGroup) => {
    const editor = quill.current;
    if (!editor) return;
    const head = group.children.map((c) => `<td>${escapeHtml(c.fullName)}</td>`).join('');
    const values = group.children.map((c) => `<td>{{${group.id}.${c.id}}}</td>`).join('');
    const at = editor.getSelection(true)?.index ?? editor.getLength() - 1;
    editor.clipboard.dangerouslyPasteHTML(
      at,
      `<table><tbody><tr>${head}</tr><tr>${values}</tr></tbody></table><p><br></p>`,
      'user',
    );
  };

  const editorKey = target?.id ? loadedKey : 'new';
  const open = target !== null;

  const basic = (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item
            name="fullName"
            label={t('fields.fullName')}
            rules={[{ required: true, whitespace: true, message: t('rules.fullNameRequired') }, { max: 50 }]}
          >
            <Input placeholder={t('placeholders.fullName')} maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="enCode"
            label={t('fields.enCode')}
            rules={[{ required: true, whitespace: true, message: t('rules.enCodeRequired') }, { max: 50 }]}
          >
            <Input placeholder={t('placeholders.enCode')} maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="category"
            label={t('fields.category')}
            rules={[{ required: true, message: t('rules.categoryRequired') }]}
          >
            <DictionarySelect dictionaryType={PRINT_CATEGORY} placeholder={t('placeholders.category')} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="type" label={t('fields.type')}>
            <Select options={[1, 2].map((v) => ({ value: v, label: t(`types.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="paper" label={t('designer.paper')}>
            <Select
              options={['1', '2', '3', '4', '5', '6'].map((v) => ({
                value: v,
                label: t(`designer.papers.${v}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="direction" label={t('designer.direction')}>
            <Select
              options={[
                { value: '纵向', label: t('designer.portrait') },
                { value: '横向', label: t('designer.landscape') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          {paper === '6' && (
            <Space>
              <Form.Item name="width" label={t('designer.width')} noStyle>
                <InputNumber min={10} max={2000} aria-label={t('designer.width')} />
              </Form.Item>
              <Form.Item name="height" label={t('designer.height')} noStyle>
                <InputNumber min={10} max={2000} aria-label={t('designer.height')} />
              </Form.Item>
            </Space>
          )}
        </Col>
        <Col span={24}>
          <Form.Item label={t('designer.margins')}>
            <Space>
              {(['mt', 'mb', 'ml', 'mr'] as const).map((m) => (
                <Form.Item key={m} name={m} noStyle>
                  <InputNumber min={0} max={100} aria-label={`${t('designer.margins')} ${m}`} />
                </Form.Item>
              ))}
            </Space>
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="sortCode" label={t('fields.sortCode')}>
            <InputNumber min={0} max={999999} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="enabled" label={t('fields.enabledMark')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="description" label={t('fields.description')}>
            <Input.TextArea rows={3} placeholder={t('placeholders.description')} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );

  const data = (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Alert type="info" showIcon title={t('designer.sqlHint')} />
      {statements.map((sql, i) => {
        const label = i === 0 ? t('designer.mainSql') : t('designer.detailSql', { n: i });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: statements are positional (headTable, T1, T2 …)
          <div key={i}>
            <Space style={{ marginBottom: 4 }}>
              <Typography.Text strong>{label}</Typography.Text>
              {i > 0 && (
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`${t('designer.removeDetail')} ${label}`}
                  onClick={() => setStatements((list) => list.filter((_, j) => j !== i))}
                />
              )}
            </Space>
            <Input.TextArea
              aria-label={label}
              value={sql}
              rows={3}
              placeholder={t('placeholders.sql')}
              style={{ fontFamily: 'monospace' }}
              onChange={(e) => setStatements((list) => list.map((s, j) => (j === i ? e.target.value : s)))}
            />
          </div>
        );
      })}
      <Space>
        <Button
          icon={<PlusOutlined />}
          disabled={statements.length >= 10}
          onClick={() => setStatements((l) => [...l, ''])}
        >
          {t('designer.addDetail')}
        </Button>
        <Button type="primary" loading={reading} onClick={readFields}>
          {t('designer.loadFields')}
        </Button>
      </Space>
    </Space>
  );

  const palette = (
    <aside className="print-designer__palette" aria-label={t('designer.fieldsTitle')}>
      <Typography.Text strong>{t('designer.fieldsTitle')}</Typography.Text>
      {fields.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designer.noFields')} />
      )}
      {fields.map((group) => (
        <div key={group.id} className="print-designer__group">
          <Typography.Text type="secondary">{group.fullName}</Typography.Text>
          <div className="print-designer__chips">
            {group.children.map((field) => (
              <Button key={field.id} size="small" onClick={() => insertField(group.id, field.id)}>
                {field.fullName}
              </Button>
            ))}
          </div>
          {group.id !== 'headTable' && (
            <Button size="small" type="dashed" block onClick={() => insertTable(group)}>
              {t('designer.insertTable', { group: group.id })}
            </Button>
          )}
        </div>
      ))}
      <Typography.Text strong>{t('designer.functions')}</Typography.Text>
      <Typography.Text type="secondary">
        {selected ? t('designer.selectedField', { field: selected }) : t('designer.pickField')}
      </Typography.Text>
      <div className="print-designer__chips">
        {(['capital', 'thousands', 'qrcode', 'barcode', 'image'] as const).map((fn) => (
          <Button key={fn} size="small" disabled={!selected} onClick={() => insertCall(fn)}>
            {t(`designer.${fn}`)}
          </Button>
        ))}
      </div>
      <Typography.Text strong>{t('designer.system')}</Typography.Text>
      <div className="print-designer__chips">
        {(['systemPrinter', 'systemPrintTime', 'systemApprovalContent', 'pagebreak'] as const).map((name) => (
          <Button key={name} size="small" onClick={() => insertText(`{{${name}}}`)}>
            {t(`designer.${name}`)}
          </Button>
        ))}
        <Button size="small" onClick={() => insertText('{{@index}}')}>
          {t('designer.rowNumber')}
        </Button>
      </div>
      <div className="print-designer__syntax">
        <Typography.Text strong>{t('designer.syntaxTitle')}</Typography.Text>
        <div>
          <code>{'{{name}}'}</code> {t('designer.syntaxHead')}
        </div>
        <div>
          <code>{'{{T1.name}}'}</code> {t('designer.syntaxDetail')}
        </div>
        <div>
          <code>{'{{#each T1}} … {{/each}}'}</code> {t('designer.syntaxEach')}
        </div>
      </div>
    </aside>
  );

  const design = (
    <div className="print-designer">
      {palette}
      <div className="print-designer__editor">
        {open && editorKey && (
          <RichEditor
            key={editorKey}
            value={template}
            onChange={setTemplate}
            label={t('designer.editorLabel')}
            titles={titles}
            pickerLabels={pickerLabels}
            table
            onReady={(editor) => {
              quill.current = editor;
            }}
          />
        )}
      </div>
    </div>
  );

  return (
    <Modal
      open={open}
      title={target?.id ? t('designer.editTitle') : t('designer.newTitle')}
      width="100%"
      className="print-designer-modal"
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={dialog.saving}
      loading={dialog.loading}
      // A field error on a hidden tab would go unseen: show the basics first.
      onOk={() => form.validateFields().then(dialog.submit, () => setTab('basic'))}
      onCancel={close}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        name="printDev"
        labelCol={{ style: { width: 100 } }}
        initialValues={DEFAULTS}
      >
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'basic', label: t('designer.basic'), children: basic, forceRender: true },
            { key: 'data', label: t('designer.data'), children: data, forceRender: true },
            { key: 'design', label: t('designer.design'), children: design, forceRender: true },
          ]}
        />
      </Form>
    </Modal>
  );
}
