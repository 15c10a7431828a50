import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Select, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../base/api';
import { type FeatureCollection, GeoSvg } from '../../systemData/map/geo-svg';

interface AtlasNode {
  id: string;
  enCode: string;
  fullName: string;
  children: AtlasNode[];
}

const flatten = (nodes: AtlasNode[], depth = 0): { value: string; label: string }[] =>
  nodes.flatMap((n) => [
    { value: n.enCode, label: `${'　'.repeat(depth)}${n.fullName}（${n.enCode}）` },
    ...flatten(n.children, depth + 1),
  ]);

/** The map demo, page 'extend/map': a map of the atlas drawn from its GeoJSON, names on hover. */
export default function ExtendMapPage() {
  const { t } = useTranslation('extendMap');
  const atlas = useQuery({
    queryKey: ['atlas'],
    queryFn: async () => (await http.get<{ list: AtlasNode[] }>('/system/atlas')).list,
  });
  const options = flatten(atlas.data ?? []);
  const [picked, setPicked] = useState<string>();
  const code = picked ?? options[0]?.value;
  const geo = useQuery({
    queryKey: ['atlas', 'geojson', code],
    queryFn: () => http.get<FeatureCollection>('/system/atlas/geojson', { code: code! }),
    enabled: Boolean(code),
  });
  return (
    <Card
      title={t('title')}
      data-testid="extend-map-page"
      extra={
        <Select
          style={{ width: 260 }}
          aria-label={t('pick')}
          loading={atlas.isFetching}
          value={code}
          options={options}
          onChange={setPicked}
        />
      }
    >
      {atlas.isLoading || geo.isLoading ? (
        <Spin />
      ) : geo.data ? (
        <GeoSvg map={geo.data} label={options.find((o) => o.value === code)?.label.trim() ?? ''} />
      ) : (
        <Empty description={t('empty')} />
      )}
      <p style={{ color: 'rgba(0,0,0,0.45)' }}>{t('hint')}</p>
    </Card>
  );
}
