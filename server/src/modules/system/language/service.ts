import { readdirSync, readFileSync } from 'node:fs';
import type { Pagination } from '@console/shared';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, STALE_VERSION_MESSAGE } from '../../../core/errors.js';
import { newId } from '../../../core/ids.js';
import { updateVersioned } from '../../../core/versioned.js';
import type { Db } from '../../../db/client.js';
import { langOverrides } from '../../../db/schema/index.js';

/** The web client's languages, as its locale folders are named. */
export const UI_LANGUAGES = ['zh-CN', 'zh-TW', 'en-US'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** The bundled locale files (web/src/locales/<language>/<namespace>.json); same depth from src and dist. */
const LOCALES_DIR = new URL('../../../../../web/src/locales/', import.meta.url);

export const LanguageMessages = {
  saved: '保存成功',
  unknownKey: '没有这条翻译，请刷新后重试',
  placeholders: (language: string, missing: string[]) =>
    `${language}的译文必须保留占位符：${missing.map((p) => `{{${p}}}`).join('、')}`,
} as const;

type Texts = Map<string, string>;

/** namespace.key → text of one language, read once per process (the files ship with the build). */
let bundled: Map<UiLanguage, Map<string, Texts>> | null = null;

function flatten(value: unknown, prefix: string, into: Texts) {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into);
}

function bundledTexts(): Map<UiLanguage, Map<string, Texts>> {
  if (bundled) return bundled;
  const all = new Map<UiLanguage, Map<string, Texts>>();
  for (const language of UI_LANGUAGES) {
    const namespaces = new Map<string, Texts>();
    const folder = new URL(`${language}/`, LOCALES_DIR);
    for (const file of readdirSync(folder)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const texts: Texts = new Map();
      flatten(JSON.parse(readFileSync(new URL(file, folder), 'utf8')), '', texts);
      namespaces.set(file.slice(0, -'.json'.length), texts);
    }
    all.set(language, namespaces);
  }
  bundled = all;
  return all;
}

const placeholdersOf = (text: string) =>
  new Set([...text.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]!));

export const LanguageListQuery = z.object({
  currentPage: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  keyword: z.string().trim().max(100, '关键词最多为100个字符').optional().default(''),
  namespace: z.string().trim().max(50).optional().default(''),
});
export type LanguageListQuery = z.infer<typeof LanguageListQuery>;

const text = (language: string) =>
  z
    .string({ message: `请输入${language}译文` })
    .trim()
    .min(1, `请输入${language}译文`)
    .max(2000, `${language}译文最多为2000个字符`);

/** PUT /api/system/BaseLang: the three texts of one key; a text equal to the bundled one drops its override. */
export const LanguageUpdateBody = z.object({
  namespace: z.string({ message: '缺少命名空间' }).trim().min(1, '缺少命名空间').max(50),
  key: z.string({ message: '缺少翻译键' }).trim().min(1, '缺少翻译键').max(200),
  values: z.object(
    { 'zh-CN': text('简体中文'), 'zh-TW': text('繁體中文'), 'en-US': text('English') },
    { message: '请输入三种语言的译文' },
  ),
  /** Versions of the overrides the client read, by language (absent where there was none). */
  versions: z.record(z.string(), z.coerce.number().int().min(0)).optional().default({}),
});
export type LanguageUpdateBody = z.infer<typeof LanguageUpdateBody>;

export interface LanguageRow {
  namespace: string;
  key: string;
  values: Record<UiLanguage, string>;
  /** The bundled texts, for reverting and for the placeholder rule. */
  original: Record<UiLanguage, string>;
  versions: Partial<Record<UiLanguage, number>>;
}

const LANGUAGE_NAMES: Record<UiLanguage, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
  'en-US': 'English',
};

export class LanguageService {
  constructor(private readonly db: Db) {}

  private async overrides() {
    return this.db.select().from(langOverrides);
  }

  /** Every key of the bundled files with its current texts; keyword matches the key or any text. */
  async list(
    query: LanguageListQuery,
  ): Promise<{ list: LanguageRow[]; pagination: Pagination; namespaces: string[] }> {
    const texts = bundledTexts();
    const chinese = texts.get('zh-CN')!;
    const edited = new Map<string, (typeof langOverrides.$inferSelect)[]>();
    for (const o of await this.overrides()) {
      const id = `${o.namespace}\u0000${o.key}`;
      edited.set(id, [...(edited.get(id) ?? []), o]);
    }
    const keyword = query.keyword.toLowerCase();
    const rows: LanguageRow[] = [];
    for (const [namespace, keys] of chinese) {
      if (query.namespace && namespace !== query.namespace) continue;
      for (const key of keys.keys()) {
        const original = Object.fromEntries(
          UI_LANGUAGES.map((l) => [l, texts.get(l)?.get(namespace)?.get(key) ?? '']),
        ) as Record<UiLanguage, string>;
        const values = { ...original };
        const versions: LanguageRow['versions'] = {};
        for (const o of edited.get(`${namespace}\u0000${key}`) ?? []) {
          values[o.language as UiLanguage] = o.value;
          versions[o.language as UiLanguage] = o.version;
        }
        const row = { namespace, key, values, original, versions };
        if (
          !keyword ||
          `${namespace}.${key}`.toLowerCase().includes(keyword) ||
          Object.values(values).some((v) => v.toLowerCase().includes(keyword))
        )
          rows.push(row);
      }
    }
    const start = (query.currentPage - 1) * query.pageSize;
    return {
      list: rows.slice(start, start + query.pageSize),
      pagination: { currentPage: query.currentPage, pageSize: query.pageSize, total: rows.length },
      namespaces: [...chinese.keys()],
    };
  }

  /** Every override, nested by language and namespace, for the client to lay over its bundles. */
  async allOverrides(): Promise<Record<string, Record<string, Record<string, string>>>> {
    const result: Record<string, Record<string, Record<string, string>>> = {};
    for (const o of await this.overrides()) {
      result[o.language] ??= {};
      result[o.language]![o.namespace] ??= {};
      result[o.language]![o.namespace]![o.key] = o.value;
    }
    return result;
  }

  async update(userId: string, body: LanguageUpdateBody): Promise<void> {
    const texts = bundledTexts();
    const original = (language: UiLanguage) => texts.get(language)?.get(body.namespace)?.get(body.key);
    if (original('zh-CN') === undefined) throw badRequest(LanguageMessages.unknownKey);
    for (const language of UI_LANGUAGES) {
      const kept = placeholdersOf(body.values[language]);
      const missing = [...placeholdersOf(original(language) ?? original('zh-CN')!)].filter(
        (p) => !kept.has(p),
      );
      if (missing.length) throw badRequest(LanguageMessages.placeholders(LANGUAGE_NAMES[language], missing));
    }
    await this.db.transaction(async (tx) => {
      for (const language of UI_LANGUAGES) {
        const value = body.values[language];
        const where = and(
          eq(langOverrides.namespace, body.namespace),
          eq(langOverrides.key, body.key),
          eq(langOverrides.language, language),
        );
        const [current] = await tx.select().from(langOverrides).where(where).for('update');
        const read = body.versions[language];
        if (current && read === undefined) throw badRequest(STALE_VERSION_MESSAGE);
        if (value === original(language)) {
          if (current) {
            const removed = await tx
              .delete(langOverrides)
              .where(and(where, eq(langOverrides.version, read!)))
              .returning({ id: langOverrides.id });
            if (removed.length === 0) throw badRequest(STALE_VERSION_MESSAGE);
          }
        } else if (current) {
          if (current.value !== value)
            await updateVersioned(tx, langOverrides, { id: current.id, version: read!, userId }, { value });
          else if (current.version !== read) throw badRequest(STALE_VERSION_MESSAGE);
        } else {
          await tx
            .insert(langOverrides)
            .values({
              id: newId(),
              namespace: body.namespace,
              key: body.key,
              language,
              value,
              creatorUserId: userId,
            })
            .onConflictDoNothing()
            .returning({ id: langOverrides.id })
            .then((inserted) => {
              if (inserted.length === 0) throw badRequest(STALE_VERSION_MESSAGE);
            });
        }
      }
    });
  }
}
