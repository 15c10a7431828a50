import {
  DeleteOutlined,
  FileOutlined,
  FolderAddOutlined,
  FolderFilled,
  FolderOpenOutlined,
  ShareAltOutlined,
  TeamOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { formatFileSize } from '@console/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Breadcrumb, Button, Menu, Modal, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastSuccess } from '../../../base/api/feedback';
import { downloadUrl } from '../../../widgets/list/files';
import { AuthButton, PermissionScope } from '../../../widgets/list/permission';
import { RefreshButton } from '../../../widgets/list/refresh-button';
import { type RowAction, RowActions } from '../../../widgets/list/row-actions';
import { SearchBar } from '../../../widgets/list/search-bar';
import { UploadPanel } from '../../../widgets/upload/upload-panel';
import { useChunkUploads } from '../../../widgets/upload/use-chunk-uploads';
import {
  cancelShare,
  createFolder,
  type DocumentRow,
  type DocumentView,
  destroyDocument,
  documentKeys,
  downloadDocument,
  fetchDocuments,
  mergeInto,
  moveDocument,
  recoverDocument,
  removeDocument,
  renameDocument,
  shareDocument,
} from './api';
import { MoveDialog, NameDialog, PreviewDialog, ShareDialog } from './document-dialogs';
import '../../../widgets/list/list-page.css';
import './document.css';

const ADDRESS = 'extend/document';
const minutes = (value?: number | null) => (value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '');

interface Crumb {
  id: string;
  fullName: string;
}

function DocumentCentre() {
  const { t } = useTranslation('extendDocument');
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [view, setView] = useState<DocumentView>('all');
  const [path, setPath] = useState<Crumb[]>([]);
  const [keyword, setKeyword] = useState('');
  const [naming, setNaming] = useState<{ row?: DocumentRow } | null>(null);
  const [moving, setMoving] = useState<DocumentRow | null>(null);
  const [sharing, setSharing] = useState<DocumentRow | null>(null);
  const [previewing, setPreviewing] = useState<DocumentRow | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const parentId = path.at(-1)?.id ?? '0';

  const list = useQuery({
    queryKey: documentKeys.list(view, parentId, keyword),
    queryFn: () => fetchDocuments(view, parentId, keyword),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: documentKeys.all });

  const { uploads, add, remove, clear } = useChunkUploads({
    merge: mergeInto(parentId),
    onDone: (upload) => {
      remove(upload);
      toastSuccess(t('uploaded', { name: upload.file.name }), 1.5);
      void refresh();
    },
  });

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length) add(files);
  };

  const switchView = (next: DocumentView) => {
    setView(next);
    setPath([]);
    setKeyword('');
  };
  const open = (row: DocumentRow) => {
    setPath([...path, { id: row.id, fullName: row.fullName }]);
    setKeyword('');
  };

  const confirm = (content: string, action: () => Promise<string>, danger = true) =>
    modal.confirm({
      title: t('confirm.title'),
      content,
      okText: t('actions.ok'),
      cancelText: t('actions.cancel'),
      okButtonProps: { danger },
      onOk: async () => {
        const msg = await action();
        toastSuccess(msg, 1.5);
        await refresh();
      },
    });

  const download = async (row: DocumentRow) => {
    const file = await downloadDocument(row.id);
    downloadUrl(file.url, file.name);
  };

  const saveName = async (name: string) => {
    const msg = naming?.row ? await renameDocument(naming.row, name) : await createFolder(parentId, name);
    toastSuccess(msg, 1.5);
    await refresh();
  };

  const actionsOf = (row: DocumentRow): RowAction[] => {
    const file = row.type === 1;
    const preview: RowAction[] =
      file && row.isPreview
        ? [{ code: 'btn_detail', label: t('actions.preview'), onClick: () => setPreviewing(row) }]
        : [];
    const downloadAction: RowAction[] = file
      ? [{ code: 'btn_download', label: t('actions.download'), onClick: () => void download(row) }]
      : [];
    switch (view) {
      case 'all':
        return [
          ...preview,
          ...downloadAction,
          ...(file ? [{ code: 'btn_share', label: t('actions.share'), onClick: () => setSharing(row) }] : []),
          { code: 'btn_edit', label: t('actions.rename'), onClick: () => setNaming({ row }) },
          { code: 'btn_edit', label: t('actions.move'), onClick: () => setMoving(row) },
          {
            code: 'btn_remove',
            label: t('actions.delete'),
            danger: true,
            onClick: () =>
              confirm(t(file ? 'confirm.deleteFile' : 'confirm.deleteFolder', { name: row.fullName }), () =>
                removeDocument(row.id),
              ),
          },
        ];
      case 'share':
        return [
          ...downloadAction,
          { code: 'btn_share', label: t('actions.shareUsers'), onClick: () => setSharing(row) },
          {
            code: 'btn_share',
            label: t('actions.cancelShare'),
            danger: true,
            onClick: () =>
              confirm(t('confirm.cancelShare', { name: row.fullName }), () => cancelShare(row.id)),
          },
        ];
      case 'shareToMe':
        return [...preview, ...downloadAction];
      case 'trash':
        return [
          {
            code: 'btn_remove',
            label: t('actions.recover'),
            onClick: () =>
              confirm(t('confirm.recover', { name: row.fullName }), () => recoverDocument(row.id), false),
          },
          {
            code: 'btn_remove',
            label: t('actions.destroy'),
            danger: true,
            onClick: () =>
              confirm(t('confirm.destroy', { name: row.fullName }), () => destroyDocument(row.id)),
          },
        ];
    }
  };

  const timeColumn =
    view === 'trash'
      ? { title: t('fields.deleteTime'), dataIndex: 'deleteTime' as const }
      : view === 'shareToMe'
        ? { title: t('fields.shareTime'), dataIndex: 'shareTime' as const }
        : { title: t('fields.creatorTime'), dataIndex: 'creatorTime' as const };

  const columns: TableColumnsType<DocumentRow> = [
    {
      title: t('fields.fullName'),
      dataIndex: 'fullName',
      key: 'fullName',
      ellipsis: true,
      render: (name: string, row) =>
        row.type === 0 && view === 'all' ? (
          <Button type="link" className="document-name" icon={<FolderFilled />} onClick={() => open(row)}>
            {name}
          </Button>
        ) : (
          <span className="document-name">
            {row.type === 0 ? <FolderFilled /> : <FileOutlined />} {name}
          </span>
        ),
    },
    ...(view === 'shareToMe'
      ? [{ title: t('fields.sharer'), dataIndex: 'creatorUserName', key: 'creatorUserName', width: 180 }]
      : []),
    {
      title: t('fields.fileSize'),
      dataIndex: 'fileSize',
      key: 'fileSize',
      width: 110,
      render: (size: number, row) => (row.type === 1 ? formatFileSize(size) : ''),
    },
    { ...timeColumn, key: 'time', width: 160, render: (value: number | null) => minutes(value) },
    {
      title: t('actions.title'),
      key: 'actions',
      width: view === 'all' ? 360 : 220,
      fixed: 'right',
      render: (_, row) => <RowActions actions={actionsOf(row)} />,
    },
  ];

  const menu = [
    { key: 'all', icon: <FolderOpenOutlined />, label: t('views.all') },
    { key: 'share', icon: <ShareAltOutlined />, label: t('views.share') },
    { key: 'shareToMe', icon: <TeamOutlined />, label: t('views.shareToMe') },
    { key: 'trash', icon: <DeleteOutlined />, label: t('views.trash') },
  ];

  return (
    <div className="document-page" data-testid="document-page">
      <nav className="document-page__views" aria-label={t('title')}>
        <Menu
          mode="inline"
          selectedKeys={[view]}
          items={menu}
          onClick={({ key }) => switchView(key as DocumentView)}
        />
      </nav>
      <div className="list-page document-page__main">
        <div className="list-page__search">
          <SearchBar keyword={keyword} placeholder={t('keyword')} onSearch={setKeyword} />
        </div>
        <div className="list-page__body">
          <div className="list-page__toolbar">
            {view === 'all' ? (
              <Space>
                <AuthButton
                  code="btn_add"
                  type="primary"
                  icon={<FolderAddOutlined />}
                  onClick={() => setNaming({})}
                >
                  {t('actions.newFolder')}
                </AuthButton>
                <AuthButton
                  code="btn_upload"
                  icon={<UploadOutlined />}
                  onClick={() => input.current?.click()}
                >
                  {t('actions.upload')}
                </AuthButton>
                <input
                  ref={input}
                  type="file"
                  multiple
                  hidden
                  onChange={choose}
                  aria-label={t('actions.upload')}
                  data-testid="document-upload-input"
                />
              </Space>
            ) : (
              <span className="document-page__hint">{t(`hints.${view}`)}</span>
            )}
            <RefreshButton
              type="default"
              label={t('actions.refresh')}
              onRefresh={() => void list.refetch()}
            />
          </div>
          {view === 'all' && (
            <Breadcrumb
              className="document-page__path"
              items={[{ id: '0', fullName: t('views.all') }, ...path].map((crumb, i) => ({
                key: crumb.id,
                title:
                  i < path.length ? (
                    <Button
                      type="link"
                      size="small"
                      className="document-page__crumb"
                      onClick={() => setPath(path.slice(0, i))}
                    >
                      {crumb.fullName}
                    </Button>
                  ) : (
                    crumb.fullName
                  ),
              }))}
            />
          )}
          <Table<DocumentRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={list.data ?? []}
            loading={list.isFetching}
            locale={{ emptyText: t(`empty.${view}`) }}
            pagination={{
              defaultPageSize: 20,
              showSizeChanger: true,
              showTotal: (total) => t('total', { total }),
            }}
            scroll={{ x: 900 }}
          />
        </div>
      </div>
      <UploadPanel uploads={uploads} onRemove={remove} onClose={clear} />
      <NameDialog
        open={!!naming}
        title={naming?.row ? t('actions.rename') : t('actions.newFolder')}
        initial={naming?.row?.fullName ?? ''}
        onSubmit={saveName}
        onClose={() => setNaming(null)}
      />
      <MoveDialog
        key={moving?.id ?? 'closed'}
        row={moving}
        onClose={() => setMoving(null)}
        onSubmit={async (toId) => {
          if (!moving) return;
          toastSuccess(await moveDocument(moving.id, toId), 1.5);
          await refresh();
        }}
      />
      <ShareDialog
        row={sharing}
        onClose={() => setSharing(null)}
        onSubmit={async (userIds) => {
          if (!sharing) return;
          toastSuccess(await shareDocument(sharing.id, userIds), 1.5);
          await refresh();
        }}
      />
      <PreviewDialog row={previewing} onClose={() => setPreviewing(null)} />
      {modalHolder}
    </div>
  );
}

/** The personal document centre, page 'extend/document' (knowledge.md 3). */
export default function DocumentPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <DocumentCentre />
    </PermissionScope>
  );
}
