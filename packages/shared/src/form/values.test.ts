import { describe, expect, it } from 'vitest';
import { everyKeyForm } from './samples.js';
import { type FormField, parseFormData } from './schema.js';
import { emptyValue, holdsList, storesValue, vModelProblems, walkFields } from './values.js';

const field = (jnpfKey: string, props: Record<string, unknown> = {}, config: Record<string, unknown> = {}) =>
  ({ __config__: { jnpfKey, ...config }, ...props }) as FormField;
const form = (fields: FormField[]) => {
  const parsed = parseFormData(JSON.stringify({ fields }));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.form;
};

describe('which fields hold a value', () => {
  it.each([
    'divider',
    'JNPFText',
    'link',
    'alert',
    'groupTitle',
    'button',
    'barcode',
    'qrcode',
    'row',
    'tab',
    'tableGridTd',
  ])('%s stores nothing', (key) => expect(storesValue(field(key))).toBe(false));
  it.each(['relationFormAttr', 'popupAttr', 'calculate'])('%s stores only with isStorage 2', (key) => {
    expect(storesValue(field(key, {}, { isStorage: 1 }))).toBe(false);
    expect(storesValue(field(key))).toBe(false);
    expect(storesValue(field(key, {}, { isStorage: 2 }))).toBe(true);
  });
  it.each(['comInput', 'numInput', 'table', 'billRule', 'createUser', 'uploadFz'])(
    '%s stores its value',
    (key) => {
      expect(storesValue(field(key))).toBe(true);
    },
  );

  it('lists: always for checkbox, cascader, address, uploads, sub-tables; with multiple for selects and pickers', () => {
    for (const key of ['checkbox', 'cascader', 'address', 'uploadFz', 'uploadImg', 'table', 'comSelect'])
      expect(holdsList(field(key)), key).toBe(true);
    for (const key of ['select', 'userSelect', 'depSelect', 'treeSelect', 'popupTableSelect']) {
      expect(holdsList(field(key)), key).toBe(false);
      expect(holdsList(field(key, { multiple: true })), key).toBe(true);
    }
    expect(holdsList(field('slider', { range: true }))).toBe(true);
    expect(emptyValue(field('checkbox'))).toEqual([]);
    expect(emptyValue(field('comInput'))).toBeNull();
  });
});

describe('vModelProblems (forms.md 1.2)', () => {
  it('finds none in the every-key sample', () => {
    expect(vModelProblems(everyKeyForm())).toEqual([]);
  });

  it('names a storing field without a vModel, by path and label', () => {
    const problems = vModelProblems(
      form([
        field('row', {}, { children: [field('comInput', {}, { label: 'Name' })] }),
        field('divider'),
        field('calculate'),
      ]),
    );
    expect(problems).toEqual(['fields[0].__config__.children[0]: "Name" needs a field name (__vModel__)']);
  });

  it('names a vModel used twice in the main form, but allows the same column name in a sub-table', () => {
    const problems = vModelProblems(
      form([
        field('comInput', { __vModel__: 'name' }),
        field('table', { __vModel__: 'items' }, { children: [field('comInput', { __vModel__: 'name' })] }),
        field('card', {}, { children: [field('numInput', { __vModel__: 'name' }, { label: 'Again' })] }),
      ]),
    );
    expect(problems).toEqual([
      'fields[2].__config__.children[0]: "Again" uses the field name "name" of fields[0] again',
    ]);
  });

  it('walks every field with its sub-table', () => {
    const seen: string[] = [];
    walkFields(
      form([field('table', { __vModel__: 't' }, { children: [field('comInput', { __vModel__: 'c' })] })])
        .fields,
      (f, where) =>
        seen.push(
          `${f.__config__.jnpfKey}@${where.path}${where.table ? ` in ${where.table.__vModel__}` : ''}`,
        ),
    );
    expect(seen).toEqual(['table@fields[0]', 'comInput@fields[0].__config__.children[0] in t']);
  });
});
