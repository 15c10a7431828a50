import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PageLoading } from '../../base/page-loading';
import { setLocked } from './lock';

/**
 * The menu page basic/lockScreen (a 快捷入口 tile or a menu entry): locks the screen as the header's
 * lock button does, so every navigation then lands on /lockScreen until the password unlocks it.
 */
export default function LockNowPage() {
  const navigate = useNavigate();
  useEffect(() => {
    setLocked(true);
    navigate('/lockScreen', { replace: true });
  }, [navigate]);
  return <PageLoading />;
}
