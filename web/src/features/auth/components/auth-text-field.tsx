import type { ComponentProps } from 'react';

import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

/** A labelled input of the auth form; `optional` adds a muted "(optional)" to the label. */
export function AuthTextField({
  id,
  label,
  optional = false,
  ...input
}: ComponentProps<typeof Input> & { id: string; label: string; optional?: boolean }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="font-normal text-muted-foreground">(optional)</span> : null}
      </Label>
      <Input id={id} name={id} aria-required={!optional} {...input} />
    </div>
  );
}
