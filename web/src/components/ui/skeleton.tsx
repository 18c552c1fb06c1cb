import type * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';

import { cn } from '#web/lib/utils.ts';

const skeletonVariants = cva('animate-pulse bg-muted', {
  variants: {
    rounded: { md: 'rounded-md', lg: 'rounded-lg', xl: 'rounded-xl', full: 'rounded-full' },
  },
  defaultVariants: { rounded: 'md' },
});

function Skeleton({
  className,
  rounded,
  ...props
}: React.ComponentProps<'div'> & VariantProps<typeof skeletonVariants>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn(skeletonVariants({ rounded }), className)}
      {...props}
    />
  );
}

export { Skeleton };
