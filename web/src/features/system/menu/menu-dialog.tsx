import { Limits, type MenuCategory, type MenuTreeNode, MenuType } from '@console/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Switch, TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { fetchMenu, type MenuForm, menuKeys, saveMenu } from './api';
import { codeRules, nameRules } from './rules';

/** Menu codes are dotted (permission.user). */
const MENU_CODE = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$/;
const TYPES = Object.values(MenuType);
/** Types that name a function by moduleId in propertyJson; 3 and 4 may also be trees. */
const MODULE_TYPES: number[] = [
  MenuType.DynamicForm,
  MenuType.DynamicDictionary,
  MenuType.DataReport,
  MenuType.Portal,
];
const TREE_TYPES: number[] = [MenuType.DynamicForm, MenuType.DynamicDictionary];
const ADDRESS_TYPES: number[] = [MenuType.Page, MenuType.Dashboard, MenuType.Link];
/** Types whose buttons, columns, forms and data rules can be authorised. */
export const ITEM_TYPES: number[] = [
  MenuType.Page,
  MenuType.DynamicForm,
  MenuType.DynamicDictionary,
  MenuType.DataReport,
  MenuType.Portal,
];

interface Values {
  parentId: string;
  type: number;
  fullName: string;
  /** Names in the other interface languages (empty: built-in English / converted Taiwan Chinese). */
  fullNameZhTw?: string;
  fullNameEn?: string;
  enCode: string;
  icon?: string;
  urlAddress?: string;
  linkTarget?: '_self' | '_blank';
  moduleId?: string;
  isTree?: boolean;
  isButtonAuthorize: boolean;
  isColumnAuthorize: boolean;
  isFormAuthorize: boolean;
  isDataAuthorize: boolean;
  sortCode: number;
  enabled: boolean;
  description?: string;
}

export interface MenuTarget {
  id?: string;
  parentId?: string;
}

interface ParentOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: ParentOption[];
}

/** Parent choices: the top level and every menu except the edited one and its subtree. */
function parentOptions(nodes: readonly MenuTreeNode[], exclude?: string): ParentOption[] {
  return nodes
    .filter((node) => node.id !== exclude)
    .map((node) => {
      const option: ParentOption = { value: node.id, title: node.fullName };
      const children = parentOptions(node.children ?? [], exclude);
      if (children.length) option.children = children;
      return option;
    });
}

function parseProperty(text: string | null | undefined): { moduleId?: string; isTree?: number } {
  if (!text) return {};
  try {
    return JSON.parse(text) as { moduleId?: string; isTree?: number };
  } catch {
    return {};
  }
}

/** Add / edit menu dialog (700 px): the fields each type needs (console.md 2.3). */
export function MenuDialog({
  target,
  systemId,
  category,
  tree,
  onClose,
}: {
  target: MenuTarget | null;
  systemId: string;
  category: MenuCategory;
  tree: readonly MenuTreeNode[];
  onClose(): void;
}) {
  const { t } = useTranslation('menu');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const type = Form.useWatch('type', form);
  const [loading, setLoading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState<number | undefined>();
  const parents = useMemo(
    () => [{ value: '-1', title: t('topLevel'), children: parentOptions(tree, target?.id) }],
    [tree, target, t],
  );

  useEffect(() => {
    if (!target) return;
    let current = true;
    form.resetFields();
    setVersion(undefined);
    if (!target.id) {
      form.setFieldValue('parentId', target.parentId ?? '-1');
      return;
    }
    setLoading(true);
    fetchMenu(target.id)
      .then((menu) => {
        if (!current) return;
        const property = parseProperty(menu.propertyJson);
        setVersion(menu.version);
        form.setFieldsValue({
          parentId: menu.parentId,
          type: menu.type,
          fullName: menu.fullName,
          fullNameZhTw: menu.fullNameI18n?.['zh-TW'] ?? '',
          fullNameEn: menu.fullNameI18n?.['en-US'] ?? '',
          enCode: menu.enCode,
          icon: menu.icon ?? '',
          urlAddress: menu.urlAddress ?? '',
          linkTarget: (menu.linkTarget as Values['linkTarget']) ?? undefined,
          moduleId: property.moduleId ?? '',
          isTree: Number(property.isTree ?? 0) === 1,
          isButtonAuthorize: menu.isButtonAuthorize === 1,
          isColumnAuthorize: menu.isColumnAuthorize === 1,
          isFormAuthorize: menu.isFormAuthorize === 1,
          isDataAuthorize: menu.isDataAuthorize === 1,
          sortCode: menu.sortCode,
          enabled: menu.enabledMark === 1,
          description: menu.description ?? '',
        });
      })
      .catch(() => undefined)
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [target, form]);

  const submit = async () => {
    if (!target) return;
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const needsModule = MODULE_TYPES.includes(values.type);
    const property = needsModule
      ? JSON.stringify({
          moduleId: values.moduleId?.trim() ?? '',
          ...(TREE_TYPES.includes(values.type) ? { isTree: values.isTree ? 1 : 0 } : {}),
        })
      : null;
    const items = ITEM_TYPES.includes(values.type);
    const body: MenuForm = {
      id: target.id,
      version,
      systemId,
      category,
      parentId: values.parentId,
      type: values.type,
      fullName: values.fullName.trim(),
      fullNameI18n: { 'zh-TW': values.fullNameZhTw?.trim() ?? '', 'en-US': values.fullNameEn?.trim() ?? '' },
      enCode: values.enCode.trim(),
      icon: values.icon?.trim() || null,
      urlAddress: ADDRESS_TYPES.includes(values.type) ? values.urlAddress?.trim() || null : null,
      linkTarget: values.type === MenuType.Link ? (values.linkTarget ?? null) : null,
      propertyJson: property,
      isButtonAuthorize: items && values.isButtonAuthorize ? 1 : 0,
      isColumnAuthorize: items && values.isColumnAuthorize ? 1 : 0,
      isFormAuthorize: items && values.isFormAuthorize ? 1 : 0,
      isDataAuthorize: items && values.isDataAuthorize ? 1 : 0,
      sortCode: values.sortCode ?? 0,
      enabledMark: values.enabled ? 1 : 0,
      description: values.description?.trim() || null,
    };
    setSaving(true);
    try {
      toastSuccess((await saveMenu(body)) || t('saved'), 1.5);
      await queryClient.invalidateQueries({ queryKey: menuKeys.all });
      onClose();
    } catch {
      // message shown; the dialog stays
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={target !== null}
      width={700}
      title={target?.id ? t('dialog.editTitle') : t('dialog.newTitle')}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      loading={loading}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<Values>
        form={form}
        name="menu"
        labelCol={{ style: { width: 100 } }}
        initialValues={{
          type: MenuType.Page,
          sortCode: 0,
          enabled: true,
          linkTarget: '_self',
          isButtonAuthorize: false,
          isColumnAuthorize: false,
          isFormAuthorize: false,
          isDataAuthorize: false,
        }}
      >
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              name="parentId"
              label={t('fields.parentId')}
              rules={[{ required: true, message: t('rules.parent') }]}
            >
              <TreeSelect treeData={parents} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="type"
              label={t('fields.type')}
              rules={[{ required: true, message: t('rules.type') }]}
            >
              <Select options={TYPES.map((value) => ({ value, label: t(`types.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="fullName" label={t('fields.fullName')} rules={nameRules(t)}>
              <Input placeholder={t('placeholders.fullName')} maxLength={Limits.nameMax} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="fullNameZhTw" label={t('fields.fullNameZhTw')} tooltip={t('hints.fullNameI18n')}>
              <Input placeholder={t('placeholders.fullNameZhTw')} maxLength={Limits.nameMax} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="fullNameEn" label={t('fields.fullNameEn')} tooltip={t('hints.fullNameI18n')}>
              <Input placeholder={t('placeholders.fullNameEn')} maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="enCode" label={t('fields.enCode')} rules={codeRules(t, MENU_CODE)}>
              <Input placeholder={t('placeholders.enCode')} maxLength={Limits.codeMax} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="icon" label={t('fields.icon')}>
              <Input placeholder={t('placeholders.icon')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="sortCode" label={t('fields.sortCode')}>
              <InputNumber
                min={Limits.sortMin}
                max={Limits.sortMax}
                precision={0}
                style={{ width: '100%' }}
              />
            </Form.Item>
          </Col>
          {ADDRESS_TYPES.includes(type) && (
            <Col span={24}>
              <Form.Item
                name="urlAddress"
                label={type === MenuType.Link ? t('fields.linkAddress') : t('fields.urlAddress')}
                rules={
                  type === MenuType.Dashboard
                    ? []
                    : [{ required: true, whitespace: true, message: t('rules.urlAddress') }]
                }
                extra={type === MenuType.Page ? t('hints.urlAddress') : undefined}
              >
                <Input
                  placeholder={type === MenuType.Link ? 'https://' : 'permission/user'}
                  maxLength={500}
                />
              </Form.Item>
            </Col>
          )}
          {type === MenuType.Link && (
            <Col span={24}>
              <Form.Item
                name="linkTarget"
                label={t('fields.linkTarget')}
                rules={[{ required: true, message: t('rules.linkTarget') }]}
              >
                <Radio.Group
                  options={[
                    { value: '_self', label: t('targets._self') },
                    { value: '_blank', label: t('targets._blank') },
                  ]}
                />
              </Form.Item>
            </Col>
          )}
          {MODULE_TYPES.includes(type) && (
            <Col span={TREE_TYPES.includes(type) ? 16 : 24}>
              <Form.Item
                name="moduleId"
                label={t('fields.moduleId')}
                rules={[{ required: true, whitespace: true, message: t('rules.moduleId') }]}
              >
                <Input placeholder={t('placeholders.moduleId')} maxLength={64} />
              </Form.Item>
            </Col>
          )}
          {TREE_TYPES.includes(type) && (
            <Col span={8}>
              <Form.Item name="isTree" label={t('fields.isTree')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          )}
          {ITEM_TYPES.includes(type) && (
            <Col span={24}>
              <Form.Item label={t('fields.authorize')}>
                <div className="menu-dialog__switches">
                  {(
                    ['isButtonAuthorize', 'isColumnAuthorize', 'isFormAuthorize', 'isDataAuthorize'] as const
                  ).map((name) => (
                    <Form.Item key={name} name={name} valuePropName="checked" noStyle>
                      <Switch checkedChildren={t(`fields.${name}`)} unCheckedChildren={t(`fields.${name}`)} />
                    </Form.Item>
                  ))}
                </div>
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="enabled" label={t('fields.enabledMark')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={t('fields.description')}>
              <Input.TextArea rows={3} maxLength={500} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
