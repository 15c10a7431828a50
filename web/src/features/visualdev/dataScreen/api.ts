import type { DataScreenItem, ScreenDesign } from '@console/shared';
import { http } from '../../../base/api';

export type { DataScreenItem, ScreenDesign };

export const SCREEN_BASE = '/visualdev/DataScreen';

export interface ScreenView {
  id: string;
  fullName: string;
  design: ScreenDesign;
}

/** Runs one component's data; `filters` are the current values of the screen's filter components. */
export type ScreenFetcher = (componentId: string, filters: Record<string, unknown>) => Promise<unknown>;

export const screenKeys = {
  all: ['dataScreen'] as const,
  list: (query: ScreenQuery) => ['dataScreen', 'list', query] as const,
  info: (id: string) => ['dataScreen', 'info', id] as const,
  view: (id: string, draft: boolean) => ['dataScreen', 'view', id, draft] as const,
};

export interface ScreenQuery {
  keyword: string;
  category: string;
  currentPage: number;
  pageSize: number;
}

export interface ScreenList {
  list: DataScreenItem[];
  pagination: { currentPage: number; pageSize: number; total: number };
  categories: string[];
}

export const fetchScreens = (query: ScreenQuery) => http.get<ScreenList>(SCREEN_BASE, { ...query });
export const fetchScreen = (id: string) => http.get<DataScreenItem>(`${SCREEN_BASE}/${id}`);

export interface ScreenForm {
  fullName: string;
  category: string;
  description?: string | null;
  design: string;
}

export const createScreen = (form: ScreenForm) => http.post<{ id: string }>(SCREEN_BASE, form);
export const updateScreen = (id: string, form: ScreenForm & { version: number }) =>
  http.put<null>(`${SCREEN_BASE}/${id}`, form);
export const removeScreen = (id: string) => http.delete<null>(`${SCREEN_BASE}/${id}`);
export const copyScreen = (id: string) => http.post<{ id: string }>(`${SCREEN_BASE}/${id}/Actions/Copy`);
export const releaseScreen = (id: string) => http.put<null>(`${SCREEN_BASE}/${id}/Actions/Release`);
export const exportScreen = (id: string) => http.get<unknown>(`${SCREEN_BASE}/${id}/Actions/Export`);
export const importScreen = (file: unknown) =>
  http.post<{ id: string }>(`${SCREEN_BASE}/Actions/Import`, { file });

export const fetchScreenView = (id: string, draft: boolean) =>
  http.get<ScreenView>(`${SCREEN_BASE}/${id}/View`, draft ? { draft: 1 } : undefined);

export const screenFetcher =
  (id: string, draft: boolean): ScreenFetcher =>
  (componentId, filters) =>
    http.post<unknown>(
      `${SCREEN_BASE}/${id}/Data/${encodeURIComponent(componentId)}${draft ? '?draft=1' : ''}`,
      {
        filters,
      },
    );

/** A map's GeoJSON from 系统数据 › 地图 (enabled maps, by code). */
export const fetchGeoJson = (code: string) => http.get<unknown>('/system/atlas/geojson', { code });
