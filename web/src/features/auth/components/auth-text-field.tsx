import type { ComponentProps } from 'react';

import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';

/**
 * A labelled input of the auth form; `optional` adds a muted "(optional)" to the label, `hint` a
 * line under the field that describes it to screen readers too.
 */
export function AuthTextField({
  id,
  label,
  optional = false,
  hint,
  ...input
}: ComponentProps<typeof Input> & {
  id: string;
  label: string;
  optional?: boolean;
  hint?: string;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {optional ? <span className="font-normal text-muted-foreground">(optional)</span> : null}
      </Label>
      <Input
        id={id}
        name={id}
        aria-required={!optional}
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
