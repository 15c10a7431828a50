import { type PortalFormData, type PortalLayoutItem, parsePortalFormData } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Spin,
  Tabs,
  TreeSelect,
} from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { useDictionaryEntries } from '../../../widgets/dictionary-select/dictionary-select';
import { designKeys, fetchPortal, type PortalForm, savePortal } from './api';
import { PropertyPanel } from './property-panel';
import { nextFreeBox, placeItem } from './view/layout';
import { PortalGrid } from './view/portal-grid';
import { newWidget, PALETTE } from './widget-templates';

export const PORTAL_CATEGORY = 'portalDesigner';

type Basics = Omit<PortalForm, 'formData' | 'version'>;

const EMPTY: PortalFormData = { layout: [], refresh: { autoRefresh: false, autoRefreshTime: 10 } };

/** The portal designer: basics, and the grid with a palette of widget keys and a property panel per widget. */
export function PortalDesigner({ target, onClose }: { target: { id?: string } | null; onClose: () => void }) {
  const { t } = useTranslation('portal');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Basics>();
  const [design, setDesign] = useState<PortalFormData>(EMPTY);
  const [selected, setSelected] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = target?.id;
  const open = target !== null;
  const categories = useDictionaryEntries(PORTAL_CATEGORY);
  const existing = useQuery({
    queryKey: designKeys.info(id ?? ''),
    queryFn: () => fetchPortal(id!),
    enabled: Boolean(id),
    staleTime: 0,
  });
  const type = Form.useWatch('type', form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    setSelected(null);
    if (!id) {
      setDesign(EMPTY);
      form.setFieldsValue({ type: 0, linkType: 0, enabledLock: 1, sortCode: 0, enabledMark: 1 });
      return;
    }
    const row = existing.data;
    if (!row) return;
    form.setFieldsValue({
      fullName: row.fullName,
      enCode: row.enCode,
      category: row.category,
      type: row.type,
      linkType: row.linkType,
      customUrl: row.customUrl ?? '',
      enabledLock: row.enabledLock,
      sortCode: row.sortCode,
      enabledMark: row.enabledMark,
      description: row.description ?? '',
    });
    const parsed = row.formData ? parsePortalFormData(row.formData) : null;
    setDesign(parsed?.ok ? parsed.form : EMPTY);
  }, [open, id, existing.data, form]);

  const selectedItem = design.layout.find((item) => item.i === selected) ?? null;
  const setLayout = (layout: PortalLayoutItem[]) => setDesign((d) => ({ ...d, layout }));
  const add = (key: string, w: number, h: number) => {
    const item = newWidget(key, nextFreeBox(design.layout, w, h), design.layout);
    setLayout([...design.layout, item]);
    setSelected(item.i);
  };
  const patch = (changes: Partial<PortalLayoutItem>) => {
    if (!selectedItem) return;
    const { x, y, w, h, ...rest } = changes;
    const updated = design.layout.map((item) => (item.i === selectedItem.i ? { ...item, ...rest } : item));
    const box = {
      x: x ?? selectedItem.x,
      y: y ?? selectedItem.y,
      w: w ?? selectedItem.w,
      h: h ?? selectedItem.h,
    };
    setLayout(w !== undefined || h !== undefined ? placeItem(updated, selectedItem.i, box) : updated);
  };

  const save = async () => {
    const basics = await form.validateFields();
    setSaving(true);
    try {
      const msg = await savePortal(id, {
        ...basics,
        formData: basics.type === 0 ? JSON.stringify(design) : '',
        ...(existing.data ? { version: existing.data.version } : {}),
      });
      toastSuccess(msg || t('saved'));
      await queryClient.invalidateQueries({ queryKey: designKeys.all });
      onClose();
    } catch {
      // the client showed the server's message
    } finally {
      setSaving(false);
    }
  };

  const basicsForm = (
    <Form form={form} layout="vertical">
      <Row gutter={12}>
        <Col span={8}>
          <Form.Item
            name="fullName"
            label={t('fields.fullName')}
            rules={[{ required: true, message: t('rules.fullName') }]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="enCode"
            label={t('fields.enCode')}
            rules={[{ required: true, message: t('rules.enCode') }]}
          >
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item
            name="category"
            label={t('fields.category')}
            rules={[{ required: true, message: t('rules.category') }]}
          >
            <TreeSelect
              treeData={categories.data ?? []}
              fieldNames={{ label: 'fullName', value: 'id', children: 'children' }}
            />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="type" label={t('fields.type')}>
            <Select options={[0, 1].map((v) => ({ value: v, label: t(`types.${v}`) }))} />
          </Form.Item>
        </Col>
        {type === 1 && (
          <Col span={16}>
            <Form.Item
              name="customUrl"
              label={t('fields.customUrl')}
              rules={[{ required: true, message: t('rules.customUrl') }]}
            >
              <Input placeholder="https://… /…" />
            </Form.Item>
          </Col>
        )}
        <Col span={8}>
          <Form.Item name="enabledLock" label={t('fields.enabledLock')}>
            <Select options={[1, 0].map((v) => ({ value: v, label: t(`locks.${v}`) }))} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="sortCode" label={t('fields.sortCode')}>
            <InputNumber min={0} max={999999} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="enabledMark" label={t('fields.enabledMark')}>
            <Select options={[1, 0].map((v) => ({ value: v, label: v ? t('enabled') : t('disabled') }))} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="description" label={t('fields.description')}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Col>
      </Row>
    </Form>
  );

  const canvas = (
    <div className="portal-designer">
      <div className="portal-designer__palette" role="toolbar" aria-label={t('designer.palette')}>
        {PALETTE.map((entry) => (
          <Button key={entry.key} onClick={() => add(entry.key, entry.w, entry.h)}>
            {t(`keys.${entry.key}`)}
          </Button>
        ))}
      </div>
      <div className="portal-designer__canvas">
        <PortalGrid
          layout={design.layout}
          editable
          selectedId={selected}
          onSelect={setSelected}
          onChange={setLayout}
        />
      </div>
      <PropertyPanel
        item={selectedItem}
        onChange={patch}
        onRemove={() => {
          setLayout(design.layout.filter((item) => item.i !== selected));
          setSelected(null);
        }}
      />
    </div>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size="100%"
      destroyOnHidden
      title={id ? t('designer.editTitle') : t('designer.newTitle')}
      extra={
        <Space>
          <Button onClick={onClose}>{t('actions.cancel')}</Button>
          <Button type="primary" loading={saving} onClick={save}>
            {t('actions.save')}
          </Button>
        </Space>
      }
    >
      <Spin spinning={Boolean(id) && existing.isLoading}>
        <Tabs
          items={[
            { key: 'basics', label: t('designer.basics'), children: basicsForm, forceRender: true },
            ...(type === 1 ? [] : [{ key: 'design', label: t('designer.design'), children: canvas }]),
          ]}
        />
      </Spin>
    </Drawer>
  );
}
