import { ErrorBlock, List, SearchBar } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fetchLaunchable, type LaunchableTemplate } from '../features/workflow/quickLaunch/api';
import { Loading, SubPage } from './widgets';

/** 发起流程: the flows the user may launch (the desktop's quick-launch list), searchable. */
export default function LaunchPage() {
  const { t } = useTranslation('mobile');
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [rows, setRows] = useState<LaunchableTemplate[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async (searched: string) => {
    try {
      setRows((await fetchLaunchable(searched)).list);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void load('');
  }, [load]);

  return (
    <SubPage title={t('launch.title')}>
      <div className="m-flows__search">
        <SearchBar
          placeholder={t('launch.search')}
          value={keyword}
          onChange={setKeyword}
          onSearch={(value) => void load(value.trim())}
          onClear={() => void load('')}
        />
      </div>
      {failed && <ErrorBlock status="disconnected" title={t('loadFailed')} description="" />}
      {!failed && !rows && <Loading />}
      {rows && rows.length === 0 && <div className="m-empty">{t('list.empty')}</div>}
      {rows && rows.length > 0 && (
        <List className="m-launch-list" data-testid="m-launch-list">
          {rows.map((row) => (
            <List.Item
              key={row.id}
              prefix={
                <span className="m-launch-list__icon" style={{ background: row.iconBackground || '#1677ff' }}>
                  {row.fullName.slice(0, 1)}
                </span>
              }
              description={row.enCode}
              onClick={() => navigate(`/launch/${encodeURIComponent(row.id)}`)}
            >
              {row.fullName}
            </List.Item>
          ))}
        </List>
      )}
    </SubPage>
  );
}
