import { Skeleton } from '#web/components/ui/skeleton.tsx';

/** The story card's shape while it loads, so nothing jumps when it arrives. */
export function StorySkeleton() {
  return (
    <div role="status" aria-label="Loading story" className="rounded-2xl border bg-card p-5 sm:p-8">
      <div className="mb-6 flex items-center justify-between">
        <Skeleton rounded="full" className="h-6 w-36" />
        <Skeleton className="h-4 w-24" />
      </div>
      <div className="mb-8 space-y-3">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-11/12" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-5 w-2/3" />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Skeleton rounded="lg" className="h-14 sm:h-16" />
        <Skeleton rounded="lg" className="h-14 sm:h-16" />
      </div>
    </div>
  );
}
