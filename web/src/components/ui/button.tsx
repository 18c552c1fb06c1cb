import * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';

import { cn } from '#web/lib/utils.ts';

// `cn` does not merge, so no two classes here may set the same property: gap and type belong to
// the size, the radius to the size and `round`, the colour of `focus-visible:ring-*` to the variant.
const buttonVariants = cva(
  "inline-flex shrink-0 items-center justify-center whitespace-nowrap transition-[color,background-color,border-color,box-shadow,transform] outline-none select-none active:translate-y-px disabled:pointer-events-none focus-visible:ring-[3px] focus-visible:ring-offset-2 focus-visible:ring-offset-background aria-invalid:border-destructive aria-invalid:ring-destructive/30 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  {
    variants: {
      variant: {
        default:
          'bg-primary text-primary-foreground shadow-xs hover:bg-primary/90 focus-visible:ring-ring',
        destructive:
          'bg-destructive text-destructive-foreground shadow-xs hover:bg-destructive/90 focus-visible:ring-destructive/50',
        outline:
          'border border-input bg-card shadow-xs hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring',
        secondary:
          'bg-secondary text-secondary-foreground hover:bg-secondary/80 focus-visible:ring-ring',
        ghost: 'hover:bg-accent hover:text-accent-foreground focus-visible:ring-ring',
        'ghost-destructive':
          'text-red-700 hover:bg-red-50 hover:text-red-800 focus-visible:ring-ring dark:text-red-300 dark:hover:bg-red-950 dark:hover:text-red-200',
        /** A quiet icon (delete) that turns red on hover. */
        'ghost-muted':
          'text-muted-foreground hover:bg-accent hover:text-destructive focus-visible:ring-ring',
        link: 'text-foreground underline-offset-4 hover:underline focus-visible:ring-ring',
        he: 'bg-he text-he-foreground shadow-xs hover:bg-he/90 focus-visible:ring-ring',
        she: 'bg-she text-she-foreground shadow-xs hover:bg-she/90 focus-visible:ring-ring',
      },
      size: {
        default: 'h-10 gap-2 px-4 py-2 text-sm font-semibold has-[>svg]:px-3',
        sm: 'h-8 gap-1.5 px-3 text-sm font-semibold has-[>svg]:px-2.5',
        lg: 'h-12 gap-2 px-6 text-base font-semibold has-[>svg]:px-4',
        /** The two vote buttons. */
        xl: 'h-14 gap-2 px-6 text-base font-bold has-[>svg]:px-4 sm:h-16 sm:text-lg',
        icon: 'size-10 gap-2 text-sm font-semibold',
        'icon-sm': 'size-8 gap-2 text-sm font-semibold',
        'icon-lg': 'size-12 gap-2 text-sm font-semibold',
        /** No height, padding or gap: the caller sets them (text links, one-off boxes). */
        bare: 'text-sm font-semibold',
      },
      round: { true: 'rounded-full', false: '' },
      /** Off when the caller styles the disabled state itself (the vote buttons). */
      dimWhenDisabled: { true: 'disabled:opacity-50', false: '' },
    },
    compoundVariants: [
      { round: false, size: ['lg', 'xl'], class: 'rounded-lg' },
      {
        round: false,
        size: ['default', 'sm', 'icon', 'icon-sm', 'icon-lg', 'bare'],
        class: 'rounded-md',
      },
    ],
    defaultVariants: {
      variant: 'default',
      size: 'default',
      round: false,
      dimWhenDisabled: true,
    },
  },
);

function Button({
  className,
  variant = 'default',
  size = 'default',
  round,
  dimWhenDisabled,
  asChild = false,
  ...props
}: React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    asChild?: boolean;
  }) {
  const Comp = asChild ? Slot.Root : 'button';

  return (
    <Comp
      data-slot="button"
      data-variant={variant}
      data-size={size}
      className={cn(buttonVariants({ variant, size, round, dimWhenDisabled }), className)}
      {...props}
    />
  );
}

export { Button, buttonVariants };
