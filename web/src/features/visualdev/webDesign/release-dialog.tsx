import type { MenuTreeNode } from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Modal, Select, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { fetchCurrentUser } from '../../../base/session/session-api';
import { useSession } from '../../../base/session/session-store';
import { fetchMenuTree, fetchSystems, menuKeys } from '../../system/menu/api';
import { type ReleaseForm, releaseDesign, type VisualDev } from './api';

type ParentOption = { value: string; title: string; children?: ParentOption[] };

/** Directories and categories (menu types 0 and 1) are the places a released page goes under. */
export function directories(nodes: readonly MenuTreeNode[]): ParentOption[] {
  return nodes
    .filter((node) => node.type === 0 || node.type === 1)
    .map((node) => {
      const children = directories(node.children ?? []);
      return { value: node.id, title: node.fullName, ...(children.length ? { children } : {}) };
    });
}

function ParentPicker({
  systemId,
  category,
  label,
  name,
}: {
  systemId?: string;
  category: 'Web' | 'App';
  label: string;
  name: keyof ReleaseForm;
}) {
  const tree = useQuery({
    queryKey: menuKeys.tree(systemId ?? '', category, ''),
    queryFn: () => fetchMenuTree(systemId ?? '', category, ''),
    enabled: Boolean(systemId),
  });
  const { t } = useTranslation('webDesign');
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: t('release.parentRequired') }]}>
      <TreeSelect
        aria-label={label}
        treeData={directories(tree.data ?? [])}
        loading={tree.isFetching}
        treeDefaultExpandAll
        showSearch={{ treeNodeFilterProp: 'title' }}
        placeholder={t('release.parentPlaceholder')}
      />
    </Form.Item>
  );
}

/** Release a design to menus (forms.md 4 Actions/Release): PC and/or app, each under a chosen parent menu. */
export function ReleaseDialog({
  design,
  onClose,
  onReleased,
}: {
  design: VisualDev | null;
  onClose(): void;
  onReleased(): void;
}) {
  const { t } = useTranslation('webDesign');
  const [form] = Form.useForm<ReleaseForm & { targets: string[] }>();
  const [saving, setSaving] = useState(false);
  const systems = useQuery({ queryKey: menuKeys.systems, queryFn: fetchSystems, enabled: design !== null });
  const targets = Form.useWatch('targets', form) ?? ['pc'];
  const pcSystemId = Form.useWatch('pcSystemId', form);
  const appSystemId = Form.useWatch('appSystemId', form);
  const firstSystem = systems.data?.[0]?.id;

  useEffect(() => {
    if (!design) return;
    form.resetFields();
    form.setFieldsValue({ targets: ['pc'], pcSystemId: firstSystem, appSystemId: firstSystem });
  }, [design, firstSystem, form]);

  const submit = async () => {
    if (!design) return;
    const values = await form.validateFields();
    const pc = values.targets.includes('pc') ? 1 : 0;
    const app = values.targets.includes('app') ? 1 : 0;
    setSaving(true);
    try {
      const msg = await releaseDesign(design.id, {
        pc,
        app,
        pcModuleParentId: pc ? values.pcModuleParentId : '',
        appModuleParentId: app ? values.appModuleParentId : '',
        pcSystemId: pc ? values.pcSystemId : '',
        appSystemId: app ? values.appSystemId : '',
      });
      // The released page is in the menus at once (issue #23): without this its address gave 404
      // until the next sign-in or reload, since the shell routes by the menus CurrentUser gave.
      await fetchCurrentUser()
        .then((user) => useSession.getState().setCurrentUser(user))
        .catch(() => undefined);
      toastSuccess(msg || t('release.done'));
      onReleased();
      onClose();
    } catch {
      // toast shown
    } finally {
      setSaving(false);
    }
  };

  const systemOptions = (systems.data ?? []).map((system) => ({ value: system.id, label: system.fullName }));
  return (
    <Modal
      open={design !== null}
      title={t('release.title', { name: design?.fullName ?? '' })}
      width={600}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('release.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="release-form">
        <Form.Item
          name="targets"
          label={t('release.targets')}
          rules={[{ required: true, type: 'array', min: 1, message: t('release.targetRequired') }]}
        >
          <Checkbox.Group
            options={[
              { value: 'pc', label: t('release.pc') },
              { value: 'app', label: t('release.app') },
            ]}
          />
        </Form.Item>
        {targets.includes('pc') && (
          <>
            <Form.Item
              name="pcSystemId"
              label={t('release.pcSystem')}
              rules={[{ required: true, message: t('release.systemRequired') }]}
            >
              <Select
                aria-label={t('release.pcSystem')}
                options={systemOptions}
                loading={systems.isFetching}
                onChange={() => form.setFieldValue('pcModuleParentId', undefined)}
              />
            </Form.Item>
            <ParentPicker
              systemId={pcSystemId}
              category="Web"
              name="pcModuleParentId"
              label={t('release.pcParent')}
            />
          </>
        )}
        {targets.includes('app') && (
          <>
            <Form.Item
              name="appSystemId"
              label={t('release.appSystem')}
              rules={[{ required: true, message: t('release.systemRequired') }]}
            >
              <Select
                aria-label={t('release.appSystem')}
                options={systemOptions}
                loading={systems.isFetching}
                onChange={() => form.setFieldValue('appModuleParentId', undefined)}
              />
            </Form.Item>
            <ParentPicker
              systemId={appSystemId}
              category="App"
              name="appModuleParentId"
              label={t('release.appParent')}
            />
          </>
        )}
      </Form>
    </Modal>
  );
}
