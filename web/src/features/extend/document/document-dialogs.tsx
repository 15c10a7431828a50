import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Form, Input, Modal, Spin, Tree } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserSelect } from '../../../widgets/org-picker';
import {
  type DocumentFolderNode,
  type DocumentRow,
  documentKeys,
  downloadDocument,
  fetchFolderTree,
  fetchShareUsers,
} from './api';

/** Dialog width of console.md 9 for small forms. */
const WIDTH = 600;

/** A folder's or file's name: new folder or rename. */
export function NameDialog({
  open,
  title,
  initial,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initial: string;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('extendDocument');
  const [form] = Form.useForm<{ fullName: string }>();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (open) form.setFieldsValue({ fullName: initial });
  }, [open, initial, form]);
  const submit = async () => {
    const { fullName } = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit(fullName.trim());
      onClose();
    } catch {
      // the client showed the refusal
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      width={WIDTH}
      destroyOnHidden
      confirmLoading={saving}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      onOk={submit}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" name="documentName" onFinish={submit}>
        <Form.Item
          name="fullName"
          label={t('fields.fullName')}
          rules={[
            { required: true, whitespace: true, message: t('rules.name') },
            { max: 100, message: t('rules.nameLength') },
            { pattern: /^[^\\/:*?"<>|]*$/, message: t('rules.nameChars') },
          ]}
        >
          <Input autoFocus maxLength={100} aria-label={t('fields.fullName')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

type TreeNode = { key: string; title: string; children: TreeNode[] };
const toTree = (nodes: DocumentFolderNode[]): TreeNode[] =>
  nodes.map((n) => ({ key: n.id, title: n.fullName, children: toTree(n.children) }));

/** Picks the folder a document moves to (the document's own subtree is not offered). */
export function MoveDialog({
  row,
  onSubmit,
  onClose,
}: {
  row: DocumentRow | null;
  onSubmit: (toId: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('extendDocument');
  const [target, setTarget] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const tree = useQuery({
    queryKey: documentKeys.tree(row?.id ?? ''),
    queryFn: () => fetchFolderTree(row?.id ?? '0'),
    enabled: !!row,
  });
  const nodes = tree.data ? toTree(tree.data) : [];
  if (nodes[0]) nodes[0].title = t('views.all');
  const submit = async () => {
    if (target === null) return;
    setSaving(true);
    try {
      await onSubmit(target);
      onClose();
    } catch {
      // shown
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!row}
      title={t('move.title', { name: row?.fullName ?? '' })}
      width={WIDTH}
      destroyOnHidden
      okButtonProps={{ disabled: target === null }}
      confirmLoading={saving}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      onOk={submit}
      onCancel={onClose}
    >
      {tree.isLoading ? (
        <Spin />
      ) : (
        <Tree
          aria-label={t('move.tree')}
          treeData={nodes}
          defaultExpandAll
          selectedKeys={target ? [target] : []}
          onSelect={(keys) => setTarget((keys[0] as string | undefined) ?? null)}
          style={{ maxHeight: 400, overflow: 'auto' }}
        />
      )}
    </Modal>
  );
}

/** The users a file is shared with; saving replaces them (none: use cancel share). */
export function ShareDialog({
  row,
  onSubmit,
  onClose,
}: {
  row: DocumentRow | null;
  onSubmit: (userIds: string[]) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation('extendDocument');
  const [userIds, setUserIds] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const current = useQuery({
    queryKey: documentKeys.shareUsers(row?.id ?? ''),
    queryFn: () => fetchShareUsers(row?.id ?? ''),
    enabled: !!row,
  });
  useEffect(() => {
    setUserIds(current.data?.map((u) => u.shareUserId) ?? []);
  }, [current.data]);
  const submit = async () => {
    setSaving(true);
    try {
      await onSubmit(userIds);
      onClose();
    } catch {
      // shown
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={!!row}
      title={t('share.title', { name: row?.fullName ?? '' })}
      width={WIDTH}
      destroyOnHidden
      okButtonProps={{ disabled: userIds.length === 0 }}
      confirmLoading={saving}
      okText={t('actions.ok')}
      cancelText={t('actions.cancel')}
      onOk={submit}
      onCancel={onClose}
    >
      <Form layout="vertical">
        <Form.Item label={t('share.users')} required>
          {current.isLoading ? (
            <Spin />
          ) : (
            <UserSelect
              multiple
              value={userIds}
              onChange={(value) => setUserIds(Array.isArray(value) ? value : value ? [value] : [])}
              placeholder={t('share.placeholder')}
            />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}

type Shown = { kind: 'image' | 'pdf'; url: string } | { kind: 'text'; text: string };

/**
 * Shows an image, PDF or text file in the page: its bytes come through a one-use download
 * address and are shown from memory (a text file as text, never as markup).
 */
export function PreviewDialog({ row, onClose }: { row: DocumentRow | null; onClose: () => void }) {
  const { t } = useTranslation('extendDocument');
  const [shown, setShown] = useState<Shown | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!row) return;
    let objectUrl = '';
    let stale = false;
    setShown(null);
    setError('');
    (async () => {
      const file = await downloadDocument(row.id);
      const response = await fetch(file.url);
      const blob = await response.blob();
      if (stale) return;
      if (blob.type.startsWith('text/')) setShown({ kind: 'text', text: await blob.text() });
      else {
        objectUrl = URL.createObjectURL(blob);
        setShown({ kind: blob.type === 'application/pdf' ? 'pdf' : 'image', url: objectUrl });
      }
    })().catch(() => {
      if (!stale) setError(t('preview.failed'));
    });
    return () => {
      stale = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [row, t]);
  return (
    <Modal
      open={!!row}
      title={t('preview.title', { name: row?.fullName ?? '' })}
      width={1000}
      footer={null}
      destroyOnHidden
      onCancel={onClose}
    >
      <div className="document-preview" data-testid="document-preview">
        {error ? (
          <Alert type="error" title={error} />
        ) : !shown ? (
          <Spin />
        ) : shown.kind === 'text' ? (
          <pre>{shown.text}</pre>
        ) : shown.kind === 'pdf' ? (
          <iframe title={row?.fullName} src={shown.url} />
        ) : shown.url ? (
          <img alt={row?.fullName} src={shown.url} />
        ) : (
          <Empty />
        )}
      </div>
    </Modal>
  );
}
