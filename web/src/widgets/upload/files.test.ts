import { createHash } from 'node:crypto';
import { CHUNK_SIZE, HASH_SLICE_SIZE } from '@console/shared';
import { describe, expect, it } from 'vitest';
import {
  acceptedExtensions,
  chunkCount,
  chunkRange,
  cleanName,
  heldBytes,
  missingChunks,
  refuseFile,
  shownPercent,
  toEntries,
} from './files';
import { md5OfBlob } from './md5';

describe('chunk plan', () => {
  it('cuts a file in 5 MiB chunks, the last one short, and lists what the server still lacks', () => {
    const size = CHUNK_SIZE * 2 + 7;
    expect(chunkCount(size)).toBe(3);
    expect(chunkCount(1)).toBe(1);
    expect(chunkRange(3, size)).toEqual({ start: CHUNK_SIZE * 2, end: size });
    expect(missingChunks(size, [2])).toEqual([1, 3]);
    expect(missingChunks(size, [1, 2, 3])).toEqual([]);
    expect(heldBytes(size, [1, 3])).toBe(CHUNK_SIZE + 7);
  });

  it('shows at most 99 % until the merge is done', () => {
    expect(shownPercent(100, 100, false)).toBe(99);
    expect(shownPercent(100, 100, true)).toBe(100);
    expect(shownPercent(50, 100, false)).toBe(50);
    expect(shownPercent(0, 0, false)).toBe(0);
  });
});

describe('file checks', () => {
  it('refuses over the count limit, of a type not accepted, or over the size, in that order', () => {
    const file = { name: 'a.PDF', size: 2 * 1024 * 1024 };
    expect(refuseFile(file, 1, { limit: 1 })).toEqual({ key: 'limit', n: 1 });
    expect(refuseFile(file, 0, { accept: 'image' })).toEqual({ key: 'type', types: 'image' });
    expect(refuseFile(file, 0, { accept: 'pdf,word', fileSize: 1, sizeUnit: 'MB' })).toEqual({
      key: 'size',
      size: 1,
      unit: 'MB',
    });
    expect(refuseFile(file, 0, { accept: '.pdf', fileSize: 2048, sizeUnit: 'KB' })).toBeUndefined();
    expect(refuseFile(file, 5, { limit: 0 })).toBeUndefined();
  });

  it('reads accept as categories, extensions or MIME wildcards', () => {
    expect(acceptedExtensions('')).toBeUndefined();
    expect(acceptedExtensions('image/*')).toContain('webp');
    expect(acceptedExtensions('.docx, excel')).toEqual(['docx', 'xls', 'xlsx', 'csv']);
  });

  it('strips # from names and reads a stored value as a list or as its JSON text', () => {
    expect(cleanName('a#b#.txt')).toBe('ab.txt');
    const entry = { name: 'a.txt', fileId: 'x.txt', url: '/api/file/Image/annex/x.txt' };
    expect(toEntries([entry, { bad: 1 }, null])).toEqual([entry]);
    expect(toEntries(JSON.stringify([entry]))).toEqual([entry]);
    expect(toEntries('not json')).toEqual([]);
  });
});

describe('file hash', () => {
  it('equals the MD5 of the whole file, read in 10,240,000-byte slices', async () => {
    const bytes = new Uint8Array(HASH_SLICE_SIZE + 12_345).map((_, i) => (i * 31) % 251);
    const fractions: number[] = [];
    const hash = await md5OfBlob(new Blob([bytes]), (f) => fractions.push(f));
    expect(hash).toBe(createHash('md5').update(bytes).digest('hex'));
    expect(fractions).toEqual([HASH_SLICE_SIZE / bytes.length, 1]);
  });
});
