import { COMMON_PASSWORD_MESSAGE } from '@whosright/contracts/account/dto';
import { ValidationError } from '#api/platform/errors';

/** How many of the most used passwords are refused (the list is ordered by frequency). */
const REFUSED_TOP = 10_000;

let refused: Promise<Set<string>> | undefined;

/** The list is large: it loads on the first password set, not at start. */
function refusedPasswords(): Promise<Set<string>> {
  refused ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set(dictionary['passwords-common'].slice(0, REFUSED_TOP).map((p) => p.toLowerCase())),
  );
  return refused;
}

/** Whether a new password is among the 10,000 most common ones (case-insensitive). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await refusedPasswords()).has(password.trim().toLowerCase());
}

/** Refuses a common password with a 400 that names the field. */
export async function refuseCommonPassword(password: string): Promise<void> {
  if (await isCommonPassword(password))
    throw new ValidationError(COMMON_PASSWORD_MESSAGE, [
      { path: 'password', message: COMMON_PASSWORD_MESSAGE },
    ]);
}
