/**
 * "Delete my account": a dialog that asks for the password, or, for an account that signs in with a
 * provider, mails a link whose code confirms it. Opening /profile from that link (`?deleteToken=`)
 * opens the dialog with the code filled in. On success the member is signed out here too and taken
 * home.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';

import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { toast } from '#web/hooks/use-toast.ts';
import { errorMessage, errorStatus } from '#web/lib/error-message.ts';
import {
  useDeleteAccount,
  type DeleteConfirmation,
} from '#web/features/profile/api/delete-account.ts';
import { useRequestDeletionLink } from '#web/features/profile/api/request-deletion-link.ts';

/** The code of a mailed link, when /profile was opened from it. */
function tokenInAddress(): string {
  if (typeof window === 'undefined') return '';
  return new URLSearchParams(window.location.search).get('deleteToken') ?? '';
}

export function DeleteAccountDialog() {
  const [initialToken] = useState(tokenInAddress);
  const [open, setOpen] = useState(initialToken !== '');
  const [byLink, setByLink] = useState(initialToken !== '');
  const [password, setPassword] = useState('');
  const [token, setToken] = useState(initialToken);
  const [problem, setProblem] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState(false);
  const remove = useDeleteAccount();
  const requestLink = useRequestDeletionLink();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const openWith = (next: boolean) => {
    if (next) {
      setPassword('');
      setProblem(null);
    }
    setOpen(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const confirmation: DeleteConfirmation = byLink ? { token: token.trim() } : { password };
    if (byLink ? !token.trim() : !password) {
      setProblem(byLink ? 'Enter the code from the e-mail.' : 'Enter your password.');
      return;
    }
    setProblem(null);
    remove.mutate(confirmation, {
      onSuccess: () => {
        setOpen(false);
        // Home first, then forget the signed-in state: the profile never sees itself signed out.
        void navigate({ to: '/' }).then(() => {
          toast({ title: 'Your account has been deleted' });
          return queryClient.resetQueries();
        });
      },
      onError: (error) => {
        const status = errorStatus(error);
        setProblem(
          status === 401
            ? 'You are signed out. Sign in again to delete your account.'
            : errorMessage(error, 'Your account could not be deleted. Please try again.'),
        );
      },
    });
  };

  const sendLink = () => {
    setProblem(null);
    requestLink.mutate(undefined, {
      onSuccess: () => {
        setLinkSent(true);
        setByLink(true);
      },
      onError: (error) =>
        setProblem(errorMessage(error, 'The e-mail could not be sent. Please try again.')),
    });
  };

  const field = byLink ? (
    <div className="grid gap-2">
      <Label htmlFor="delete-account-token">Code from the e-mail</Label>
      <Input
        id="delete-account-token"
        value={token}
        autoComplete="one-time-code"
        onChange={(e) => setToken(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'delete-account-problem' : undefined}
      />
    </div>
  ) : (
    <div className="grid gap-2">
      <Label htmlFor="delete-account-password">Password</Label>
      <Input
        id="delete-account-password"
        type="password"
        value={password}
        autoComplete="current-password"
        onChange={(e) => setPassword(e.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? 'delete-account-problem' : undefined}
      />
    </div>
  );

  return (
    <>
      <Button variant="destructive" onClick={() => openWith(true)}>
        <Trash2Icon />
        Delete my account
      </Button>
      <Dialog open={open} onOpenChange={openWith}>
        <DialogContent size="md">
          <form onSubmit={submit} className="grid gap-5" noValidate>
            <DialogHeader>
              <DialogTitle>Delete your account?</DialogTitle>
              <DialogDescription>
                Your stories and comments are removed, you are signed out everywhere, and your
                e-mail and username are freed. This cannot be undone.
              </DialogDescription>
            </DialogHeader>
            {field}
            {linkSent ? (
              <p role="status" className="text-sm text-muted-foreground">
                We have e-mailed you a link. Open it, or paste its code here.
              </p>
            ) : null}
            {problem ? (
              <p id="delete-account-problem" role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            ) : null}
            <DialogFooter>
              {byLink ? (
                <Button
                  type="button"
                  variant="link"
                  className="sm:mr-auto"
                  onClick={() => setByLink(false)}
                >
                  Use my password instead
                </Button>
              ) : (
                <Button
                  type="button"
                  variant="link"
                  className="sm:mr-auto"
                  onClick={sendLink}
                  disabled={requestLink.isPending}
                >
                  {requestLink.isPending ? 'Sending...' : 'No password? E-mail me a link'}
                </Button>
              )}
              {/* A deletion already sent cannot be taken back: Cancel waits for its answer. */}
              <Button
                type="button"
                variant="outline"
                onClick={() => openWith(false)}
                disabled={remove.isPending}
              >
                Cancel
              </Button>
              <Button type="submit" variant="destructive" disabled={remove.isPending}>
                {remove.isPending ? 'Deleting...' : 'Delete my account'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
