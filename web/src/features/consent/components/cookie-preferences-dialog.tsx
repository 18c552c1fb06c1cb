import { useId, useState } from 'react';

import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import type { CookiePreferences } from '#web/features/consent/lib/consent-storage.ts';

export interface CookiePreferencesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initial: CookiePreferences;
  onSave: (preferences: CookiePreferences) => void;
}

export function CookiePreferencesDialog({
  open,
  onOpenChange,
  initial,
  onSave,
}: CookiePreferencesDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>Cookie Preferences</DialogTitle>
          <DialogDescription>
            Choose which cookies Who&apos;s Right may use. You can change this at any time from the
            link at the bottom of every page.
          </DialogDescription>
        </DialogHeader>
        {/* Radix unmounts the content when closed, so the toggles start from `initial` on each open. */}
        <PreferencesForm initial={initial} onSave={onSave} />
      </DialogContent>
    </Dialog>
  );
}

function PreferencesForm({
  initial,
  onSave,
}: Pick<CookiePreferencesDialogProps, 'initial' | 'onSave'>) {
  const [analyticsOn, setAnalyticsOn] = useState(initial.analytics);
  const [advertisingOn, setAdvertisingOn] = useState(initial.advertising);

  return (
    <form
      className="grid gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ necessary: true, analytics: analyticsOn, advertising: advertisingOn });
      }}
    >
      <ul className="grid gap-2">
        <PreferenceRow
          label="Necessary"
          description="Keep you signed in, protect your account and remember this choice."
          checked
          disabled
        />
        <PreferenceRow
          label="Analytics"
          description="Anonymous usage statistics that show us which stories and features people enjoy."
          checked={analyticsOn}
          onCheckedChange={setAnalyticsOn}
        />
        <PreferenceRow
          label="Advertising"
          description="Let our ads partner show and measure ads, which keep Who's Right free."
          checked={advertisingOn}
          onCheckedChange={setAdvertisingOn}
        />
      </ul>
      <DialogFooter>
        <Button type="submit" className="w-full sm:w-auto">
          Save Preferences
        </Button>
      </DialogFooter>
    </form>
  );
}

function PreferenceRow({
  label,
  description,
  checked,
  disabled,
  onCheckedChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange?: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 rounded-xl border bg-card p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>
          {label}
          {disabled ? (
            <span className="rounded-full bg-muted px-2 py-0.5 text-[0.7rem] font-semibold text-muted-foreground">
              Always on
            </span>
          ) : null}
        </Label>
        <p id={`${id}-description`} className="text-xs text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={`${id}-description`}
      />
    </li>
  );
}
