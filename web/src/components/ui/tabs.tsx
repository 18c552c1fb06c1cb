import type * as React from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { Tabs as TabsPrimitive } from 'radix-ui';

import { cn } from '#web/lib/utils.ts';

/**
 * `fit`: one row of equal tabs; `scroll`: one row of tabs as wide as their labels (a second,
 * smaller line allowed), scrolled sideways where the row is too narrow for them.
 */
const tabsListVariants = cva(
  'inline-flex w-full items-center rounded-lg bg-muted p-1 text-muted-foreground',
  {
    variants: {
      layout: {
        fit: 'h-10 justify-center sm:w-fit',
        scroll: 'justify-start overflow-x-auto overscroll-x-contain',
      },
    },
    defaultVariants: { layout: 'fit' },
  },
);

const tabsTriggerVariants = cva(
  'inline-flex items-center justify-center rounded-md text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm',
  {
    variants: {
      layout: {
        fit: 'h-full flex-1 gap-1.5 px-3 whitespace-nowrap',
        scroll:
          'min-h-9 flex-none flex-col self-stretch px-2 py-1.5 leading-tight whitespace-nowrap',
      },
    },
    defaultVariants: { layout: 'fit' },
  },
);

function Tabs({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Root>) {
  return (
    <TabsPrimitive.Root
      data-slot="tabs"
      className={cn('flex flex-col gap-4', className)}
      {...props}
    />
  );
}

function TabsList({
  className,
  layout,
  ...props
}: React.ComponentProps<typeof TabsPrimitive.List> & VariantProps<typeof tabsListVariants>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(tabsListVariants({ layout }), className)}
      {...props}
    />
  );
}

/**
 * Radix focuses a tab from script on mouse down (Safari would not focus a clicked button), and a
 * browser draws the focus ring for focus moved by script: every clicked tab showed a ring. It is
 * focused here first, without the ring (`focusVisible: false`); Radix's focus then changes nothing,
 * and arrow keys still draw it.
 */
function focusWithoutRing(event: React.MouseEvent<HTMLButtonElement>) {
  if (event.button === 0 && !event.ctrlKey) event.currentTarget.focus({ focusVisible: false });
}

function TabsTrigger({
  className,
  layout,
  onMouseDown,
  ...props
}: React.ComponentProps<typeof TabsPrimitive.Trigger> & VariantProps<typeof tabsTriggerVariants>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(tabsTriggerVariants({ layout }), className)}
      onMouseDown={(event) => {
        onMouseDown?.(event);
        focusWithoutRing(event);
      }}
      {...props}
    />
  );
}

function TabsContent({ className, ...props }: React.ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn('outline-none focus-visible:ring-[3px] focus-visible:ring-ring', className)}
      {...props}
    />
  );
}

export { Tabs, TabsList, TabsTrigger, TabsContent };
