import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Checkbox,
  ColorPicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Space,
  Switch,
  Tabs,
  TreeSelect,
} from 'antd';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { BillRuleSelect } from '../bill-rule-select/bill-rule-select';
import { dictionaryKeys, fetchTypes } from '../dictionary-select/api';
import type { FormField } from '../form/types';
import {
  CLEARABLE_KEYS,
  DEFAULT_KINDS,
  getPath,
  KEY_PROPS,
  NOT_REQUIRABLE,
  OPTION_KEYS,
  PATTERN_KEYS,
  PLACEHOLDER_KEYS,
  type PropSpec,
  setPath,
} from './prop-specs';
import { type DesignerForm, findField, idOf, valueFields } from './state';
import { needsVModel, STORAGE_KEYS } from './templates';

type Change = (field: FormField) => void;

/** Columns of the tables a design was given (forms.md 1.2: with chosen tables a vModel is a column). */
export interface DesignColumns {
  main: string[];
  subTables: { table: string; columns: string[] }[];
}
export const DesignColumnsContext = createContext<DesignColumns | null>(null);

/** The vModel of a field: free text, or with chosen tables a column of its table. */
function VModelInput({ field, form, onChange }: { field: FormField; form: DesignerForm; onChange: Change }) {
  const { t } = useTranslation('designer');
  const columns = useContext(DesignColumnsContext);
  const label = t('props.vModel');
  if (!columns)
    return (
      <Input
        aria-label={label}
        value={field.__vModel__ ?? ''}
        onChange={(event) => onChange({ ...field, __vModel__: event.target.value.trim() })}
      />
    );
  const parent = field.__config__.isSubTable
    ? findField(form.fields, String(field.__config__.formId))?.parent
    : null;
  const table = parent?.__config__.tableName ? String(parent.__config__.tableName) : null;
  const options = table
    ? (columns.subTables.find((sub) => sub.table === table)?.columns ?? [])
    : columns.main;
  return (
    <Select
      aria-label={label}
      showSearch
      value={field.__vModel__ || undefined}
      placeholder={t('props.chooseColumn')}
      options={options.map((column) => ({ value: column, label: column }))}
      onChange={(value: string) => onChange({ ...field, __vModel__: value })}
    />
  );
}

/** A sub-table's table: with chosen tables, one of the design's sub-tables. */
function SubTableName({ field, onChange }: { field: FormField; onChange: Change }) {
  const { t } = useTranslation('designer');
  const columns = useContext(DesignColumnsContext);
  if (!columns) return null;
  return (
    <Form.Item label={t('props.tableName')} required>
      <Select
        aria-label={t('props.tableName')}
        value={field.__config__.tableName ? String(field.__config__.tableName) : undefined}
        options={columns.subTables.map((sub) => ({ value: sub.table, label: sub.table }))}
        onChange={(value: string) => onChange(setPath(field, '__config__.tableName', value))}
      />
    </Form.Item>
  );
}

function PropInput({ spec, field, onChange }: { spec: PropSpec; field: FormField; onChange: Change }) {
  const { t } = useTranslation('designer');
  const value = getPath(field, spec.path);
  const set = (next: unknown) => onChange(setPath(field, spec.path, next));
  const label = t(`props.${spec.label}`);
  switch (spec.kind) {
    case 'bool':
      return (
        <Form.Item label={label}>
          <Switch size="small" aria-label={label} checked={value === true} onChange={set} />
        </Form.Item>
      );
    case 'number':
      return (
        <Form.Item label={label}>
          <InputNumber
            aria-label={label}
            value={typeof value === 'number' ? value : null}
            min={spec.min}
            max={spec.max}
            style={{ width: '100%' }}
            onChange={(next) => set(next ?? undefined)}
          />
        </Form.Item>
      );
    case 'select':
      return (
        <Form.Item label={label}>
          <Select
            aria-label={label}
            value={value as string | number | undefined}
            options={spec.options?.map((option) => ({
              value: option,
              label: t(`values.${spec.label}.${option === '' ? 'none' : option}`, {
                defaultValue: String(option),
              }),
            }))}
            onChange={set}
          />
        </Form.Item>
      );
    case 'color':
      return (
        <Form.Item label={label}>
          <ColorPicker
            aria-label={label}
            value={typeof value === 'string' ? value : undefined}
            showText
            size="small"
            onChange={(next) => set(next.toHexString())}
          />
        </Form.Item>
      );
    default:
      return (
        <Form.Item label={label}>
          <Input
            aria-label={label}
            value={value == null ? '' : String(value)}
            onChange={(event) => set(event.target.value)}
          />
        </Form.Item>
      );
  }
}

type Option = { id: string; fullName: string };

/** Options of radio/checkbox/select (flat) and cascader/treeSelect (first level): static, dictionary or interface. */
function OptionsEditor({ field, onChange }: { field: FormField; onChange: Change }) {
  const { t } = useTranslation('designer');
  const types = useQuery({ queryKey: dictionaryKeys.types(), queryFn: fetchTypes, staleTime: 300_000 });
  const config = field.__config__;
  const dataType = String(config.dataType ?? 'static');
  const options = (Array.isArray(field.options) ? field.options : []) as Option[];
  const setOptions = (next: Option[]) => onChange({ ...field, options: next });
  const toTree = (nodes: readonly { id: string; fullName: string; children?: unknown }[]): object[] =>
    nodes.map((node) => ({
      value: node.id,
      title: node.fullName,
      children: Array.isArray(node.children) ? toTree(node.children as never) : undefined,
    }));
  return (
    <>
      <Form.Item label={t('props.dataType')}>
        <Radio.Group
          optionType="button"
          size="small"
          value={dataType}
          onChange={(event) => onChange(setPath(field, '__config__.dataType', event.target.value))}
          options={['static', 'dictionary', 'dynamic'].map((value) => ({
            value,
            label: t(`values.dataType.${value}`),
          }))}
        />
      </Form.Item>
      {dataType === 'static' && (
        <div className="designer-options" data-testid="designer-options">
          {options.map((option, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: option rows are edited in place; ids may repeat while typed
            <Space.Compact key={`${index}-${option.id}`} style={{ width: '100%' }}>
              <Input
                aria-label={t('props.optionLabel', { n: index + 1 })}
                value={option.fullName}
                placeholder={t('props.optionLabelShort')}
                onChange={(event) =>
                  setOptions(
                    options.map((item, i) =>
                      i === index ? { ...item, fullName: event.target.value } : item,
                    ),
                  )
                }
              />
              <Input
                aria-label={t('props.optionValue', { n: index + 1 })}
                value={option.id}
                placeholder={t('props.optionValueShort')}
                onChange={(event) =>
                  setOptions(
                    options.map((item, i) => (i === index ? { ...item, id: event.target.value } : item)),
                  )
                }
              />
              <Button
                icon={<DeleteOutlined />}
                aria-label={t('props.removeOption', { n: index + 1 })}
                onClick={() => setOptions(options.filter((_, i) => i !== index))}
              />
            </Space.Compact>
          ))}
          <Button
            size="small"
            type="dashed"
            block
            icon={<PlusOutlined />}
            onClick={() => {
              const n = options.length + 1;
              setOptions([...options, { id: String(n), fullName: t('props.newOption', { n }) }]);
            }}
          >
            {t('props.addOption')}
          </Button>
        </div>
      )}
      {dataType === 'dictionary' && (
        <Form.Item label={t('props.dictionaryType')}>
          <TreeSelect
            aria-label={t('props.dictionaryType')}
            value={config.dictionaryType ? String(config.dictionaryType) : undefined}
            treeData={toTree(types.data ?? [])}
            loading={types.isFetching}
            showSearch={{ treeNodeFilterProp: 'title' }}
            treeDefaultExpandAll
            onChange={(value) => onChange(setPath(field, '__config__.dictionaryType', value))}
          />
        </Form.Item>
      )}
      {dataType === 'dynamic' && (
        <>
          <Form.Item label={t('props.propsUrl')}>
            <Input
              aria-label={t('props.propsUrl')}
              value={String(config.propsUrl ?? '')}
              onChange={(event) => onChange(setPath(field, '__config__.propsUrl', event.target.value))}
            />
          </Form.Item>
          <Form.Item label={t('props.propsName')}>
            <Input
              aria-label={t('props.propsName')}
              value={String(config.propsName ?? '')}
              onChange={(event) => onChange(setPath(field, '__config__.propsName', event.target.value))}
            />
          </Form.Item>
        </>
      )}
    </>
  );
}

/** Panes of a tab/collapse, rows and cells of a table grid. */
function StructureEditor({
  field,
  onChange,
  nextId,
}: {
  field: FormField;
  onChange: Change;
  nextId(): number;
}) {
  const { t } = useTranslation('designer');
  const key = field.__config__.jnpfKey;
  const children = field.__config__.children ?? [];
  const withChildren = (next: FormField[]) =>
    onChange({ ...field, __config__: { ...field.__config__, children: next } });
  const cell = (): FormField => {
    const id = nextId();
    return {
      __config__: {
        jnpfKey: 'tableGridTd',
        formId: id,
        renderKey: id,
        merged: false,
        colspan: 1,
        rowspan: 1,
        children: [],
      },
    };
  };
  if (key === 'tab' || key === 'collapse') {
    const itemKey = key === 'tab' ? 'tabItem' : 'collapseItem';
    return (
      <div className="designer-options">
        {children.map((pane, index) => (
          <Space.Compact key={idOf(pane)} style={{ width: '100%' }}>
            <Input
              aria-label={t('props.paneTitle', { n: index + 1 })}
              value={String(pane.title ?? '')}
              onChange={(event) =>
                withChildren(
                  children.map((item, i) => (i === index ? { ...item, title: event.target.value } : item)),
                )
              }
            />
            <Button
              icon={<DeleteOutlined />}
              disabled={children.length <= 1}
              aria-label={t('props.removePane', { n: index + 1 })}
              onClick={() => withChildren(children.filter((_, i) => i !== index))}
            />
          </Space.Compact>
        ))}
        <Button
          size="small"
          type="dashed"
          block
          icon={<PlusOutlined />}
          onClick={() => {
            const id = nextId();
            const name = String(Math.max(-1, ...children.map((pane) => Number(pane.name) || 0)) + 1);
            const title =
              key === 'tab' ? `Tab ${children.length + 1}` : t('props.newPanel', { n: children.length + 1 });
            withChildren([
              ...children,
              {
                __config__: { jnpfKey: itemKey, formId: id, renderKey: id, label: title, children: [] },
                title,
                name,
              },
            ]);
          }}
        >
          {t('props.addPane')}
        </Button>
      </div>
    );
  }
  if (key === 'tableGrid') {
    const columns = Math.max(1, ...children.map((row) => row.__config__.children?.length ?? 0));
    const addRow = () => {
      const id = nextId();
      withChildren([
        ...children,
        {
          __config__: {
            jnpfKey: 'tableGridTr',
            formId: id,
            renderKey: id,
            children: Array.from({ length: columns }, cell),
          },
        },
      ]);
    };
    const addColumn = () =>
      withChildren(
        children.map((row) => ({
          ...row,
          __config__: { ...row.__config__, children: [...(row.__config__.children ?? []), cell()] },
        })),
      );
    const removeRow = () => children.length > 1 && withChildren(children.slice(0, -1));
    const removeColumn = () =>
      columns > 1 &&
      withChildren(
        children.map((row) => ({
          ...row,
          __config__: { ...row.__config__, children: (row.__config__.children ?? []).slice(0, -1) },
        })),
      );
    return (
      <Space wrap>
        <Button size="small" onClick={addRow}>
          {t('props.addGridRow')}
        </Button>
        <Button size="small" onClick={addColumn}>
          {t('props.addGridColumn')}
        </Button>
        <Button size="small" disabled={children.length <= 1} onClick={removeRow}>
          {t('props.removeGridRow')}
        </Button>
        <Button size="small" disabled={columns <= 1} onClick={removeColumn}>
          {t('props.removeGridColumn')}
        </Button>
      </Space>
    );
  }
  return null;
}

const OPERATORS = ['+', '-', '×', '÷', '(', ')'];

/** A calculate field's expression as tokens: fields, operators, digits. */
function ExpressionEditor({
  field,
  form,
  onChange,
}: {
  field: FormField;
  form: DesignerForm;
  onChange: Change;
}) {
  const { t } = useTranslation('designer');
  const tokens = (Array.isArray(field.expression) ? field.expression : []) as (
    | string
    | { __vModel__: string; label?: string }
  )[];
  const set = (next: typeof tokens) => onChange({ ...field, expression: next });
  const numbers = valueFields(form.fields).filter(
    (item) =>
      ['numInput', 'calculate'].includes(item.field.__config__.jnpfKey) && idOf(item.field) !== idOf(field),
  );
  return (
    <div className="designer-expression">
      <div className="designer-expression__tokens" data-testid="designer-expression">
        {tokens.length === 0
          ? t('props.expressionEmpty')
          : tokens
              .map((token) => (typeof token === 'string' ? token : `[${token.label ?? token.__vModel__}]`))
              .join(' ')}
      </div>
      <Select
        size="small"
        placeholder={t('props.expressionField')}
        aria-label={t('props.expressionField')}
        value={null}
        style={{ width: '100%' }}
        options={numbers.map((item) => ({ value: item.prop.replace('-', '.'), label: item.label }))}
        onChange={(value: string) => {
          const item = numbers.find((candidate) => candidate.prop.replace('-', '.') === value);
          if (item) set([...tokens, { __vModel__: value, label: item.label }]);
        }}
      />
      <Space wrap size={4}>
        {[...OPERATORS, ...'0123456789.'.split('')].map((token) => (
          <Button key={token} size="small" onClick={() => set([...tokens, token])}>
            {token}
          </Button>
        ))}
        <Button size="small" disabled={tokens.length === 0} onClick={() => set(tokens.slice(0, -1))}>
          {t('props.expressionBack')}
        </Button>
        <Button size="small" danger disabled={tokens.length === 0} onClick={() => set([])}>
          {t('props.expressionClear')}
        </Button>
      </Space>
    </div>
  );
}

function RegListEditor({ field, onChange }: { field: FormField; onChange: Change }) {
  const { t } = useTranslation('designer');
  const list = field.__config__.regList ?? [];
  const set = (next: typeof list) => onChange(setPath(field, '__config__.regList', next));
  return (
    <div className="designer-options">
      {list.map((rule, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: pattern rows have no identity of their own
        <Space.Compact key={index} style={{ width: '100%' }}>
          <Input
            aria-label={t('props.pattern', { n: index + 1 })}
            placeholder="/^\d+$/"
            value={rule.pattern}
            onChange={(event) =>
              set(list.map((item, i) => (i === index ? { ...item, pattern: event.target.value } : item)))
            }
          />
          <Input
            aria-label={t('props.patternMessage', { n: index + 1 })}
            placeholder={t('props.patternMessageShort')}
            value={rule.message}
            onChange={(event) =>
              set(list.map((item, i) => (i === index ? { ...item, message: event.target.value } : item)))
            }
          />
          <Button
            icon={<DeleteOutlined />}
            aria-label={t('props.removePattern', { n: index + 1 })}
            onClick={() => set(list.filter((_, i) => i !== index))}
          />
        </Space.Compact>
      ))}
      <Button
        size="small"
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() => set([...list, { pattern: '', message: '' }])}
      >
        {t('props.addPattern')}
      </Button>
    </div>
  );
}

function DefaultValueInput({ field, onChange }: { field: FormField; onChange: Change }) {
  const { t } = useTranslation('designer');
  const kind = DEFAULT_KINDS[field.__config__.jnpfKey];
  if (!kind) return null;
  const value = field.__config__.defaultValue;
  const set = (next: unknown) => onChange(setPath(field, '__config__.defaultValue', next));
  const label = t('props.defaultValue');
  return (
    <Form.Item label={label}>
      {kind === 'bool' ? (
        <Switch
          size="small"
          aria-label={label}
          checked={value === true || value === 1}
          onChange={(checked) => set(checked)}
        />
      ) : kind === 'number' ? (
        <InputNumber
          aria-label={label}
          style={{ width: '100%' }}
          value={typeof value === 'number' ? value : null}
          onChange={(next) => set(next ?? null)}
        />
      ) : (
        <Input
          aria-label={label}
          value={value == null ? '' : String(value)}
          onChange={(event) => set(event.target.value)}
        />
      )}
    </Form.Item>
  );
}

/** The selected field's properties. */
function FieldProperties({
  field,
  form,
  onChange,
  nextId,
}: {
  field: FormField;
  form: DesignerForm;
  onChange: Change;
  nextId(): number;
}) {
  const { t } = useTranslation('designer');
  const columnsGiven = useContext(DesignColumnsContext) !== null;
  const config = field.__config__;
  const key = config.jnpfKey;
  const inSubTable = config.isSubTable === true;
  const setConfig = (name: string, value: unknown) => onChange(setPath(field, `__config__.${name}`, value));
  const hasVModel = needsVModel(field) || (STORAGE_KEYS.has(key) && config.isStorage === 2);
  const visibility = Array.isArray(config.visibility) ? config.visibility : ['pc', 'app'];
  return (
    <Form layout="vertical" size="small" className="designer-props" data-testid="designer-field-props">
      <Form.Item label={t('props.key')}>
        <Input value={`${t(`keys.${key}`)} (${key})`} disabled aria-label={t('props.key')} />
      </Form.Item>
      {hasVModel && (
        <Form.Item label={t('props.vModel')} required>
          <VModelInput field={field} form={form} onChange={onChange} />
        </Form.Item>
      )}
      <Form.Item label={t('props.label')}>
        <Input
          aria-label={t('props.label')}
          value={String(config.label ?? '')}
          onChange={(event) => setConfig('label', event.target.value)}
        />
      </Form.Item>
      {!inSubTable && (
        <Form.Item label={t('props.span')}>
          <InputNumber
            aria-label={t('props.span')}
            min={1}
            max={24}
            style={{ width: '100%' }}
            value={Number(config.span ?? 24)}
            onChange={(value) => setConfig('span', value ?? 24)}
          />
        </Form.Item>
      )}
      {key !== 'table' &&
        !['row', 'card', 'tab', 'collapse', 'tableGrid', 'divider', 'groupTitle'].includes(key) && (
          <>
            <Form.Item label={t('props.tipLabel')}>
              <Input
                aria-label={t('props.tipLabel')}
                value={String(config.tipLabel ?? '')}
                onChange={(event) => setConfig('tipLabel', event.target.value)}
              />
            </Form.Item>
            <Form.Item label={t('props.showLabel')}>
              <Switch
                size="small"
                aria-label={t('props.showLabel')}
                checked={config.showLabel !== false}
                onChange={(value) => setConfig('showLabel', value)}
              />
            </Form.Item>
            <Form.Item label={t('props.labelWidth')}>
              <InputNumber
                aria-label={t('props.labelWidth')}
                min={0}
                style={{ width: '100%' }}
                value={typeof config.labelWidth === 'number' ? config.labelWidth : null}
                onChange={(value) => setConfig('labelWidth', value ?? undefined)}
              />
            </Form.Item>
          </>
        )}
      {PLACEHOLDER_KEYS.has(key) && (
        <Form.Item label={t('props.placeholder')}>
          <Input
            aria-label={t('props.placeholder')}
            value={field.placeholder ?? ''}
            onChange={(event) => onChange({ ...field, placeholder: event.target.value })}
          />
        </Form.Item>
      )}
      <DefaultValueInput field={field} onChange={onChange} />
      {key === 'table' && <SubTableName field={field} onChange={onChange} />}
      {(KEY_PROPS[key] ?? [])
        .filter((spec) => !(columnsGiven && spec.path === '__config__.tableName'))
        .map((spec) => (
          <PropInput key={spec.path} spec={spec} field={field} onChange={onChange} />
        ))}
      {key === 'billRule' && (
        <Form.Item label={t('props.rule')} required>
          <BillRuleSelect
            value={config.rule ? String(config.rule) : null}
            onChange={(code, rule) =>
              onChange(
                setPath(
                  setPath(field, '__config__.rule', code ?? ''),
                  '__config__.ruleName',
                  rule?.fullName ?? '',
                ),
              )
            }
          />
        </Form.Item>
      )}
      {OPTION_KEYS.has(key) && <OptionsEditor field={field} onChange={onChange} />}
      {['tab', 'collapse', 'tableGrid'].includes(key) && (
        <StructureEditor field={field} onChange={onChange} nextId={nextId} />
      )}
      {key === 'calculate' && <ExpressionEditor field={field} form={form} onChange={onChange} />}
      {!NOT_REQUIRABLE.has(key) && (
        <Form.Item label={t('props.required')}>
          <Switch
            size="small"
            aria-label={t('props.required')}
            checked={config.required === true}
            onChange={(value) => setConfig('required', value)}
          />
        </Form.Item>
      )}
      {PATTERN_KEYS.has(key) && (
        <Form.Item label={t('props.regList')}>
          <RegListEditor field={field} onChange={onChange} />
        </Form.Item>
      )}
      {hasVModel && (
        <Form.Item label={t('props.disabled')}>
          <Switch
            size="small"
            aria-label={t('props.disabled')}
            checked={field.disabled === true}
            onChange={(value) => onChange({ ...field, disabled: value })}
          />
        </Form.Item>
      )}
      {CLEARABLE_KEYS.has(key) && (
        <Form.Item label={t('props.clearable')}>
          <Switch
            size="small"
            aria-label={t('props.clearable')}
            checked={field.clearable !== false}
            onChange={(value) => onChange({ ...field, clearable: value })}
          />
        </Form.Item>
      )}
      {hasVModel && (
        <Form.Item label={t('props.noShow')}>
          <Switch
            size="small"
            aria-label={t('props.noShow')}
            checked={config.noShow === true}
            onChange={(value) => setConfig('noShow', value)}
          />
        </Form.Item>
      )}
      <Form.Item label={t('props.visibility')}>
        <Checkbox.Group
          value={visibility}
          options={[
            { value: 'pc', label: 'PC' },
            { value: 'app', label: 'APP' },
          ]}
          onChange={(value) => setConfig('visibility', value)}
        />
      </Form.Item>
    </Form>
  );
}

/** Form config keys of forms.md 1. */
function FormProperties({
  form,
  onChange,
}: {
  form: DesignerForm;
  onChange(patch: Partial<DesignerForm>): void;
}) {
  const { t } = useTranslation('designer');
  const select = (name: keyof DesignerForm & string, options: string[]) => (
    <Form.Item label={t(`form.${name}`)}>
      <Select
        aria-label={t(`form.${name}`)}
        value={form[name] as string}
        options={options.map((value) => ({ value, label: t(`values.${name}.${value}`) }))}
        onChange={(value) => onChange({ [name]: value })}
      />
    </Form.Item>
  );
  const number = (name: keyof DesignerForm & string, min = 0, max?: number) => (
    <Form.Item label={t(`form.${name}`)}>
      <InputNumber
        aria-label={t(`form.${name}`)}
        min={min}
        max={max}
        style={{ width: '100%' }}
        value={form[name] as number}
        onChange={(value) => onChange({ [name]: value ?? undefined })}
      />
    </Form.Item>
  );
  const textInput = (name: keyof DesignerForm & string) => (
    <Form.Item label={t(`form.${name}`)}>
      <Input
        aria-label={t(`form.${name}`)}
        value={String(form[name] ?? '')}
        onChange={(event) => onChange({ [name]: event.target.value })}
      />
    </Form.Item>
  );
  const toggle = (name: keyof DesignerForm & string) => (
    <Form.Item label={t(`form.${name}`)}>
      <Switch
        size="small"
        aria-label={t(`form.${name}`)}
        checked={form[name] === true}
        onChange={(value) => onChange({ [name]: value })}
      />
    </Form.Item>
  );
  const popupWidth =
    form.popupType === 'drawer'
      ? 'drawerWidth'
      : form.popupType === 'fullScreen'
        ? 'fullScreenWidth'
        : 'generalWidth';
  return (
    <Form layout="vertical" size="small" className="designer-props" data-testid="designer-form-props">
      {select('size', ['medium', 'small', 'mini'])}
      {select('labelPosition', ['left', 'right', 'top'])}
      {number('labelWidth')}
      {number('gutter')}
      {number('span', 1, 24)}
      {select('popupType', ['general', 'fullScreen', 'drawer'])}
      {textInput(popupWidth)}
      {toggle('hasConfirmBtn')}
      {form.hasConfirmBtn !== false && textInput('confirmButtonText')}
      {toggle('hasCancelBtn')}
      {form.hasCancelBtn !== false && textInput('cancelButtonText')}
      {toggle('hasPrintBtn')}
      {form.hasPrintBtn === true && textInput('printButtonText')}
      {toggle('disabled')}
      <Form.Item label={t('form.primaryKeyPolicy')}>
        <Radio.Group
          value={form.primaryKeyPolicy ?? 1}
          onChange={(event) => onChange({ primaryKeyPolicy: event.target.value })}
          options={[1, 2].map((value) => ({ value, label: t(`values.primaryKeyPolicy.${value}`) }))}
        />
      </Form.Item>
      {toggle('concurrencyLock')}
      {toggle('logicalDelete')}
    </Form>
  );
}

/** The right panel: the selected field's properties, or the form's. */
export function PropertiesPanel({
  form,
  field,
  onField,
  onForm,
  nextId,
  tab,
  onTab,
}: {
  form: DesignerForm;
  field: FormField | null;
  onField: Change;
  onForm(patch: Partial<DesignerForm>): void;
  nextId(): number;
  tab: string;
  onTab(tab: string): void;
}) {
  const { t } = useTranslation('designer');
  return (
    <Tabs
      className="designer-properties"
      activeKey={tab}
      onChange={onTab}
      items={[
        {
          key: 'field',
          label: t('props.fieldTab'),
          children: field ? (
            <FieldProperties key={idOf(field)} field={field} form={form} onChange={onField} nextId={nextId} />
          ) : (
            <Empty description={t('props.nothingSelected')} />
          ),
        },
        {
          key: 'form',
          label: t('props.formTab'),
          children: <FormProperties form={form} onChange={onForm} />,
        },
      ]}
    />
  );
}
