/** /admin: summary cards, the eight tabs (the open one in the URL), the story and member history sheets. */
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';

import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { AutomodTab } from '#web/features/admin/components/automod-tab.tsx';
import { FlaggedCommentsTab } from '#web/features/admin/components/flagged-comments-tab.tsx';
import { InsightsTab } from '#web/features/admin/components/insights-tab.tsx';
import {
  MemberHistorySheet,
  type MemberRef,
} from '#web/features/admin/components/member-history-sheet.tsx';
import { ModerationLogTab } from '#web/features/admin/components/moderation-log-tab.tsx';
import { PendingStoriesTab } from '#web/features/admin/components/pending-stories-tab.tsx';
import { PoorStoriesTab } from '#web/features/admin/components/poor-stories-tab.tsx';
import { ReportsTab } from '#web/features/admin/components/reports-tab.tsx';
import { StoryHistorySheet } from '#web/features/admin/components/story-history-sheet.tsx';
import { SummaryCards } from '#web/features/admin/components/summary-cards.tsx';
import { UsersTab } from '#web/features/admin/components/users-tab.tsx';
import { ADMIN_TABS, isAdminTab, type AdminTab } from '#web/features/admin/lib/admin-tabs.ts';

/** The tab is in the URL (`?tab=reports`): a reload or Back stays on it, and it can be linked. */
function useAdminTab(): [AdminTab, (tab: AdminTab) => void] {
  const search: { tab?: unknown } = useSearch({ strict: false });
  const navigate = useNavigate();
  const tab = isAdminTab(search.tab) ? search.tab : 'pending';
  const open = (next: AdminTab) =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({
        ...previous,
        tab: next === 'pending' ? undefined : next,
      }),
    });
  return [tab, open];
}

export function AdminScreen({ currentUserId }: { currentUserId: string }) {
  const [tab, setTab] = useAdminTab();
  const tabList = useRef<HTMLDivElement>(null);
  // On a phone the row scrolls sideways: the open tab, opened from a card or a link, is in view.
  useEffect(() => {
    tabList.current
      ?.querySelector('[role="tab"][aria-selected="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [memberOf, setMemberOf] = useState<MemberRef | null>(null);
  return (
    <div className="mx-auto grid w-full max-w-5xl min-w-0 gap-6 px-4 py-6 sm:py-10 [&>*]:min-w-0">
      <header className="grid gap-1">
        <h1 className="font-display text-2xl font-bold sm:text-3xl">Admin Panel</h1>
        <p className="text-muted-foreground">Moderate stories, comments and members.</p>
      </header>
      <SummaryCards onOpen={setTab} />
      <Tabs value={tab} onValueChange={(value) => isAdminTab(value) && setTab(value)}>
        <TabsList ref={tabList} layout="scroll">
          {ADMIN_TABS.map(({ value, label, detail }) => (
            <TabsTrigger key={value} value={value} layout="scroll">
              {label}
              {detail ? (
                <>
                  {' '}
                  <span className="text-xs font-normal text-muted-foreground">{detail}</span>
                </>
              ) : null}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="pending">
          <PendingStoriesTab onHistory={setHistoryOf} onMemberHistory={setMemberOf} />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab currentUserId={currentUserId} onHistory={setMemberOf} />
        </TabsContent>
        <TabsContent value="flagged">
          <FlaggedCommentsTab />
        </TabsContent>
        <TabsContent value="reports">
          <ReportsTab onMemberHistory={setMemberOf} />
        </TabsContent>
        <TabsContent value="poor">
          <PoorStoriesTab onHistory={setHistoryOf} />
        </TabsContent>
        <TabsContent value="log">
          <ModerationLogTab onHistory={setHistoryOf} onMemberHistory={setMemberOf} />
        </TabsContent>
        <TabsContent value="automod">
          <AutomodTab />
        </TabsContent>
        <TabsContent value="insights">
          <InsightsTab />
        </TabsContent>
      </Tabs>
      <StoryHistorySheet storyId={historyOf} onClose={() => setHistoryOf(null)} />
      <MemberHistorySheet member={memberOf} onClose={() => setMemberOf(null)} />
    </div>
  );
}
