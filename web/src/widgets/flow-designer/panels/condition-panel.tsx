import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space } from 'antd';
import type { TFunction } from 'i18next';
import type { FormFieldOption } from '../api';
import type { Props } from '../tree';
import { type Setter, SYMBOLS } from './parts';

/** A condition branch (workflow.md 2.5): the rules that choose it. */
export type Rule = {
  field: string;
  fieldName?: string;
  jnpfKey?: string;
  symbol: string;
  fieldValue: unknown;
  fieldType: number;
  fieldValueType: number;
  logic: '&&' | '||';
};

export function ConditionPanel({
  p,
  set,
  t,
  fields,
}: {
  p: Props;
  set: Setter;
  t: TFunction;
  fields: FormFieldOption[];
}) {
  const rules = Array.isArray(p.conditions) ? (p.conditions as Rule[]) : [];
  const put = (next: Rule[]) => set('conditions', next);
  const edit = (i: number, change: Partial<Rule>) =>
    put(rules.map((rule, j) => (j === i ? { ...rule, ...change } : rule)));
  if (p.isDefault) return <p>{t('summary.default')}</p>;
  return (
    <>
      {rules.map((rule, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id; order is their identity
        <Space key={i} className="flow-panel__rule" wrap>
          <Select
            aria-label={t('condition.field')}
            style={{ width: 160 }}
            placeholder={t('condition.field')}
            value={rule.field || undefined}
            options={fields.map((f) => ({ value: f.id, label: f.name }))}
            onChange={(value) => {
              const field = fields.find((f) => f.id === value);
              edit(i, { field: value, fieldName: field?.name ?? value, jnpfKey: field?.jnpfKey ?? '' });
            }}
          />
          <Select
            aria-label={t('condition.symbol')}
            style={{ width: 110 }}
            value={rule.symbol}
            options={SYMBOLS.map((s) => ({ value: s, label: t(`condition.symbols.${s}`) }))}
            onChange={(symbol) => edit(i, { symbol })}
          />
          <Input
            aria-label={t('condition.value')}
            placeholder={t('condition.value')}
            style={{ width: 120 }}
            value={String(rule.fieldValue ?? '')}
            onChange={(e) => {
              const text = e.target.value;
              edit(i, { fieldValue: text !== '' && !Number.isNaN(Number(text)) ? Number(text) : text });
            }}
          />
          {i < rules.length - 1 && (
            <Select
              aria-label={t('condition.logic')}
              style={{ width: 80 }}
              value={rule.logic}
              options={[
                { value: '&&', label: t('logic.and') },
                { value: '||', label: t('logic.or') },
              ]}
              onChange={(logic) => edit(i, { logic })}
            />
          )}
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('condition.remove')}
            onClick={() => put(rules.filter((_, j) => j !== i))}
          />
        </Space>
      ))}
      <Button
        type="dashed"
        icon={<PlusOutlined />}
        onClick={() =>
          put([
            ...rules,
            { field: '', symbol: '==', fieldValue: '', fieldType: 1, fieldValueType: 2, logic: '&&' },
          ])
        }
      >
        {t('condition.add')}
      </Button>
    </>
  );
}
