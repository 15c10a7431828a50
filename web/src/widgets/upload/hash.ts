import { md5OfBlob } from './md5';

/**
 * The file's MD5 (the upload identifier), computed in a web worker so the page stays responsive.
 * (js-md5, already a dependency, hashes incrementally as spark-md5 does.) Aborting ends the worker.
 */
export function hashFile(
  file: Blob,
  signal?: AbortSignal,
  onProgress?: (fraction: number) => void,
): Promise<string> {
  if (typeof Worker === 'undefined') return md5OfBlob(file, onProgress);
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./md5.worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(new DOMException('aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', stop, { once: true });
    worker.onmessage = (event: MessageEvent<{ fraction?: number; hash?: string; error?: string }>) => {
      const { fraction, hash, error } = event.data;
      if (fraction !== undefined) return onProgress?.(fraction);
      worker.terminate();
      signal?.removeEventListener('abort', stop);
      if (hash) resolve(hash);
      else reject(new Error(error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(event.message));
    };
    worker.postMessage(file);
  });
}
