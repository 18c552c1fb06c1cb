import { useId, type ReactNode } from 'react';

/** The layout every full-page message shares: a visual, a title, a sentence and actions. */
export function MessageScreen({
  visual,
  title,
  message,
  actions,
  alert = false,
}: {
  visual: ReactNode;
  title: string;
  message: string;
  actions: ReactNode;
  /** Announce at once to screen readers (the crash screen). */
  alert?: boolean;
}) {
  const titleId = useId();
  return (
    <section
      role={alert ? 'alert' : undefined}
      aria-labelledby={titleId}
      className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center gap-6 px-4 py-16 text-center"
    >
      {visual}
      <div className="grid gap-2">
        <h1 id={titleId} className="font-display text-2xl font-bold">
          {title}
        </h1>
        <p className="text-muted-foreground">{message}</p>
      </div>
      {actions}
    </section>
  );
}

/** The round icon badge most message screens show. */
export function MessageIcon({ children, className }: { children: ReactNode; className: string }) {
  return (
    <span className={`flex size-16 items-center justify-center rounded-full ${className}`}>
      {children}
    </span>
  );
}
