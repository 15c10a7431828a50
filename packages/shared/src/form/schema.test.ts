import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CONTAINER_CHILD_KEYS, DESIGNER_KEYS, EXTENSION_KEYS, JNPF_KEYS, LEGACY_KEYS } from './keys.js';
import { everyKeyForm } from './samples.js';
import { FormDataString, type FormField, isField, parseFormData } from './schema.js';
import { walkFields } from './values.js';

/** formData as it travels: a JSON string of the form. */
const formData = (fields: unknown[], config: Record<string, unknown> = {}) =>
  JSON.stringify({ ...config, fields });
const input = (extra: Record<string, unknown> = {}) => ({
  __config__: { jnpfKey: 'comInput', label: 'Name' },
  __vModel__: 'name',
  ...extra,
});

function errorOf(json: string): string {
  const parsed = parseFormData(json);
  if (parsed.ok) throw new Error('expected the form to be refused');
  return parsed.error;
}

describe('the key catalogue', () => {
  it('holds the 53 designer keys, 4 container child keys and 7 legacy keys of forms.md 2, and sign', () => {
    expect(DESIGNER_KEYS).toHaveLength(53);
    expect(CONTAINER_CHILD_KEYS).toHaveLength(4);
    expect(LEGACY_KEYS).toHaveLength(7);
    expect(EXTENSION_KEYS).toEqual(['sign']);
    expect(new Set(JNPF_KEYS).size).toBe(65);
  });
});

describe('parseFormData accepts', () => {
  it('a form holding every key, and gives it back unchanged', () => {
    const form = everyKeyForm();
    const json = JSON.stringify(form);
    const parsed = parseFormData(json);
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.form).toEqual(form);
    const keys = new Set<string>();
    walkFields(parsed.form.fields, (field) => keys.add(field.__config__.jnpfKey));
    expect([...keys].sort()).toEqual([...JNPF_KEYS].sort());
  });

  it.each(JNPF_KEYS)('a minimal %s field', (key) => {
    const children = {
      collapse: 'collapseItem',
      tab: 'tabItem',
      tableGrid: 'tableGridTr',
      tableGridTr: 'tableGridTd',
    }[key as string];
    const config = {
      jnpfKey: key,
      ...(children ? { children: [{ __config__: { jnpfKey: children, children: [] } }] } : {}),
    };
    expect(parseFormData(formData([{ __config__: config }])).ok).toBe(true);
  });

  it('props it does not know and null for props left unset, as older designers write them', () => {
    const parsed = parseFormData(
      formData([input({ maxlength: null, 'suffix-icon': '', somethingNew: { a: 1 } })], {
        funcs: { onLoad: '' },
      }),
    );
    expect(parsed.ok && parsed.form.fields[0]).toMatchObject({ maxlength: null, somethingNew: { a: 1 } });
  });

  it('a field narrowed by its key', () => {
    const parsed = parseFormData(formData([{ __config__: { jnpfKey: 'numInput' }, precision: 2 }]));
    const field = parsed.ok ? (parsed.form.fields[0] as FormField) : undefined;
    expect(field && isField(field, 'numInput') && field.precision).toBe(2);
    expect(field && isField(field, 'comInput')).toBe(false);
  });
});

describe('parseFormData refuses junk and names where it is', () => {
  it.each([
    ['not JSON', '{"fields": [', 'formData is not valid JSON'],
    ['no fields', '{}', 'fields: must be a list'],
    ['fields not a list', formData([]).replace('[]', '"x"'), 'fields: must be a list'],
    ['a field that is not an object', formData([3]), 'fields[0]: a field must be an object'],
    [
      'a field without __config__',
      formData([{ __vModel__: 'a' }]),
      'fields[0].__config__: missing __config__',
    ],
    [
      'a field without jnpfKey',
      formData([{ __config__: { label: 'a' } }]),
      'fields[0].__config__.jnpfKey: missing jnpfKey',
    ],
    [
      'an unknown widget',
      formData([input(), { __config__: { jnpfKey: 'foo' } }]),
      'fields[1].__config__.jnpfKey: unknown widget "foo"',
    ],
    [
      'an unknown widget deep in containers',
      formData([
        input(),
        input(),
        input(),
        { __config__: { jnpfKey: 'row', children: [{ __config__: { jnpfKey: 'foo' } }] } },
      ]),
      'fields[3].__config__.children[0].__config__.jnpfKey: unknown widget "foo"',
    ],
    [
      'a span over 24',
      formData([input({ __config__: { jnpfKey: 'comInput', span: 25 } })]),
      'fields[0].__config__.span: span is 1 to 24',
    ],
    [
      'a tab holding a plain field',
      formData([{ __config__: { jnpfKey: 'tab', children: [input()] } }]),
      'fields[0].__config__.children[0].__config__.jnpfKey',
    ],
    [
      'a container without children list',
      formData([{ __config__: { jnpfKey: 'row', children: 'x' } }]),
      'fields[0].__config__.children',
    ],
    [
      'a number prop given as text',
      formData([{ __config__: { jnpfKey: 'numInput' }, precision: 'two' }]),
      'fields[0].precision',
    ],
    [
      'regList not a list',
      formData([input({ __config__: { jnpfKey: 'comInput', regList: '/x/' } })]),
      'fields[0].__config__.regList',
    ],
    ['a bad popupType', formData([], { popupType: 'window' }), 'popupType'],
    ['an event that is not source text', formData([input({ on: { change: 3 } })]), 'fields[0].on.change'],
    [
      'a bad cell deep in a table grid',
      formData([
        {
          __config__: {
            jnpfKey: 'tableGrid',
            children: [
              {
                __config__: {
                  jnpfKey: 'tableGridTr',
                  children: [{ __config__: { jnpfKey: 'tableGridTd', colspan: 1.5, children: [] } }],
                },
              },
            ],
          },
        },
      ]),
      'fields[0].__config__.children[0].__config__.children[0].__config__.colspan',
    ],
  ])('%s', (_, json, message) => {
    expect(errorOf(json)).toContain(message);
  });

  it('an injected script is text, never run: it stays a string in the form', () => {
    const parsed = parseFormData(formData([input({ on: { change: "'); process.exit(); ('" } })]));
    expect(parsed.ok && parsed.form.fields[0]?.on).toEqual({ change: "'); process.exit(); ('" });
  });
});

describe('FormDataString in a request schema', () => {
  const Body = z.object({ formData: FormDataString });
  it('keeps a good formData as the string it was', () => {
    const json = JSON.stringify(everyKeyForm());
    expect(Body.parse({ formData: json }).formData).toBe(json);
  });
  it('refuses a bad one with the path in the message', () => {
    const result = Body.safeParse({ formData: formData([{ __config__: { jnpfKey: 'foo' } }]) });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'formData fields[0].__config__.jnpfKey: unknown widget "foo"',
    );
    expect(Body.safeParse({ formData: { fields: [] } }).error?.issues[0]?.message).toBe(
      'formData must be a JSON string',
    );
  });
});
