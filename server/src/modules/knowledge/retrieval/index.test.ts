import { describe, expect, it } from 'vitest';
import { ChunkIndex, createAnalyzer, fuseByRank, type IndexedChunk, VectorIndex } from './index.js';

const analyzer = createAnalyzer();

function chunk(
  id: string,
  text: string,
  baseId = 'base-a',
  documentId = `doc-${id}`,
  seq?: number,
): IndexedChunk {
  return { id, baseId, documentId, text, seq };
}

const ids = (hits: { chunkId: string }[]) => hits.map((h) => h.chunkId);

describe('analyzer', () => {
  it('normalises full-width forms, case and traditional characters', () => {
    expect(analyzer.normalize('ＡＢＣ１２３ 臺灣省圖書館開放時間')).toBe('abc123 台湾省图书馆开放时间');
  });

  it('leaves question words out of a question, and never pairs characters across them', () => {
    const terms = analyzer.queryTerms('北京的故宫在哪里？什么时候开放');
    const all = [...terms.words, ...terms.bigrams, ...terms.unigrams];
    expect(all.some((t) => /哪|什么/.test(t))).toBe(false);
    expect(terms.bigrams).toEqual(expect.arrayContaining(['北京', '故宫', '开放']));
    expect(terms.bigrams).not.toContain('宫在哪');
    expect(terms.words).toEqual(expect.arrayContaining(['北京', '故宫', '开放']));
  });

  it('keeps the user dictionary words whole once set, and says its terms are stale', () => {
    const own = createAnalyzer();
    expect(own.queryTerms('如何办理一网通办').words).not.toContain('一网通办');
    const before = own.version;
    own.setUserWords(['一网通办']);
    expect(own.version).toBeGreaterThan(before);
    expect(own.queryTerms('如何办理一网通办').words).toContain('一网通办');
  });
});

describe('ChunkIndex', () => {
  const corpus = [
    chunk('library', '区图书馆每周二至周日开放，开放时间为上午九点至下午五点。'),
    chunk('permit', '办理居住证需要携带身份证和租房合同，到社区服务中心申请。'),
    chunk('tax', '个人所得税汇算清缴在每年三月至六月进行。'),
  ];

  it('finds the chunk that answers, in simplified or traditional Chinese and full-width digits', () => {
    const index = new ChunkIndex({ analyzer });
    index.upsert(corpus);
    expect(index.size).toBe(3);
    expect(ids(index.search('图书馆什么时候开放？', { baseIds: ['base-a'], topK: 1 }))).toEqual(['library']);
    expect(ids(index.search('辦理居住證需要帶什麼？', { baseIds: ['base-a'], topK: 1 }))).toEqual(['permit']);
    const [hit] = index.search('个人所得税汇算清缴在哪几个月？', { baseIds: ['base-a'], topK: 3 });
    expect(hit?.chunkId).toBe('tax');
    expect(hit!.relevance).toBeGreaterThan(0.5);
    expect(hit!.relevance).toBeLessThanOrEqual(1);
  });

  it('never scores or returns a chunk of a base outside the allowed set', () => {
    const index = new ChunkIndex({ analyzer });
    index.upsert([...corpus, chunk('secret', '区图书馆内部值班表：周一闭馆检修。', 'base-b')]);
    const onlyA = ids(index.search('图书馆闭馆', { baseIds: ['base-a'], topK: 10 }));
    expect(onlyA).not.toContain('secret');
    expect(onlyA).toContain('library');
    expect(ids(index.search('图书馆闭馆', { baseIds: ['base-b'], topK: 10 }))).toEqual(['secret']);
    expect(index.search('图书馆闭馆', { baseIds: [], topK: 10 })).toEqual([]);
    expect(index.search('图书馆闭馆', { baseIds: ['no-such-base'], topK: 10 })).toEqual([]);
  });

  it('answers nothing for a question with nothing in common with the base', () => {
    const index = new ChunkIndex({ analyzer });
    index.upsert(corpus);
    expect(index.search('量子计算机的原理', { baseIds: ['base-a'], topK: 5 })).toEqual([]);
    expect(index.search('什么？', { baseIds: ['base-a'], topK: 5 })).toEqual([]);
  });

  it('replaces a chunk on upsert and forgets removed chunks, documents and bases', () => {
    const index = new ChunkIndex({ analyzer });
    index.upsert(corpus);
    index.upsert([chunk('library', '区图书馆正在装修，暂停开放。')]);
    expect(index.size).toBe(3);
    expect(index.search('上午九点', { baseIds: ['base-a'], topK: 5 })).toEqual([]);
    expect(ids(index.search('图书馆装修', { baseIds: ['base-a'], topK: 5 }))).toEqual(['library']);

    index.remove(['library']);
    expect(index.size).toBe(2);
    expect(index.search('图书馆装修', { baseIds: ['base-a'], topK: 5 })).toEqual([]);
    index.removeDocument('doc-permit');
    expect(ids(index.search('居住证', { baseIds: ['base-a'], topK: 5 }))).toEqual([]);
    index.upsert([chunk('other-base', '个人所得税申报指南', 'base-b')]);
    index.removeBase('base-a');
    expect(index.size).toBe(1);
    expect(
      index.search('个人所得税', { baseIds: ['base-a', 'base-b'], topK: 5 }).map((h) => h.chunkId),
    ).toEqual(['other-base']);
  });

  it('stays right after compacting away many removed chunks', () => {
    const index = new ChunkIndex({ analyzer });
    const many = Array.from({ length: 300 }, (_, i) =>
      chunk(`c${i}`, `第${i}号通知：编号${i}的事项办理流程。`),
    );
    index.upsert(many);
    index.remove(many.slice(0, 250).map((c) => c.id));
    expect(index.size).toBe(50);
    expect(ids(index.search('编号260的事项', { baseIds: ['base-a'], topK: 1 }))).toEqual(['c260']);
    expect(ids(index.search('编号10的事项', { baseIds: ['base-a'], topK: 100 }))).not.toContain('c10');
    index.upsert([chunk('c10', '编号10的事项恢复办理。')]);
    expect(ids(index.search('编号10恢复', { baseIds: ['base-a'], topK: 1 }))).toEqual(['c10']);
  });

  it("finds a later chunk by its document's opening, whichever chunk was indexed first", () => {
    // Numbered from 0 or from 1 (as the server does): the lowest seq is the document's opening.
    for (const from of [0, 1]) {
      const first = chunk('p0', '张衡是东汉时期的天文学家。', 'base-a', 'bio', from);
      const later = chunk('p1', '他发明了浑天仪和地动仪。', 'base-a', 'bio', from + 1);
      const decoy = chunk('x0', '地动仪的复原模型陈列在博物馆。', 'base-a', 'museum', from);
      for (const order of [
        [first, later, decoy],
        [later, decoy, first],
      ]) {
        const index = new ChunkIndex({ analyzer });
        for (const c of order) index.upsert([c]);
        expect(ids(index.search('张衡发明了什么仪器？', { baseIds: ['base-a'], topK: 1 }))).toEqual(['p1']);
      }
    }
  });

  it('re-analyses its chunks when the user dictionary changes', () => {
    const own = createAnalyzer();
    const index = new ChunkIndex({ analyzer: own });
    index.upsert([chunk('a', '一网通办平台上线。'), chunk('b', '通办窗口在一楼。')]);
    own.setUserWords(['一网通办']);
    index.reanalyze();
    expect(index.size).toBe(2);
    expect(ids(index.search('一网通办', { baseIds: ['base-a'], topK: 1 }))).toEqual(['a']);
  });
});

describe('VectorIndex and fuseByRank', () => {
  it('ranks by cosine within the allowed bases only', () => {
    const vectors = new VectorIndex();
    vectors.upsert([
      { id: 'x', baseId: 'a', documentId: 'd1', vector: [1, 0, 0] },
      { id: 'y', baseId: 'a', documentId: 'd2', vector: [0.7, 0.7, 0] },
      { id: 'z', baseId: 'b', documentId: 'd3', vector: [1, 0.01, 0] },
    ]);
    expect(ids(vectors.search([2, 0, 0], { baseIds: ['a'], topK: 5 }))).toEqual(['x', 'y']);
    expect(vectors.search([2, 0, 0], { baseIds: ['a'], topK: 1 })[0]!.score).toBeCloseTo(1);
    expect(ids(vectors.search([1, 0, 0], { baseIds: ['a', 'b'], topK: 5 }))).toEqual(['x', 'z', 'y']);
    vectors.removeDocument('d1');
    vectors.removeBase('b');
    expect(ids(vectors.search([1, 0, 0], { baseIds: ['a', 'b'], topK: 5 }))).toEqual(['y']);
    expect(() => vectors.upsert([{ id: 'w', baseId: 'a', documentId: 'd4', vector: [1, 0] }])).toThrow();
  });

  it('fuses lists by reciprocal rank', () => {
    const fused = fuseByRank([
      [{ chunkId: 'a' }, { chunkId: 'b' }, { chunkId: 'c' }],
      [{ chunkId: 'c' }, { chunkId: 'b' }],
    ]);
    // c: 1/63 + 1/61 beats b: 1/62 + 1/62, which beats a: 1/61 alone.
    expect(ids(fused)).toEqual(['c', 'b', 'a']);
    expect(fused[0]!.score).toBeCloseTo(1 / 63 + 1 / 61, 10);
    expect(fuseByRank([[{ chunkId: 'a' }]], 1)[0]!.score).toBe(0.5);
  });
});
