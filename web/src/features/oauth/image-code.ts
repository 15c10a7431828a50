import { useCallback, useState } from 'react';
import { getLoginConfig } from './api';

/**
 * Whether the sign-in form shows the image code, how long the code is and the timestamp its picture
 * was asked with (console.md: getConfig/{account}); the desktop and the mobile sign-in share it.
 */
export function useImageCode() {
  const [showCode, setShowCode] = useState(false);
  const [codeLength, setCodeLength] = useState(4);
  const [timestamp, setTimestamp] = useState(() => Date.now());

  /** The code is single-use: a fresh picture after every failed sign-in, or on a click. */
  const refreshCode = useCallback(() => setTimestamp(Date.now()), []);

  /** Asks the server whether this account needs the code; `forceShow` when a refusal said so. */
  const checkConfig = useCallback(
    async (account: string | undefined, forceShow = false) => {
      let needed = forceShow;
      if (account?.trim()) {
        try {
          const config = await getLoginConfig(account.trim());
          if (Number(config.enableVerificationCode) === 1) needed = true;
          if (config.verificationCodeNumber > 0) setCodeLength(config.verificationCodeNumber);
        } catch {
          // the account field keeps working without the hint
        }
      }
      setShowCode((shown) => {
        if (needed && !shown) refreshCode();
        return needed;
      });
    },
    [refreshCode],
  );

  return { showCode, codeLength, timestamp, refreshCode, checkConfig };
}
