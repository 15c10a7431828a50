import type { GraphDemo } from '@console/shared';
import { Card } from 'antd';
import { type ComponentType, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart } from '../../../widgets/chart/echart';
import { type ChartTexts, graphOption } from './graph-catalogue';

function GraphDemoPage({ name }: { name: GraphDemo }) {
  // t changes with the language, so the option follows it.
  const { t } = useTranslation('extendGraphDemo');
  const option = useMemo(() => {
    const texts: ChartTexts = { t: (key) => t(key), list: (key) => t(key).split('|') };
    return graphOption(name, texts);
  }, [name, t]);
  return (
    <Card
      className="graph-demo"
      style={{ height: '100%' }}
      styles={{ body: { height: 'calc(100vh - 180px)', minHeight: 420 } }}
    >
      <EChart option={option} label={t(`titles.${name}`)} />
    </Card>
  );
}

const pages = new Map<GraphDemo, ComponentType>();

/** The page component of one chart demo (one per address, kept so React sees the same component). */
export function graphDemoPage(name: GraphDemo): ComponentType {
  let page = pages.get(name);
  if (!page) {
    page = () => <GraphDemoPage name={name} />;
    page.displayName = `GraphDemo(${name})`;
    pages.set(name, page);
  }
  return page;
}
