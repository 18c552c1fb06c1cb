/** Query keys of the runtime-config feature. */
export const configKeys = {
  all: ['config'] as const,
  runtime: () => [...configKeys.all, 'runtime'] as const,
};
