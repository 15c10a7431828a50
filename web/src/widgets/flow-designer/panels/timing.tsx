import { InputNumber, Radio, Switch } from 'antd';
import type { TFunction } from 'i18next';
import type { Props } from '../tree';
import { type Config, Item, type Setter } from './parts';

/** timeLimitConfig, noticeConfig and overTimeConfig (2.6); on an approver `on` 2 inherits the start's. */
export function Timing({ p, set, t, inherit }: { p: Props; set: Setter; t: TFunction; inherit: boolean }) {
  const onOptions = [
    ...(inherit ? [{ value: 2, label: t('timing.inherit') }] : []),
    { value: 1, label: t('timing.custom') },
    { value: 0, label: t('timing.off') },
  ];
  const block = (key: string, fields: [string, 'number' | 'switch'][]) => {
    const config = (p[key] as Config | undefined) ?? {};
    const put = (field: string, value: unknown) => set(key, { ...config, [field]: value });
    return (
      <div key={key} className="flow-panel__block">
        <Item label={t(`timing.${key}`)}>
          <Radio.Group
            options={onOptions}
            value={Number(config.on ?? (inherit ? 2 : 0))}
            onChange={(e) => put('on', e.target.value)}
          />
        </Item>
        {Number(config.on) === 1 &&
          fields.map(([field, kind]) => (
            <Item key={field} label={t(`timing.${field}`)}>
              {kind === 'number' ? (
                <InputNumber
                  min={0}
                  value={Number(config[field] ?? 0)}
                  onChange={(v) => put(field, v ?? 0)}
                  aria-label={t(`timing.${field}`)}
                />
              ) : (
                <Switch
                  checked={Boolean(config[field])}
                  onChange={(v) => put(field, v)}
                  aria-label={t(`timing.${field}`)}
                />
              )}
            </Item>
          ))}
      </div>
    );
  };
  const timeLimit = (p.timeLimitConfig as Config | undefined) ?? {};
  return (
    <>
      {block('timeLimitConfig', [['duringDeal', 'number']])}
      {Number(timeLimit.on) === 1 && (
        <Item label={t('timing.nodeLimit')}>
          <Radio.Group
            value={Number(timeLimit.nodeLimit ?? 0)}
            onChange={(e) => set('timeLimitConfig', { ...timeLimit, nodeLimit: e.target.value })}
            options={[0, 1, 2].map((v) => ({ value: v, label: t(`timing.nodeLimits.${v}`) }))}
          />
        </Item>
      )}
      {block('noticeConfig', [
        ['firstOver', 'number'],
        ['overTimeDuring', 'number'],
        ['overNotice', 'switch'],
        ['overEvent', 'switch'],
        ['overEventTime', 'number'],
      ])}
      {block('overTimeConfig', [
        ['firstOver', 'number'],
        ['overTimeDuring', 'number'],
        ['overNotice', 'switch'],
        ['overAutoApprove', 'switch'],
        ['overAutoApproveTime', 'number'],
        ['overEvent', 'switch'],
        ['overEventTime', 'number'],
      ])}
    </>
  );
}
