const keys = [
  ['H', "He's Right"],
  ['S', "She's Right"],
  ['N', 'Next'],
] as const;

/** The keyboard shortcuts, shown where there is a keyboard (wider screens). */
export function ShortcutHint() {
  return (
    <p className="hidden items-center justify-center gap-4 text-xs text-muted-foreground sm:flex">
      {keys.map(([key, label]) => (
        <span key={key} className="inline-flex items-center gap-1.5">
          <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-[0.7rem] font-semibold text-foreground">
            {key}
          </kbd>
          {label}
        </span>
      ))}
    </p>
  );
}
