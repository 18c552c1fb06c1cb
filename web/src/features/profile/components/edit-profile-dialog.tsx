/**
 * Edit Profile: Username and Profile Image URL, trimmed, an empty value sent as absent (which
 * clears it). The server's reason for a refusal (a taken username) stays in the dialog, beside the
 * field.
 */
import { useState, type FormEvent } from 'react';
import { PencilIcon } from 'lucide-react';
import type { CurrentUser } from '@whosright/contracts/account/dto';

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
import { isBanned } from '#web/lib/ban.ts';
import { errorMessage, errorStatus } from '#web/lib/error-message.ts';
import {
  toastUpdateFailed,
  useUpdateProfile,
  type ProfileChanges,
} from '#web/features/profile/api/update-profile.ts';

export function EditProfileDialog({
  user,
  onUpdated,
}: {
  user: CurrentUser;
  onUpdated: (user: CurrentUser) => void;
}) {
  const [open, setOpen] = useState(false);
  const [username, setUsername] = useState(user.username ?? '');
  const [imageUrl, setImageUrl] = useState(user.profileImageUrl ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const update = useUpdateProfile(onUpdated, () => setOpen(false));

  const openWith = (next: boolean) => {
    if (next) {
      setUsername(user.username ?? '');
      setImageUrl(user.profileImageUrl ?? '');
      setProblem(null);
    }
    setOpen(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes: ProfileChanges = {};
    if (username.trim()) changes.username = username.trim();
    if (imageUrl.trim()) changes.profileImageUrl = imageUrl.trim();
    setProblem(null);
    update.mutate(changes, {
      onError: (error) => {
        const status = errorStatus(error);
        if (status === 400 || status === 409)
          setProblem(errorMessage(error, 'Check your entries.'));
        else if (status !== 401) toastUpdateFailed(error);
      },
    });
  };

  return (
    <>
      {/* A banned member may not change what others see; the header says why. */}
      <Button variant="outline" onClick={() => openWith(true)} disabled={isBanned(user)}>
        <PencilIcon />
        Edit Profile
      </Button>
      <Dialog open={open} onOpenChange={openWith}>
        <DialogContent size="md">
          <form onSubmit={submit} className="grid gap-5" noValidate>
            <DialogHeader>
              <DialogTitle>Edit Profile</DialogTitle>
              <DialogDescription>
                Leave a field empty to remove it. Usernames use letters, digits and _.
              </DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="profile-username">Username</Label>
              <Input
                id="profile-username"
                value={username}
                autoComplete="username"
                maxLength={30}
                onChange={(e) => setUsername(e.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? 'profile-problem' : undefined}
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="profile-image">Profile Image URL</Label>
              <Input
                id="profile-image"
                type="url"
                inputMode="url"
                placeholder="https://"
                value={imageUrl}
                onChange={(e) => setImageUrl(e.target.value)}
              />
            </div>
            {problem ? (
              <p id="profile-problem" role="alert" className="text-sm text-destructive">
                {problem}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending ? 'Updating...' : 'Update Profile'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
