import { useEffect } from 'react';

import { toast } from '#web/hooks/use-toast.ts';
import { takeSignedOutNotice } from '#web/lib/sign-out.ts';

/** After Logout's round trip through /api/logout, the page it lands on confirms it. */
export function useSignedOutToast() {
  useEffect(() => {
    if (takeSignedOutNotice()) toast({ title: 'Signed out', description: 'See you next time.' });
  }, []);
}
