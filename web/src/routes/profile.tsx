// Temporary: the profile issue replaces this file with the real screen.
import { createFileRoute } from '@tanstack/react-router';

import { ComingSoonScreen } from '#web/components/coming-soon-screen.tsx';

export const Route = createFileRoute('/profile')({
  component: ProfileRoute,
});

function ProfileRoute() {
  return <ComingSoonScreen title="Your profile" text="Profiles are not available yet." />;
}
