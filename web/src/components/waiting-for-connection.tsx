import { WifiOffIcon } from 'lucide-react';

/**
 * Beside a form whose post waits for the connection (lib/post-when-online.ts): says so, in the
 * form's own words ("Your comment will be posted when you're back online.").
 */
export function WaitingForConnection({ children }: { children: string }) {
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-lg border bg-muted/60 px-3 py-2 text-sm text-muted-foreground"
    >
      <WifiOffIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <strong className="font-semibold text-foreground">You&apos;re offline.</strong> {children}
      </span>
    </p>
  );
}
