import type { MergeResult, UploadType } from '@console/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ChunkMerge, ChunkUpload } from './chunk-upload';

/**
 * The chunked uploads of one upload control: adds files (each starts at once), re-renders on
 * every change, calls onDone with each merged file, and cancels what runs when it unmounts.
 */
export function useChunkUploads(options: {
  type?: UploadType;
  /** A feature's own merge call; read when files are added. */
  merge?: ChunkMerge;
  onDone: (upload: ChunkUpload, result: MergeResult) => void;
}) {
  const [uploads, setUploads] = useState<ChunkUpload[]>([]);
  const [, setRevision] = useState(0);
  const onDone = useRef(options.onDone);
  onDone.current = options.onDone;
  const all = useRef<ChunkUpload[]>([]);
  const merge = useRef(options.merge);
  merge.current = options.merge;

  useEffect(
    () => () => {
      for (const upload of all.current) upload.cancel();
    },
    [],
  );

  const add = useCallback(
    (files: File[]) => {
      const added = files.map(
        (file) =>
          new ChunkUpload(file, {
            type: options.type,
            merge: merge.current,
            onChange: (upload) => {
              setRevision((n) => n + 1);
              if (upload.status === 'success' && upload.result) onDone.current(upload, upload.result);
            },
          }),
      );
      all.current = [...all.current, ...added];
      setUploads(all.current);
      for (const upload of added) void upload.start();
    },
    [options.type],
  );

  const remove = useCallback((upload: ChunkUpload) => {
    upload.cancel();
    all.current = all.current.filter((item) => item !== upload);
    setUploads(all.current);
  }, []);

  /** Closing the panel cancels every upload and hides it (widgets.md 2). */
  const clear = useCallback(() => {
    for (const upload of all.current) upload.cancel();
    all.current = [];
    setUploads([]);
  }, []);

  return { uploads, add, remove, clear };
}
