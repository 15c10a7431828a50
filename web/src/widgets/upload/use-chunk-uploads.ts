import type { MergeResult, UploadType } from '@console/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ChunkMerge, ChunkUpload } from './chunk-upload';
import {
  forgetUpload,
  type PendingUpload,
  pendingUploads,
  rememberUpload,
  sameFile,
} from './pending-uploads';

/**
 * The chunked uploads of one upload control: adds files (each starts at once), re-renders on
 * every change, calls onDone with each merged file, and cancels what runs when it unmounts.
 * With a scope, unfinished uploads are remembered (pending-uploads.ts): after a reload they are
 * answered as `interrupted` until the same file is picked again.
 */
export function useChunkUploads(options: {
  type?: UploadType;
  /** A feature's own merge call; read when files are added. */
  merge?: ChunkMerge;
  /** Who and which field; without one nothing is remembered. */
  scope?: string;
  onDone: (upload: ChunkUpload, result: MergeResult) => void;
}) {
  const { scope } = options;
  const [uploads, setUploads] = useState<ChunkUpload[]>([]);
  const [interrupted, setInterrupted] = useState<PendingUpload[]>(() => (scope ? pendingUploads(scope) : []));
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

  const forget = useCallback(
    (identifier: string) => {
      if (scope && identifier) forgetUpload(scope, identifier);
    },
    [scope],
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
              // Hashed: from now on a reload can resume it.
              if (upload.status === 'waiting' && scope)
                rememberUpload({
                  scope,
                  identifier: upload.identifier,
                  name: file.name,
                  size: file.size,
                  lastModified: file.lastModified,
                });
              if (upload.status === 'success' && upload.result) {
                forget(upload.identifier);
                onDone.current(upload, upload.result);
              }
            },
          }),
      );
      // The interrupted entry of a file picked again gives way to its live upload.
      setInterrupted((list) => list.filter((entry) => !files.some((file) => sameFile(entry, file))));
      all.current = [...all.current, ...added];
      setUploads(all.current);
      for (const upload of added) void upload.start();
    },
    [options.type, scope, forget],
  );

  const remove = useCallback(
    (upload: ChunkUpload) => {
      upload.cancel();
      if (upload.status !== 'success') forget(upload.identifier);
      all.current = all.current.filter((item) => item !== upload);
      setUploads(all.current);
    },
    [forget],
  );

  /** An interrupted upload the person no longer wants. */
  const dismiss = useCallback(
    (entry: PendingUpload) => {
      forget(entry.identifier);
      setInterrupted((list) => list.filter((item) => item !== entry));
    },
    [forget],
  );

  /** Closing the panel cancels every upload and hides it (widgets.md 2). */
  const clear = useCallback(() => {
    for (const upload of all.current) {
      upload.cancel();
      forget(upload.identifier);
    }
    if (scope) for (const entry of pendingUploads(scope)) forget(entry.identifier);
    setInterrupted([]);
    all.current = [];
    setUploads([]);
  }, [forget, scope]);

  return { uploads, interrupted, add, remove, dismiss, clear };
}
