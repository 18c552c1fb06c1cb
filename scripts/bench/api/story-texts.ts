/**
 * Story texts for the search case: varied sentences from small word lists, some words far more
 * common than others (as in real stories), so a search meets both rare and everyday words. The
 * same index gives the same text on every run.
 */
const WHO = ['He', 'She', 'My partner', 'My husband', 'My wife', 'My boyfriend', 'My girlfriend'];
const DOES = [
  'leaves the dishes in the sink',
  'forgets to take out the bins',
  'spends our savings on gadgets',
  'invites his mother every weekend',
  'keeps the thermostat at 25 degrees',
  'scrolls the phone at dinner',
  'refuses to split the rent evenly',
  'folds the towels in thirds',
  'plans every holiday without asking',
  'snores and blames the dog',
  'buys the expensive coffee',
  'never answers texts at work',
];
const WHEN = [
  'every night',
  'on Tuesdays',
  'whenever friends visit',
  'since the wedding',
  'during lockdown',
  'before payday',
];
const RARE = [
  'kayak',
  'sourdough',
  'accordion',
  'terrarium',
  'chandelier',
  'marathon',
  'saxophone',
  'tarantula',
  'crossword',
  'barbecue',
];
const ENDS = ['Who is right?', 'Am I wrong to mind?', 'Is this fair?', 'What would you do?'];

/** A skewed pick: low indexes far more often than high ones. */
const skewed = <T>(list: readonly T[], n: number): T =>
  list[Math.floor(list.length * ((n % 997) / 997) ** 2)]!;

export function searchableStoryText(i: number): string {
  const rare = i % 7 === 0 ? ` It started with a ${RARE[((i / 7) % RARE.length) | 0]}.` : '';
  return `${skewed(WHO, i * 31)} ${skewed(DOES, i * 17 + 3)} ${WHEN[i % WHEN.length]}, story ${i}.${rare} ${ENDS[i % ENDS.length]}`;
}

/** What the search case asks, in turn: everyday and rare words, phrases, exclusions, filters. */
export const SEARCH_QUERIES = [
  'q=dishes',
  'q=bins%20tuesdays',
  'q=%22take%20out%20the%20bins%22',
  'q=bins%20-tuesdays',
  'q=towels&category=household',
  'q=kayak',
  'q=phone%20dinner&since=2020-01-01',
  'q=mother&verdict=he',
] as const;
