import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import './mobile-offer.css';

/** Below this width the desktop sign-in page offers the mobile web app (issue #26). */
const NARROW = '(max-width: 767.98px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(NARROW);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isNarrow = () => window.matchMedia(NARROW).matches;

/** A bar at the top of the sign-in page on a phone: "open the mobile app" (/m/). */
export function MobileOffer() {
  const narrow = useSyncExternalStore(subscribe, isNarrow, () => false);
  return narrow ? <OfferBar /> : null;
}

function OfferBar() {
  // Its texts live in the mobile app's namespace: loaded only on a narrow screen, without suspending the page.
  const { t, ready } = useTranslation('mobile', { useSuspense: false });
  if (!ready) return null;
  return (
    <a className="mobile-offer" href="/m/" data-testid="mobile-offer">
      <span>{t('offer.text')}</span>
      <strong>{t('offer.open')} ›</strong>
    </a>
  );
}
