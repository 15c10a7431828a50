import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { messageHostWanted, subscribeMessageHost } from '../base/api/feedback';
import { type FeatureSlots, FeatureSlotsContext } from '../widgets/feature-slots';

/** The feature components widgets open in place (widgets/feature-slots.tsx), loaded on first use. */
const FEATURE_SLOTS: FeatureSlots = {
  DictionaryManager: lazy(() =>
    import('../features/system/dictionary/dictionary-page').then((module) => ({
      default: module.DictionaryManager,
    })),
  ),
  BillRuleDialog: lazy(() =>
    import('../features/system/billRule/bill-rule-dialog').then((module) => ({
      default: module.BillRuleDialog,
    })),
  ),
};

const MessageHost = lazy(() =>
  import('../widgets/antd-provider').then((module) => ({ default: module.MessageHost })),
);

/**
 * The app's toasts: one antd message holder at the root, mounted the first time a page with antd
 * mounts or a toast is asked for, and kept for the page's life (base/api/feedback.ts).
 */
function Toasts() {
  const wanted = useSyncExternalStore(subscribeMessageHost, messageHostWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MessageHost />
    </Suspense>
  );
}

/**
 * What every page shares. Ant Design's provider (theme, locale) is not here: the router wraps every
 * page but the sign-in page in it (app/router.tsx), so that the sign-in page's first load carries no
 * antd (widgets/antd-provider.tsx); the toasts' holder is here, loaded when first wanted.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <FeatureSlotsContext value={FEATURE_SLOTS}>
      <Toasts />
      {children}
    </FeatureSlotsContext>
  );
}
