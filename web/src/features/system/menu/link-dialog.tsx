import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { dataModelKeys, fetchTables } from '../../systemData/dataModel/api';
import { dataSourceKeys, fetchSourceSelector } from '../../systemData/dataSource/api';
import { fetchLinkInfo, LINK_TYPE, type LinkedKind, linkKeys, saveLink } from './api';

interface Values {
  linkId: string;
  linkTables: string[];
}

/**
 * Dialog (600 px) of a page's data connection for one editor (the reference's 数据连接): the
 * data source, and the tables whose fields the editor then picks from. A table outside the
 * source's listed ones (e.g. the console's own tables) may be typed.
 */
export function LinkDialog({
  kind,
  moduleId,
  open,
  onClose,
}: {
  kind: LinkedKind;
  moduleId: string;
  open: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('menu');
  const [form] = Form.useForm<Values>();
  const queryClient = useQueryClient();
  const type = LINK_TYPE[kind];
  const [saving, setSaving] = useState(false);
  const linkId = Form.useWatch('linkId', form) ?? '0';
  const info = useQuery({
    queryKey: linkKeys.info(moduleId, type),
    queryFn: () => fetchLinkInfo(moduleId, type),
    enabled: open,
  });
  const sources = useQuery({
    queryKey: dataSourceKeys.selector,
    queryFn: fetchSourceSelector,
    enabled: open,
  });
  const tables = useQuery({
    queryKey: dataModelKeys.tables(linkId, ''),
    queryFn: () => fetchTables(linkId, ''),
    enabled: open && Boolean(linkId),
  });

  useEffect(() => {
    if (!open || info.isFetching) return;
    form.setFieldsValue({
      linkId: info.data?.linkId || '0',
      linkTables: info.data?.linkTables ? info.data.linkTables.split(',').filter(Boolean) : [],
    });
  }, [open, info.isFetching, info.data, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      toastSuccess(
        (await saveLink({
          moduleId,
          linkId: values.linkId,
          linkTables: values.linkTables,
          dataType: type,
        })) || t('saved'),
        1.5,
      );
      await queryClient.invalidateQueries({ queryKey: linkKeys.info(moduleId, type) });
      await queryClient.invalidateQueries({ queryKey: linkKeys.tables(moduleId, type) });
      onClose();
    } catch {
      // message shown; the dialog stays
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      width={600}
      title={t('link.title', { kind: t(`items.tabs.${kind}`) })}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      confirmLoading={saving}
      loading={info.isFetching}
      onOk={submit}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values> form={form} name={`link-${kind}`} labelCol={{ style: { width: 90 } }}>
        <Form.Item
          name="linkId"
          label={t('link.source')}
          rules={[{ required: true, message: t('rules.select') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.fullName }))}
            onChange={() => form.setFieldsValue({ linkTables: [] })}
          />
        </Form.Item>
        <Form.Item
          name="linkTables"
          label={t('link.tables')}
          extra={t('link.tablesHelp')}
          rules={[{ required: true, type: 'array', min: 1, message: t('link.tablesRequired') }]}
        >
          <Select
            mode="tags"
            placeholder={t('link.tablesPlaceholder')}
            loading={tables.isFetching}
            tokenSeparators={[',']}
            options={(tables.data ?? []).map((table) => ({
              value: table.table,
              label: table.tableName ? `${table.table}（${table.tableName}）` : table.table,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
