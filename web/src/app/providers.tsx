import { lazy, type ReactNode } from 'react';
import { setMessageApiLoader } from '../base/api/feedback';
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

// A toast asked for on a page without antd's provider (the sign-in page) mounts a holder of its own.
setMessageApiLoader(() => {
  void import('../widgets/antd-provider').then((module) => module.mountMessageHolder());
});

/**
 * What every page shares. Ant Design's provider (theme, locale, message holder) is not here: the
 * router wraps every page but the sign-in page in it (app/router.tsx), so that the sign-in page's
 * first load carries no antd (widgets/antd-provider.tsx).
 */
export function Providers({ children }: { children: ReactNode }) {
  return <FeatureSlotsContext value={FEATURE_SLOTS}>{children}</FeatureSlotsContext>;
}
