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

// ----- Share links for wall displays (the list page's 共享 dialog and the public viewer) -----

/** GET /{id}/Share: the link's settings; the password is never answered, only whether one is set. */
export interface ScreenShare {
  enabled: boolean;
  passUse: boolean;
  expiresAt: number | null;
  /** Route of the public viewer with its token, e.g. /dataScreenShare?encryption=…; '' when off. */
  link: string;
  /** Who set the link: its data runs as this user. */
  owner: string | null;
  released: boolean;
}

export interface ScreenShareForm {
  enabled: boolean;
  passUse: boolean;
  /** The MD5 of what was typed; '' keeps the stored password. */
  password: string;
  expiresAt: number | null;
}

export const fetchShare = (id: string) => http.get<ScreenShare>(`${SCREEN_BASE}/${id}/Share`);
export const saveShare = (id: string, form: ScreenShareForm) =>
  http.send<ScreenShare>(`${SCREEN_BASE}/${id}/Share`, { method: 'PUT', data: form });
export const revokeShare = (id: string) =>
  http.send<ScreenShare>(`${SCREEN_BASE}/${id}/Share`, { method: 'DELETE' });

/** The address people open: this console's own origin with the hash route the server names. */
export const shareAddress = (link: string) =>
  link ? `${window.location.origin}${window.location.pathname}#${link}` : '';

/** What every public call carries: the link's token, and after the password the pass it answered. */
export interface ShareTicket {
  encryption: string;
  pass: string;
}

const ticketParams = (ticket: ShareTicket) => ({
  encryption: ticket.encryption,
  ...(ticket.pass ? { pass: ticket.pass } : {}),
});

export const fetchShareInfo = (encryption: string) =>
  http.get<{ fullName: string; passUse: boolean }>(
    `${SCREEN_BASE}/Share/Info`,
    { encryption },
    { silent: true },
  );

/** The MD5 of what was typed: what the password check takes (as sign-in does). */
export const passwordDigest = async (password: string) => (await import('js-md5')).md5(password);

/** POST /Share/Password → the pass the next calls carry (valid two hours; the viewer renews it). */
export const checkSharePassword = (encryption: string, digest: string) =>
  http.post<{ pass: string }>(
    `${SCREEN_BASE}/Share/Password`,
    { encryption, password: digest },
    { silent: true },
  );

export const fetchSharedView = (ticket: ShareTicket) =>
  http.get<ScreenView>(`${SCREEN_BASE}/Share/View`, ticketParams(ticket), { silent: true });

/** The public data calls; `ticket` is read at each call, so a renewed pass is used at once. */
export const sharedFetcher =
  (ticket: () => ShareTicket): ScreenFetcher =>
  (componentId, filters) =>
    http
      .send<unknown>(`${SCREEN_BASE}/Share/Data/${encodeURIComponent(componentId)}`, {
        method: 'POST',
        params: ticketParams(ticket()),
        data: { filters },
        silent: true,
      })
      .then((answer) => answer.data);

export const sharedGeo = (ticket: () => ShareTicket) => (code: string) =>
  http.get<unknown>(`${SCREEN_BASE}/Share/Geo`, { ...ticketParams(ticket()), code }, { silent: true });
