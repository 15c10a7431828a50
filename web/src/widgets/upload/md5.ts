import { HASH_SLICE_SIZE } from '@console/shared';
import { md5 } from 'js-md5';

/** Reads one slice of a file (a Blob's arrayBuffer where there is one, else FileReader). */
function readSlice(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/**
 * The MD5 of a file, read in HASH_SLICE_SIZE slices so a large file never sits in memory whole.
 * Runs inside the hash worker; also the fallback where no worker can start.
 */
export async function md5OfBlob(blob: Blob, onProgress?: (fraction: number) => void): Promise<string> {
  const hasher = md5.create();
  for (let start = 0; start < blob.size; start += HASH_SLICE_SIZE) {
    hasher.update(await readSlice(blob.slice(start, start + HASH_SLICE_SIZE)));
    onProgress?.(Math.min(1, (start + HASH_SLICE_SIZE) / blob.size));
  }
  return hasher.hex();
}
