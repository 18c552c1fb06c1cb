/**
 * Sign in or sign up without leaving the page: a sheet over what the visitor was doing (a vote on
 * a story), which carries on once they are in. The form is the /login form; the page stays.
 */
import type { ReactNode } from 'react';

import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '#web/components/ui/sheet.tsx';
import { AuthForm } from '#web/features/auth/components/auth-form.tsx';

export function SignInSheet({
  title,
  description,
  productName,
  externalSignInLabel,
  onSignedIn,
  onClose,
}: {
  title: string;
  description: ReactNode;
  productName: string;
  externalSignInLabel: string | null;
  onSignedIn: () => void;
  onClose: () => void;
}) {
  return (
    <Sheet open onOpenChange={(open) => (open ? undefined : onClose())}>
      <SheetContent className="gap-2">
        <SheetHeader>
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </SheetHeader>
        <AuthForm
          embedded
          productName={productName}
          externalSignInLabel={externalSignInLabel}
          onSignedIn={onSignedIn}
        />
      </SheetContent>
    </Sheet>
  );
}
