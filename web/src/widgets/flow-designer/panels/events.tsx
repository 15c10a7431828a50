import { useQuery } from '@tanstack/react-query';
import { Select, Space, Switch } from 'antd';
import type { TFunction } from 'i18next';
import { InterfaceSelect } from '../../interface-select/interface-select';
import { designerKeys, fetchSendConfigs } from '../api';
import type { Props } from '../tree';
import { type Config, Item, type Setter } from './parts';

/** Events (a data interface called at a moment) and message settings. */
export function Events({
  p,
  set,
  t,
  events,
  messages,
  inherit,
}: {
  p: Props;
  set: Setter;
  t: TFunction;
  events: string[];
  messages: string[];
  inherit: boolean;
}) {
  const sendConfigs = useQuery({ queryKey: designerKeys.sendConfigs, queryFn: fetchSendConfigs });
  const messageOn = [
    ...(inherit ? [{ value: 2, label: t('timing.inherit') }] : []),
    { value: 3, label: t('messages.default') },
    { value: 1, label: t('messages.custom') },
    { value: 0, label: t('timing.off') },
  ];
  return (
    <>
      {events.map((key) => {
        const config = (p[key] as Config | undefined) ?? {};
        return (
          <Item key={key} label={t(`events.${key}`)}>
            <Space>
              <Switch
                checked={Boolean(config.on)}
                onChange={(v) => set(key, { ...config, on: v ? 1 : 0 })}
                aria-label={t(`events.${key}`)}
              />
              <InterfaceSelect
                style={{ width: 260 }}
                allowClear
                placeholder={t('events.interfaceId')}
                aria-label={`${t(`events.${key}`)} ${t('events.interfaceId')}`}
                value={typeof config.interfaceId === 'string' ? config.interfaceId : undefined}
                disabled={!config.on}
                onChange={(interfaceId, node) =>
                  set(key, { ...config, interfaceId: interfaceId ?? '', interfaceName: node?.fullName ?? '' })
                }
              />
            </Space>
          </Item>
        );
      })}
      {messages.map((key) => {
        const config = (p[key] as Config | undefined) ?? {};
        return (
          <Item key={key} label={t(`messages.${key}`)}>
            <Space>
              <Select
                aria-label={t(`messages.${key}`)}
                style={{ width: 160 }}
                options={messageOn}
                value={Number(config.on ?? (inherit ? 2 : 3))}
                onChange={(v) => set(key, { ...config, on: v })}
              />
              {Number(config.on) === 1 && (
                <Select
                  aria-label={`${t(`messages.${key}`)} ${t('messages.sendConfig')}`}
                  style={{ width: 220 }}
                  showSearch
                  optionFilterProp="label"
                  placeholder={t('messages.sendConfig')}
                  loading={sendConfigs.isLoading}
                  options={(sendConfigs.data ?? []).map((c) => ({ value: c.id, label: c.fullName }))}
                  value={typeof config.msgId === 'string' && config.msgId ? config.msgId : undefined}
                  onChange={(msgId: string) =>
                    set(key, {
                      ...config,
                      msgId,
                      msgName: sendConfigs.data?.find((c) => c.id === msgId)?.fullName ?? '',
                    })
                  }
                />
              )}
            </Space>
          </Item>
        );
      })}
    </>
  );
}
