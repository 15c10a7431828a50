import { GeneratorClassName, GeneratorModuleName } from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Input, Modal, Select, Space, Spin, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadUrl } from '../../../widgets/list/files';
import { type DesignTable, fetchDesign, type VisualDev, webDesignKeys } from '../webDesign/api';
import {
  type CodeFolder,
  type CodeSettings,
  downloadCode,
  fetchAreas,
  generatorKeys,
  previewCode,
} from './api';
import './code-generator.css';

export type CodeMode = 'preview' | 'download';

interface SettingsForm {
  module: string;
  className: string;
  subClassName?: string[];
  description?: string;
}

/** A class name from the design's code: 'leave_form.v2' → 'LeaveFormV2'. */
export function classNameOf(enCode: string): string {
  const name = enCode
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')
    .replace(/^[0-9]+/, '');
  return GeneratorClassName.test(name) ? name : 'GeneratedForm';
}

function subTablesOf(tables: string | undefined): DesignTable[] {
  try {
    const value = JSON.parse(tables || '[]') as DesignTable[];
    return Array.isArray(value) ? value.filter((table) => table.typeId === '0') : [];
  } catch {
    return [];
  }
}

/** The generated files as a tree and the chosen file's text. */
function CodeViewer({ folders }: { folders: CodeFolder[] }) {
  const { t } = useTranslation('codeGenerator');
  const files = useMemo(
    () =>
      folders.flatMap((folder) =>
        folder.children.map((file) => ({
          key: folder.fileName === '.' ? file.fileName : `${folder.fileName}/${file.fileName}`,
          content: file.fileContent,
        })),
      ),
    [folders],
  );
  const [selected, setSelected] = useState(files[0]?.key ?? '');
  const treeData = folders.map((folder) => ({
    key: `folder:${folder.fileName}`,
    title: folder.fileName,
    selectable: false,
    children: folder.children.map((file) => ({
      key: folder.fileName === '.' ? file.fileName : `${folder.fileName}/${file.fileName}`,
      title: file.fileName,
      isLeaf: true,
    })),
  }));
  const shown = files.find((file) => file.key === selected);
  if (files.length === 0) return <Empty description={t('noFiles')} />;
  return (
    <div className="code-generator-viewer">
      <nav aria-label={t('files')} className="code-generator-files">
        <Tree.DirectoryTree
          treeData={treeData}
          defaultExpandAll
          selectedKeys={[selected]}
          onSelect={(keys) => keys[0] && setSelected(String(keys[0]))}
        />
      </nav>
      <section aria-label={shown?.key ?? ''} className="code-generator-code">
        <div className="code-generator-path">{shown?.key}</div>
        <pre data-testid="generated-code">{shown?.content}</pre>
      </section>
    </div>
  );
}

/**
 * The code generator's dialog for one design: module, class names and description, then the
 * preview (file tree and code) or the download of the zip.
 */
export function CodeDialog({
  design,
  mode,
  onClose,
}: {
  design: VisualDev | null;
  mode: CodeMode;
  onClose(): void;
}) {
  const { t } = useTranslation('codeGenerator');
  const [form] = Form.useForm<SettingsForm>();
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<CodeFolder[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const areas = useQuery({ queryKey: generatorKeys.areas, queryFn: fetchAreas, staleTime: 300_000 });
  const record = useQuery({
    queryKey: webDesignKeys.one(design?.id ?? ''),
    queryFn: () => fetchDesign(design?.id ?? ''),
    enabled: design !== null,
    gcTime: 0,
  });
  const subTables = subTablesOf(record.data?.tables);

  useEffect(() => {
    if (!design) return;
    setPreview(null);
    setError(null);
  }, [design]);

  useEffect(() => {
    if (!record.data) return;
    const className = classNameOf(record.data.enCode);
    form.setFieldsValue({
      module: 'example',
      className,
      subClassName: subTablesOf(record.data.tables).map((_, i) => `${className}Item${i + 1}`),
      description: record.data.fullName,
    });
  }, [record.data, form]);

  const run = async () => {
    if (!design) return;
    const values = await form.validateFields();
    const settings: CodeSettings = {
      module: values.module,
      className: values.className,
      subClassName: values.subClassName ?? [],
      description: values.description ?? '',
    };
    setBusy(true);
    setError(null);
    try {
      if (mode === 'preview') setPreview(await previewCode(design.id, settings));
      else {
        const file = await downloadCode(design.id, settings);
        downloadUrl(file.url, file.name);
        onClose();
      }
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const classRules = [
    { required: true, message: t('rules.className') },
    { pattern: GeneratorClassName, message: t('rules.classNamePattern') },
  ];
  return (
    <Modal
      open={design !== null}
      title={t(mode === 'preview' ? 'previewTitle' : 'downloadTitle', { name: design?.fullName ?? '' })}
      width={preview ? 1100 : 560}
      onCancel={onClose}
      destroyOnHidden
      footer={
        preview ? (
          <Space>
            <Button onClick={() => setPreview(null)}>{t('back')}</Button>
            <Button type="primary" onClick={onClose}>
              {t('close')}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button type="primary" loading={busy} disabled={!record.data} onClick={() => void run()}>
              {t(mode === 'preview' ? 'preview' : 'download')}
            </Button>
          </Space>
        )
      }
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {preview ? (
        <CodeViewer folders={preview} />
      ) : record.isLoading ? (
        <Spin />
      ) : (
        <Form form={form} layout="vertical" onFinish={() => void run()}>
          <Form.Item name="module" label={t('fields.module')} rules={[{ pattern: GeneratorModuleName }]}>
            <Select
              aria-label={t('fields.module')}
              loading={areas.isLoading}
              options={(areas.data ?? ['example']).map((area) => ({ value: area, label: area }))}
            />
          </Form.Item>
          <Form.Item name="className" label={t('fields.className')} rules={classRules}>
            <Input aria-label={t('fields.className')} maxLength={50} />
          </Form.Item>
          {subTables.map((table, i) => (
            <Form.Item
              key={table.table}
              name={['subClassName', i]}
              label={t('fields.subClassName', { table: table.tableName || table.table })}
              rules={classRules}
            >
              <Input aria-label={t('fields.subClassName', { table: table.tableName || table.table })} />
            </Form.Item>
          ))}
          <Form.Item name="description" label={t('fields.description')}>
            <Input.TextArea aria-label={t('fields.description')} maxLength={500} rows={2} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
