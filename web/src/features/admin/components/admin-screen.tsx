/** /admin: summary cards, the eight tabs, the story and the member history sheets. */
import { useState } from 'react';

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
import { SummaryCards, type AdminTab } from '#web/features/admin/components/summary-cards.tsx';
import { UsersTab } from '#web/features/admin/components/users-tab.tsx';

const TABS: Array<{ value: AdminTab; label: string }> = [
  { value: 'pending', label: 'Pending Stories' },
  { value: 'users', label: 'User Management' },
  { value: 'flagged', label: 'Flagged Comments (High Downvotes)' },
  { value: 'reports', label: 'Reports' },
  { value: 'poor', label: 'Poor Performing Stories (Top 5% Skip Rate)' },
  { value: 'log', label: 'Moderation Log' },
  { value: 'automod', label: 'Automod' },
  { value: 'insights', label: 'Insights' },
];

const isTab = (value: string): value is AdminTab => TABS.some((tab) => tab.value === value);

export function AdminScreen({ currentUserId }: { currentUserId: string }) {
  const [tab, setTab] = useState<AdminTab>('pending');
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [memberOf, setMemberOf] = useState<MemberRef | null>(null);
  return (
    <div className="mx-auto grid w-full max-w-5xl min-w-0 gap-6 px-4 py-6 sm:py-10 [&>*]:min-w-0">
      <header className="grid gap-1">
        <h1 className="font-display text-2xl font-bold sm:text-3xl">Admin Panel</h1>
        <p className="text-muted-foreground">Moderate stories, comments and members.</p>
      </header>
      <SummaryCards onOpen={setTab} />
      <Tabs value={tab} onValueChange={(value) => isTab(value) && setTab(value)}>
        <TabsList layout="wrap">
          {TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value} layout="wrap">
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="pending">
          <PendingStoriesTab onHistory={setHistoryOf} />
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
