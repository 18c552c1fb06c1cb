import type { StoryCategory } from '@whosright/contracts/shared/categories';

/** Submissions the demo moderator has not decided yet: the admin's Pending Stories tab. */
export const DEMO_PENDING: readonly { content: string; category: StoryCategory }[] = [
  {
    content:
      'My partner wants to split the electricity bill by who uses which appliance. I think we should just halve it. Who is right?',
    category: 'money',
  },
  {
    content:
      'He says a dishwasher should be run only when completely full, even if that takes three days. I run it every night. Who is right?',
    category: 'household',
  },
  {
    content:
      'She wants to announce our engagement on social media before telling my grandmother in person. I say family first. Who is right?',
    category: 'family',
  },
];

/** A submission the moderator rejected, and why: the author sees the reason on their profile. */
export const DEMO_REJECTED = {
  content:
    'My neighbour Gary Thompson at 14 Elm Street keeps parking in our spot and my husband refuses to confront him. Who is right?',
  category: 'lifestyle' as StoryCategory,
  reason: 'Names a real person and an address. Please resubmit without them.',
};

/** Why the moderator hid one approved story, and banned one member. */
export const DEMO_HIDE_REASON = 'Several readers reported it as a duplicate of an older story.';
export const DEMO_BAN_REASON = 'Repeated personal attacks on other members in comments.';
