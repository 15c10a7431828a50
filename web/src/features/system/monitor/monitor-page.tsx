import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Descriptions, Progress, Row, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PermissionScope } from '../../../widgets/list/permission';
import { fetchMonitor, type MonitorInfo, monitorKeys } from './api';
import { LineChart, type Sample } from './line-chart';
import './monitor-page.css';

const ADDRESS = 'system/monitor';
/** The page polls every 5 s and charts the last 8 samples (system-admin.md 2). */
const POLL_MS = 5000;
const KEPT = 8;

const rate = (text: string) => Number.parseFloat(text) || 0;
const color = (value: number) => (value >= 90 ? '#ff4d4f' : value >= 70 ? '#faad14' : '#1890ff');

function Usage({ label, value }: { label: string; value: number }) {
  return (
    <div className="monitor-usage">
      <Progress type="dashboard" percent={Number(value.toFixed(1))} strokeColor={color(value)} size={120} />
      <div className="monitor-usage__label">{label}</div>
    </div>
  );
}

function MonitorView() {
  const { t } = useTranslation('systemMonitor');
  const info = useQuery({ queryKey: monitorKeys.info, queryFn: fetchMonitor, refetchInterval: POLL_MS });
  const [history, setHistory] = useState<{ cpu: Sample[]; memory: Sample[] }>({ cpu: [], memory: [] });
  const data: MonitorInfo | undefined = info.data;

  useEffect(() => {
    if (!data) return;
    setHistory((old) => {
      if (old.cpu.at(-1)?.time === data.time) return old;
      return {
        cpu: [...old.cpu, { time: data.time, value: rate(data.cpu.used) }].slice(-KEPT),
        memory: [...old.memory, { time: data.time, value: rate(data.memory.usageRate) }].slice(-KEPT),
      };
    });
  }, [data]);

  if (!data) {
    return info.isError ? <Alert type="error" showIcon title={t('failed')} /> : <Skeleton active />;
  }

  return (
    <div className="monitor-page" data-testid="system-monitor-page">
      <Row gutter={[12, 12]}>
        <Col xs={24} lg={12}>
          <Card title={t('system.title')} size="small">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('system.os')}>{data.system.os}</Descriptions.Item>
              <Descriptions.Item label={t('system.hostname')}>{data.system.hostname}</Descriptions.Item>
              <Descriptions.Item label={t('system.ip')}>{data.system.ip}</Descriptions.Item>
              <Descriptions.Item label={t('system.day')}>{data.system.day}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('cpu.title')} size="small">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('cpu.name')}>{data.cpu.name}</Descriptions.Item>
              <Descriptions.Item label={t('cpu.layout')}>
                {`${data.cpu.package} · ${data.cpu.core} · ${data.cpu.logic}`}
              </Descriptions.Item>
              <Descriptions.Item label={t('cpu.load')}>{data.cpu.loadAverage}</Descriptions.Item>
              <Descriptions.Item label={t('cpu.used')}>{`${data.cpu.used}%`}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small">
            <div className="monitor-usages">
              <Usage label={t('cpu.used')} value={rate(data.cpu.used)} />
              <Usage label={t('memory.usageRate')} value={rate(data.memory.usageRate)} />
              <Usage label={t('disk.usageRate')} value={rate(data.disk.usageRate)} />
            </div>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('charts.cpu')} size="small">
            <LineChart samples={history.cpu} label={t('charts.cpu')} color="#1890ff" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('charts.memory')} size="small">
            <LineChart samples={history.memory} label={t('charts.memory')} color="#52c41a" />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('memory.title')} size="small">
            <Descriptions column={2} size="small">
              <Descriptions.Item label={t('total')}>{data.memory.total}</Descriptions.Item>
              <Descriptions.Item label={t('used')}>{data.memory.used}</Descriptions.Item>
              <Descriptions.Item label={t('available')}>{data.memory.available}</Descriptions.Item>
              <Descriptions.Item
                label={t('memory.usageRate')}
              >{`${data.memory.usageRate}%`}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('disk.title')} size="small">
            <Descriptions column={2} size="small">
              <Descriptions.Item label={t('total')}>{data.disk.total}</Descriptions.Item>
              <Descriptions.Item label={t('used')}>{data.disk.used}</Descriptions.Item>
              <Descriptions.Item label={t('available')}>{data.disk.available}</Descriptions.Item>
              <Descriptions.Item label={t('disk.usageRate')}>{`${data.disk.usageRate}%`}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('process.title')} size="small">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('process.pid')}>{data.process.pid}</Descriptions.Item>
              <Descriptions.Item label={t('process.node')}>{data.process.nodeVersion}</Descriptions.Item>
              <Descriptions.Item label={t('process.uptime')}>{data.process.uptime}</Descriptions.Item>
              <Descriptions.Item label={t('process.memory')}>
                {`${data.process.rss} / ${data.process.heapUsed} / ${data.process.heapTotal}`}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('database.title')} size="small">
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('database.kind')}>{data.database.kind}</Descriptions.Item>
              <Descriptions.Item label={t('database.version')}>{data.database.version}</Descriptions.Item>
              <Descriptions.Item label={t('database.size')}>{data.database.size}</Descriptions.Item>
              <Descriptions.Item label={t('database.connections')}>
                {data.database.connections ?? t('database.embedded')}
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('redis.title')} size="small">
            {data.redis ? (
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('redis.version')}>{data.redis.version}</Descriptions.Item>
                <Descriptions.Item label={t('redis.uptime')}>{data.redis.uptime}</Descriptions.Item>
                <Descriptions.Item label={t('redis.clients')}>
                  {data.redis.connectedClients}
                </Descriptions.Item>
                <Descriptions.Item label={t('redis.memory')}>{data.redis.usedMemory}</Descriptions.Item>
                <Descriptions.Item label={t('redis.keys')}>{data.redis.keys}</Descriptions.Item>
                <Descriptions.Item label={t('redis.hitRate')}>{`${data.redis.hitRate}%`}</Descriptions.Item>
              </Descriptions>
            ) : (
              <div className="monitor-empty">{t('redis.none')}</div>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
}

/** Server monitor, page 'system/monitor': polled every 5 s. */
export default function SystemMonitorPage() {
  return (
    <PermissionScope address={ADDRESS}>
      <MonitorView />
    </PermissionScope>
  );
}
