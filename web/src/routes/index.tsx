import { createFileRoute } from '@tanstack/react-router';

import { CrashTestTrigger } from '#web/app/crash-test-trigger.tsx';
import { useAddNew } from '#web/app/use-add-new.ts';
import { HomeHero } from '#web/features/home/components/home-hero.tsx';

export const Route = createFileRoute('/')({
  head: () => ({ meta: [{ title: "Who's Right: He's Right or She's Right?" }] }),
  component: HomeRoute,
});

function HomeRoute() {
  const onAddNew = useAddNew();
  return (
    <>
      <CrashTestTrigger />
      <HomeHero onAddNew={() => void onAddNew()} />
    </>
  );
}
