import type { PortalLayoutItem } from '@console/shared';
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { routableMenus } from '../../../base/session/menu';
import { useSession } from '../../../base/session/session-store';
import { InterfaceSelect } from '../../../widgets/interface-select/interface-select';
import { designKeys, fetchInterfaceFields } from './api';
import { type WidgetProps, widgetProps } from './view/widgets';

const DATA_KEYS = new Set(['dataBoard', 'tableList', 'barChart', 'lineChart', 'pieChart']);
const CHART_KEYS = new Set(['barChart', 'lineChart', 'pieChart']);

type Patch = Partial<PortalLayoutItem & WidgetProps>;

/** The selected widget's settings: title, size, and what its key reads (text, address, interface and fields, links). */
export function PropertyPanel({
  item,
  onChange,
  onRemove,
}: {
  item: PortalLayoutItem | null;
  onChange: (patch: Patch) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('portal');
  const menuList = useSession((state) => state.menuList);
  const w = item ? widgetProps(item) : null;
  const fields = useQuery({
    queryKey: designKeys.fields(w?.interfaceId ?? ''),
    queryFn: () => fetchInterfaceFields(w!.interfaceId!),
    enabled: Boolean(w?.interfaceId),
    retry: false,
  });
  if (!item || !w) return <Empty description={t('designer.selectWidget')} />;
  const fieldOptions = (fields.data ?? []).map((f) => ({ value: f, label: f }));
  const pages = [...routableMenus(menuList).entries()]
    .filter(([, node]) => node.type !== 1)
    .map(([path, node]) => ({ value: path, label: node.fullName }));
  const labelled = (label: string, children: React.ReactNode) => (
    <Form.Item label={label} style={{ marginBottom: 12 }}>
      {children}
    </Form.Item>
  );

  return (
    <Form layout="vertical" size="small" aria-label={t('designer.properties')}>
      {labelled(
        t('designer.key'),
        <Input value={t(`keys.${item.jnpfKey}`, { defaultValue: item.jnpfKey })} disabled />,
      )}
      {labelled(
        t('designer.title'),
        <Input
          aria-label={t('designer.title')}
          value={item.title ?? ''}
          onChange={(e) => onChange({ title: e.target.value })}
        />,
      )}
      {labelled(
        t('designer.size'),
        <div style={{ display: 'flex', gap: 8 }}>
          <InputNumber
            aria-label={t('designer.width')}
            min={1}
            max={24}
            value={item.w}
            onChange={(v) => onChange({ w: Number(v ?? 1) })}
          />
          <InputNumber
            aria-label={t('designer.height')}
            min={1}
            max={100}
            value={item.h}
            onChange={(v) => onChange({ h: Number(v ?? 1) })}
          />
        </div>,
      )}
      {(item.jnpfKey === 'text' || item.jnpfKey === 'card') &&
        labelled(
          t('designer.content'),
          <Input.TextArea
            aria-label={t('designer.content')}
            rows={4}
            value={w.content ?? ''}
            onChange={(e) => onChange({ content: e.target.value })}
          />,
        )}
      {(item.jnpfKey === 'image' || item.jnpfKey === 'iframe') &&
        labelled(
          t('designer.url'),
          <Input
            aria-label={t('designer.url')}
            value={w.url ?? ''}
            placeholder="https://…"
            onChange={(e) => onChange({ url: e.target.value })}
          />,
        )}
      {(item.jnpfKey === 'notice' || item.jnpfKey === 'todoList' || item.jnpfKey === 'email') &&
        labelled(
          t('designer.count'),
          <InputNumber
            aria-label={t('designer.count')}
            min={1}
            max={20}
            value={w.count ?? 5}
            onChange={(v) => onChange({ count: Number(v ?? 5) })}
          />,
        )}
      {DATA_KEYS.has(item.jnpfKey) &&
        labelled(
          t('designer.interface'),
          <InterfaceSelect
            aria-label={t('designer.interface')}
            value={w.interfaceId}
            onChange={(interfaceId) => onChange({ interfaceId })}
          />,
        )}
      {CHART_KEYS.has(item.jnpfKey) && (
        <>
          {labelled(
            t('designer.xField'),
            <Select
              aria-label={t('designer.xField')}
              value={w.xField}
              options={fieldOptions}
              onChange={(xField) => onChange({ xField })}
            />,
          )}
          {labelled(
            t('designer.yFields'),
            <Select
              aria-label={t('designer.yFields')}
              mode="multiple"
              value={w.yFields ?? []}
              options={fieldOptions}
              onChange={(yFields: string[]) =>
                onChange({ yFields: item.jnpfKey === 'pieChart' ? yFields.slice(-1) : yFields })
              }
            />,
          )}
        </>
      )}
      {item.jnpfKey === 'tableList' &&
        labelled(
          t('designer.columns'),
          <Select
            aria-label={t('designer.columns')}
            mode="multiple"
            value={(w.columns ?? []).map((c) => c.field)}
            options={fieldOptions}
            onChange={(picked: string[]) =>
              onChange({ columns: picked.map((field) => ({ field, label: field })) })
            }
          />,
        )}
      {item.jnpfKey === 'dataBoard' &&
        labelled(
          t('designer.numbers'),
          <Select
            aria-label={t('designer.numbers')}
            mode="multiple"
            value={(w.list ?? []).map((c) => c.field ?? '')}
            options={fieldOptions}
            onChange={(picked: string[]) =>
              onChange({
                list: picked.map(
                  (field) => w.list?.find((c) => c.field === field) ?? { field, label: field },
                ),
              })
            }
          />,
        )}
      {item.jnpfKey === 'commonFunc' &&
        labelled(
          t('designer.links'),
          <Select
            aria-label={t('designer.links')}
            mode="multiple"
            value={(w.list ?? []).map((c) => c.path ?? '')}
            options={pages}
            optionFilterProp="label"
            onChange={(picked: string[]) =>
              onChange({
                list: picked.map((path) => ({
                  path,
                  fullName: pages.find((p) => p.value === path)?.label ?? path,
                })),
              })
            }
          />,
        )}
      {item.jnpfKey === 'timeAxis' &&
        labelled(
          t('designer.events'),
          <Input.TextArea
            aria-label={t('designer.events')}
            rows={5}
            placeholder={t('designer.eventsHint')}
            value={(w.list ?? []).map((e) => `${e.time ?? ''} ${e.content ?? ''}`.trim()).join('\n')}
            onChange={(e) =>
              onChange({
                list: e.target.value
                  .split('\n')
                  .filter((line) => line.trim())
                  .map((line) => {
                    const [time, ...rest] = line.trim().split(/\s+/);
                    return { time: time ?? '', content: rest.join(' ') };
                  }),
              })
            }
          />,
        )}
      <Button danger block onClick={onRemove}>
        {t('designer.remove')}
      </Button>
    </Form>
  );
}
