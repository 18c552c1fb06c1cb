/** Query keys of the search feature (one factory, as every feature has). */
export const searchKeys = {
  all: ['search'] as const,
  results: (filters: { q: string; category?: string; verdict?: string; since?: string }) =>
    [...searchKeys.all, 'results', filters] as const,
};
