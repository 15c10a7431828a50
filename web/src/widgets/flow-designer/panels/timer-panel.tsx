import { InputNumber, Space } from 'antd';
import type { TFunction } from 'i18next';
import type { Props } from '../tree';
import { Item, type Setter } from './parts';

/** A timer node: how long the flow waits there. */
export function TimerPanel({ p, set, t }: { p: Props; set: Setter; t: TFunction }) {
  return (
    <Space wrap>
      {(['day', 'hour', 'minute', 'second'] as const).map((unit) => (
        <Item key={unit} label={t(`timer.${unit}`)}>
          <InputNumber
            min={0}
            value={Number(p[unit] ?? 0)}
            onChange={(v) => set(unit, v ?? 0)}
            aria-label={t(`timer.${unit}`)}
          />
        </Item>
      ))}
    </Space>
  );
}
