import { DeleteOutlined, DownloadOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import type { UploadResult } from '@console/shared';
import { App, Button, Image, Popconfirm, Space, Typography } from 'antd';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { http } from '../../../../base/api';
import { useSession } from '../../../../base/session/session-store';
import { downloadUrl, uploadFile } from '../../../list/files';
import {
  cleanName,
  type FileEntry,
  isPreviewImage,
  type Refusal,
  refuseFile,
  toEntries,
  type UploadLimits,
} from '../../../upload/files';
import { UploadPanel } from '../../../upload/upload-panel';
import { useChunkUploads } from '../../../upload/use-chunk-uploads';
import type { FieldProps, FormField } from '../../types';
import { ReadOnlyValue } from '../read-only';
import '../../../upload/upload.css';

type UploadField = FormField & UploadLimits & { buttonText?: string | null };

/** The latest entries, read when an upload ends (several may end between two renders). */
function useEntries(value: unknown, onChange?: (value: FileEntry[]) => void) {
  const entries = toEntries(value);
  const latest = useRef(entries);
  latest.current = entries;
  const set = (next: FileEntry[]) => {
    latest.current = next;
    onChange?.(next);
  };
  return { entries, latest, set };
}

/** The upload folder of a stored file's address (/api/file/Image/{type}/{name}); attachments by default. */
const folderOf = (url: string) => /\/file\/Image\/([A-Za-z]+)\//.exec(url)?.[1] ?? 'annex';

/** Asks for one zip of the entries; answers its one-use address (widgets.md 7, batch download). */
function packDownload(entries: FileEntry[]) {
  return http.post<{ downloadVo: { name: string; url: string }; downloadName: string }>(
    `/file/PackDownload/${folderOf(entries[0]?.url ?? '')}`,
    entries.map((entry) => ({ fileId: entry.fileId, fileName: entry.name })),
  );
}

function useRefusalMessage(kind: 'file' | 'image') {
  const { t } = useTranslation('upload');
  return (refusal: Refusal) => t(`${kind}.${refusal.key}`, refusal);
}

/** Files as links (documents are downloads) and images in a viewer; download-all when several. */
function FileList({ entries, onRemove }: { entries: FileEntry[]; onRemove?: (entry: FileEntry) => void }) {
  const { t } = useTranslation('upload');
  const { message } = App.useApp();
  const [packing, setPacking] = useState(false);
  /** One zip of every file (POST /api/file/PackDownload/{type}), streamed by the server. */
  const downloadAll = async () => {
    if (!entries.length) return message.warning(t('file.noFiles'));
    setPacking(true);
    try {
      const packed = await packDownload(entries);
      downloadUrl(packed.downloadVo.url, packed.downloadName);
    } catch {
      // The client already showed the server's message.
    } finally {
      setPacking(false);
    }
  };
  return (
    <div className="upload-files__list">
      {entries.map((entry) => (
        <Space key={entry.url} data-testid="upload-entry">
          <PaperClipOutlined />
          {isPreviewImage(entry.name) ? (
            <Image src={entry.url} alt={entry.name} width={24} height={24} />
          ) : null}
          <Typography.Link href={entry.url} download={entry.name}>
            {cleanName(entry.name)}
          </Typography.Link>
          {onRemove && (
            <Popconfirm
              title={t('file.removeConfirm', { file: entry.name })}
              onConfirm={() => onRemove(entry)}
            >
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('action.remove')}
              />
            </Popconfirm>
          )}
        </Space>
      ))}
      {entries.length > 1 && (
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          loading={packing}
          onClick={() => void downloadAll()}
        >
          {t('file.downloadAll')}
        </Button>
      )}
    </div>
  );
}

/** A hidden file input opened by a button; several files unless the limit is 1. */
function ChooseButton({
  field,
  disabled,
  text,
  onFiles,
}: {
  field: UploadField;
  disabled: boolean;
  text: string;
  onFiles: (files: File[]) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const extensions = field.accept?.trim() ? field.accept : undefined;
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    onFiles([...(event.target.files ?? [])]);
    event.target.value = '';
  };
  return (
    <>
      <input
        ref={input}
        type="file"
        style={{ display: 'none' }}
        multiple={field.limit !== 1}
        accept={extensions ?? undefined}
        onChange={change}
        data-testid="upload-input"
      />
      <Button icon={<UploadOutlined />} disabled={disabled} onClick={() => input.current?.click()}>
        {text}
      </Button>
    </>
  );
}

/**
 * uploadFz: attachments sent in 5 MB chunks (pause, resume, retry; an interrupted upload of the
 * same file continues where it stopped). The value is a list of file entries.
 */
export function UploadFzField({
  field,
  value,
  onChange,
  id,
  disabled,
  readOnly,
}: FieldProps<unknown, UploadField>) {
  const { t } = useTranslation('upload');
  const { message } = App.useApp();
  const refusalText = useRefusalMessage('file');
  const { entries, latest, set } = useEntries(value, onChange);
  const userId = useSession((state) => state.userInfo?.userId ?? '');
  const { pathname } = useLocation();
  const { uploads, interrupted, add, remove, dismiss, clear } = useChunkUploads({
    // Unfinished uploads of this user in this field are listed again after a reload.
    scope: `${userId}|${pathname}|${field.__vModel__ ?? id ?? ''}`,
    onDone: (upload, result) => {
      set([
        ...latest.current,
        {
          name: cleanName(upload.file.name),
          fileId: result.name,
          url: result.url,
          fileSize: result.fileSize,
          fileExtension: result.fileExtension,
        },
      ]);
      remove(upload);
    },
  });
  if (readOnly) return entries.length ? <FileList entries={entries} /> : <ReadOnlyValue />;

  const choose = (files: File[]) => {
    const accepted: File[] = [];
    for (const file of files) {
      const refusal = refuseFile(file, latest.current.length + uploads.length + accepted.length, field);
      if (refusal) message.warning(refusalText(refusal));
      else accepted.push(file);
    }
    if (accepted.length) add(accepted);
  };
  return (
    <div id={id}>
      <ChooseButton
        field={field}
        disabled={disabled}
        text={field.buttonText || t('file.button')}
        onFiles={choose}
      />
      <FileList
        entries={entries}
        onRemove={disabled ? undefined : (entry) => set(latest.current.filter((item) => item !== entry))}
      />
      <UploadPanel
        uploads={uploads}
        interrupted={interrupted}
        onRemove={remove}
        onDismiss={dismiss}
        onClose={clear}
      />
    </div>
  );
}

/** uploadImg: images sent whole to /api/file/Uploader/annex, shown as thumbnails with a viewer. */
export function UploadImgField({
  field,
  value,
  onChange,
  id,
  disabled,
  readOnly,
}: FieldProps<unknown, UploadField>) {
  const { t } = useTranslation('upload');
  const { message } = App.useApp();
  const refusalText = useRefusalMessage('image');
  const { entries, latest, set } = useEntries(value, onChange);
  const thumbnails = (remove?: (entry: FileEntry) => void) => (
    <Image.PreviewGroup>
      <Space wrap>
        {entries.map((entry) => (
          <Space key={entry.url} orientation="vertical" size={0} data-testid="upload-entry">
            <Image src={entry.url} alt={entry.name} width={96} height={96} style={{ objectFit: 'cover' }} />
            {remove && (
              <Popconfirm
                title={t('file.removeConfirm', { file: entry.name })}
                onConfirm={() => remove(entry)}
              >
                <Button type="link" size="small" danger>
                  {t('action.remove')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ))}
      </Space>
    </Image.PreviewGroup>
  );
  if (readOnly) return entries.length ? thumbnails() : <ReadOnlyValue />;

  const choose = async (files: File[]) => {
    for (const file of files) {
      const refusal = refuseFile(file, latest.current.length, { ...field, accept: field.accept || 'image' });
      if (refusal) {
        message.warning(refusal.key === 'type' ? t('image.notImage') : refusalText(refusal));
        continue;
      }
      try {
        const answer = await uploadFile('/file/Uploader/annex', file);
        const stored = answer.data as UploadResult;
        set([...latest.current, { name: cleanName(file.name), fileId: stored.name, url: stored.url }]);
      } catch {
        // The client already showed the server's message.
      }
    }
  };
  return (
    <div id={id}>
      {thumbnails(disabled ? undefined : (entry) => set(latest.current.filter((item) => item !== entry)))}
      <div>
        <ChooseButton
          field={{ ...field, accept: field.accept || 'image/*' }}
          disabled={disabled}
          text={field.buttonText || t('image.button')}
          onFiles={(files) => void choose(files)}
        />
      </div>
    </div>
  );
}
