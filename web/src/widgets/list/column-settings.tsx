import { SettingOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Checkbox, Drawer, List, type TableColumnsType, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { http } from '../../base/api';
import { menuIdForPath } from '../../base/session/menu';
import { useSession } from '../../base/session/session-store';

/** One column as the column-settings drawer stores it (widgets.md "Column setting"). */
export interface ColumnSetting {
  prop: string;
  label: string;
  visible: boolean;
}

/** Texts of the drawer, from the page's namespace. */
export interface ColumnSettingsTexts {
  title: string;
  reset: string;
  up(name: string): string;
  down(name: string): string;
}

const settingsKey = (moduleId: string) => ['columnSettings', moduleId] as const;

async function fetchSettings(moduleId: string): Promise<ColumnSetting[]> {
  const data = await http.get<unknown>(`/permission/Authority/GetColumnsByModuleId/${moduleId}`);
  const list = typeof data === 'string' ? (data ? JSON.parse(data) : []) : data;
  return Array.isArray(list) ? (list as ColumnSetting[]) : [];
}

/**
 * Applies the current user's column permission and personal column settings to a list's columns:
 * columns the page's permission entry lists are shown only when granted (an entry without column
 * grants leaves them all), then the saved order and visibility apply. Columns without a key
 * (actions) always stay, last. Returns the columns and the settings button (320 px drawer).
 */
export function useListColumns<T>(address: string, columns: TableColumnsType<T>, texts: ColumnSettingsTexts) {
  const { pathname } = useLocation();
  const menuList = useSession((state) => state.menuList);
  const permissionList = useSession((state) => state.permissionList);
  const queryClient = useQueryClient();
  const moduleId = menuIdForPath(menuList, `/${address}`) ?? menuIdForPath(menuList, pathname);
  const entry = moduleId ? permissionList.find((item) => item.modelId === moduleId) : undefined;
  const settings = useQuery({
    queryKey: settingsKey(moduleId ?? ''),
    queryFn: () => fetchSettings(moduleId ?? ''),
    enabled: Boolean(moduleId),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [open, setOpen] = useState(false);

  const allowed = useMemo(() => {
    const granted = new Set((entry?.column ?? []).map((column) => column.enCode));
    return columns.filter((column) => {
      const key = String(column.key ?? '');
      return !key || key === 'actions' || granted.size === 0 || granted.has(key);
    });
  }, [columns, entry]);

  const keyed = allowed.filter((column) => column.key && column.key !== 'actions');
  const fixed = allowed.filter((column) => !column.key || column.key === 'actions');
  const current: ColumnSetting[] = useMemo(() => {
    const saved = settings.data ?? [];
    const byProp = new Map(saved.map((item) => [item.prop, item]));
    const known = keyed.map((column) => ({
      prop: String(column.key),
      label: typeof column.title === 'string' ? column.title : String(column.key),
      visible: byProp.get(String(column.key))?.visible ?? true,
    }));
    const order = new Map(saved.map((item, index) => [item.prop, index]));
    return known.sort((a, b) => (order.get(a.prop) ?? 999) - (order.get(b.prop) ?? 999));
  }, [keyed, settings.data]);

  const shown = useMemo(() => {
    const byKey = new Map(keyed.map((column) => [String(column.key), column]));
    const ordered = current.filter((item) => item.visible).flatMap((item) => byKey.get(item.prop) ?? []);
    return [...ordered, ...fixed];
  }, [current, keyed, fixed]);

  const save = async (next: ColumnSetting[]) => {
    if (!moduleId) return;
    const previous = settings.data;
    queryClient.setQueryData(settingsKey(moduleId), next);
    try {
      await http.put('/permission/Authority/SetColumnsByModuleId', {
        moduleId,
        fieldList: JSON.stringify(next),
      });
    } catch {
      // widgets.md: on failure the list reverts.
      queryClient.setQueryData(settingsKey(moduleId), previous);
    }
  };

  const move = (index: number, delta: number) => {
    const next = [...current];
    const [item] = next.splice(index, 1);
    if (!item) return;
    next.splice(index + delta, 0, item);
    void save(next);
  };

  const button = (
    <>
      <Tooltip title={texts.title}>
        <Button icon={<SettingOutlined />} aria-label={texts.title} onClick={() => setOpen(true)} />
      </Tooltip>
      <Drawer open={open} size={320} title={texts.title} onClose={() => setOpen(false)}>
        <List
          size="small"
          dataSource={current}
          renderItem={(item, index) => (
            <List.Item
              actions={[
                <Button
                  key="up"
                  type="text"
                  size="small"
                  disabled={index === 0}
                  aria-label={texts.up(item.label)}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </Button>,
                <Button
                  key="down"
                  type="text"
                  size="small"
                  disabled={index === current.length - 1}
                  aria-label={texts.down(item.label)}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </Button>,
              ]}
            >
              <Checkbox
                checked={item.visible}
                onChange={(event) =>
                  void save(
                    current.map((other) =>
                      other.prop === item.prop ? { ...other, visible: event.target.checked } : other,
                    ),
                  )
                }
              >
                {item.label}
              </Checkbox>
            </List.Item>
          )}
        />
        <Button block onClick={() => void save(current.map((item) => ({ ...item, visible: true })))}>
          {texts.reset}
        </Button>
      </Drawer>
    </>
  );

  return { columns: shown, settingsButton: moduleId ? button : null };
}
