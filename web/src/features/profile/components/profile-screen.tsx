/** /profile: who you are, your counters, your stories and comments, privacy, notifications and your data. */
import type { CurrentUser } from '@whosright/contracts/account/dto';

import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { MyCommentsList } from '#web/features/profile/components/my-comments-list.tsx';
import { useMyStories } from '#web/features/profile/api/get-my-stories.ts';
import { MyStoriesList } from '#web/features/profile/components/my-stories-list.tsx';
import { NotificationsCard } from '#web/features/profile/components/notifications-card.tsx';
import { PrivacyCard } from '#web/features/profile/components/privacy-card.tsx';
import { ProfileHeader } from '#web/features/profile/components/profile-header.tsx';
import { ProfileStats } from '#web/features/profile/components/profile-stats.tsx';
import { isBanned } from '#web/lib/ban.ts';
import { YourDataCard } from '#web/features/profile/components/your-data-card.tsx';

export function ProfileScreen({
  user,
  onUpdated,
}: {
  user: CurrentUser;
  onUpdated: (user: CurrentUser) => void;
}) {
  // The cards below the list are drawn once it has loaded: drawn before, they would move down as
  // it filled in. (The list's own query; the tab asks for the same one.)
  const listLoaded = !useMyStories().isPending;
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-6 sm:py-10">
      <ProfileHeader user={user} onUpdated={onUpdated} />
      <ProfileStats />
      <Tabs defaultValue="stories">
        <TabsList>
          <TabsTrigger value="stories">My Stories</TabsTrigger>
          <TabsTrigger value="comments">My Comments</TabsTrigger>
        </TabsList>
        <TabsContent value="stories">
          <MyStoriesList banned={isBanned(user)} />
        </TabsContent>
        <TabsContent value="comments">
          <MyCommentsList />
        </TabsContent>
      </Tabs>
      {listLoaded ? (
        <>
          <PrivacyCard user={user} onUpdated={onUpdated} />
          <NotificationsCard />
          <YourDataCard />
        </>
      ) : null}
    </div>
  );
}
