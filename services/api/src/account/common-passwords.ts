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
