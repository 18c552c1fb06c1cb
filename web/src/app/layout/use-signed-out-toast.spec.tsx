import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@whosright/contracts/shared/constants';

import { useSignedOutToast } from '#web/app/layout/use-signed-out-toast.ts';
import { renderWithApp } from '#web/testing/test-utils.tsx';

function Page() {
  useSignedOutToast();
  return null;
}

const signedOutOnServer = () => {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0`;
};

describe('signed-out toast', () => {
  afterEach(() => window.sessionStorage.clear());

  it('when the page follows a sign-out it says "Signed out", once', async () => {
    window.sessionStorage.setItem('whosright:signed-out', '1');
    signedOutOnServer();
    renderWithApp(<Page />);
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(window.sessionStorage.getItem('whosright:signed-out')).toBeNull();
  });

  it('when the server kept the session (the hint cookie is still there) it says nothing', async () => {
    window.sessionStorage.setItem('whosright:signed-out', '1');
    renderWithApp(<Page />);
    await screen.findByTestId('page');
    expect(screen.queryByText('Signed out')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('whosright:signed-out')).toBeNull();
  });

  it('when no sign-out happened it says nothing', async () => {
    signedOutOnServer();
    renderWithApp(<Page />);
    await screen.findByTestId('page');
    expect(screen.queryByText('Signed out')).not.toBeInTheDocument();
  });
});
