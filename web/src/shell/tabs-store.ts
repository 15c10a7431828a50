import { create } from 'zustand';

/** A visited page in the tags view. `key` is the full path (pathname + search). */
export interface VisitedView {
  key: string;
  /** A plain title (menu name from the server) or an i18n key in `titleKey`. */
  title?: string;
  titleKey?: string;
  /** Menu id, for the tag icon. */
  menuId?: string;
  affix?: boolean;
  noCache?: boolean;
}

export const HOME_VIEW: VisitedView = { key: '/home', titleKey: 'shell:menu.home', affix: true };

interface TabsState {
  views: VisitedView[];
  /** Bumped per key on refresh: cached views remount. */
  epochs: Record<string, number>;
  add(view: VisitedView): void;
  /** Removes a view; answers the views left. */
  remove(key: string): VisitedView[];
  removeOthers(key: string): void;
  removeAll(): VisitedView[];
  refresh(key: string): void;
  reset(): void;
}

export const useTabs = create<TabsState>()((set, get) => ({
  views: [HOME_VIEW],
  epochs: {},
  add(view) {
    const views = get().views;
    const index = views.findIndex((item) => item.key === view.key);
    if (index === -1) {
      set({ views: [...views, view] });
      return;
    }
    const current = views[index];
    if (current && (current.title !== view.title || current.titleKey !== view.titleKey)) {
      const next = [...views];
      next[index] = { ...current, ...view, affix: current.affix || view.affix };
      set({ views: next });
    }
  },
  remove(key) {
    const views = get().views.filter((view) => view.key !== key || view.affix);
    set({ views });
    return views;
  },
  removeOthers(key) {
    set({ views: get().views.filter((view) => view.key === key || view.affix) });
  },
  removeAll() {
    const views = get().views.filter((view) => view.affix);
    set({ views });
    return views;
  },
  refresh(key) {
    const epochs = get().epochs;
    set({ epochs: { ...epochs, [key]: (epochs[key] ?? 0) + 1 } });
  },
  reset() {
    set({ views: [HOME_VIEW], epochs: {} });
  },
}));
