import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTranslations } from '../../test/translations';
import { ChunkUpload } from './chunk-upload';
import { pendingUploads, rememberUpload } from './pending-uploads';
import { PROGRESS_DELAY_MS, UploadPanel } from './upload-panel';
import { useChunkUploads } from './use-chunk-uploads';

beforeAll(() => loadTranslations(['upload']));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

const MB = 1024 * 1024;
const SCOPE = 'user-1|/previewModel|files';
const IDENTIFIER = '0123456789abcdef0123456789abcdef';

function withProviders(node: React.ReactNode, client = new QueryClient()) {
  return (
    <QueryClientProvider client={client}>
      <App>{node}</App>
    </QueryClientProvider>
  );
}

describe('upload panel', { timeout: 60_000 }, () => {
  it('shows a file at once and its progress bar only after 200 ms', () => {
    vi.useFakeTimers();
    const upload = new ChunkUpload(new File(['x'], 'report#1.pdf'), { onChange: () => undefined });
    upload.status = 'uploading';
    render(
      withProviders(<UploadPanel uploads={[upload]} onRemove={() => undefined} onClose={() => undefined} />),
    );
    expect(screen.getByText('report1.pdf')).toBeTruthy();
    expect(screen.getByText('上传中')).toBeTruthy();
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS - 1));
    expect(document.querySelector('.ant-progress')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(document.querySelector('.ant-progress')).not.toBeNull();
  });

  it('says how many chunks a resumed upload skipped', () => {
    const upload = new ChunkUpload(new File([new Uint8Array(12 * MB)], 'big.bin'), {
      onChange: () => undefined,
    });
    upload.status = 'uploading';
    upload.resumedChunks = 2;
    render(
      withProviders(<UploadPanel uploads={[upload]} onRemove={() => undefined} onClose={() => undefined} />),
    );
    expect(screen.getByTestId('upload-resumed').textContent).toBe('（续传：服务器已有2/3片，已跳过）');
  });
});

describe('uploads interrupted by a reload', { timeout: 60_000 }, () => {
  function Field() {
    const { uploads, interrupted, remove, dismiss, clear } = useChunkUploads({
      scope: SCOPE,
      onDone: () => undefined,
    });
    return (
      <UploadPanel
        uploads={uploads}
        interrupted={interrupted}
        onRemove={remove}
        onDismiss={dismiss}
        onClose={clear}
      />
    );
  }

  const remember = () =>
    rememberUpload({ scope: SCOPE, identifier: IDENTIFIER, name: 'big.bin', size: 12 * MB, lastModified: 1 });

  it('lists the unfinished upload with what the server holds, and forgets it when removed', async () => {
    remember();
    // Another field's upload is not listed here.
    rememberUpload({
      scope: 'user-1|/other|files',
      identifier: IDENTIFIER,
      name: 'x',
      size: 1,
      lastModified: 1,
    });
    const client = new QueryClient();
    client.setQueryData(['upload', 'held', IDENTIFIER, 12 * MB], {
      uploaded: false,
      merge: false,
      chunkNumbers: [1, 2],
    });
    render(withProviders(<Field />, client));
    const item = await screen.findByTestId('upload-item');
    expect(item.getAttribute('data-status')).toBe('interrupted');
    expect(item.textContent).toContain('big.bin');
    expect(item.textContent).toContain(
      '上传已中断（服务器已有2/3片）：再次选择该文件即可继续，已有的分片不再上传',
    );
    // 10 of 12 MB held.
    expect(item.querySelector('.ant-progress')?.getAttribute('aria-valuenow')).toBe('83');

    fireEvent.click(screen.getByRole('button', { name: /^移\s?除$/ }));
    expect(screen.queryByTestId('upload-item')).toBeNull();
    expect(pendingUploads(SCOPE)).toEqual([]);
    expect(pendingUploads('user-1|/other|files')).toHaveLength(1);
  });

  it('closing the panel forgets the interrupted uploads too', async () => {
    remember();
    render(withProviders(<Field />));
    await screen.findByTestId('upload-item');
    fireEvent.click(screen.getByRole('button', { name: '关闭并取消上传' }));
    expect(screen.queryByTestId('upload-item')).toBeNull();
    expect(pendingUploads(SCOPE)).toEqual([]);
  });
});
