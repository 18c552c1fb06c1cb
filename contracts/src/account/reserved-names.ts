/**
 * Names a member may not take because others would read them as the site speaking or as staff
 * (`admin`, `support`, `whos-right`), or as a placeholder the app shows itself (`deleted`,
 * `anonymous`). Zod-free, so the web app can check a name before sending it.
 */
const RESERVED = [
  'abuse',
  'admin',
  'administrator',
  'admins',
  'anonymous',
  'anonymous user',
  'api',
  'bot',
  'deleted',
  'deleted member',
  'deleted user',
  'everyone',
  'help',
  'helpdesk',
  'hostmaster',
  'mod',
  'moderator',
  'moderators',
  'mods',
  'nobody',
  'no-reply',
  'null',
  'official',
  'owner',
  'postmaster',
  'root',
  'security',
  'staff',
  'superuser',
  'support',
  'sysadmin',
  'system',
  'team',
  'undefined',
  'unknown user',
  'webmaster',
  'whos right',
  'whos-right',
  'whosright',
  'whos right team',
] as const;

/** Lower case, without separators: `Whos_Right`, `whos-right` and `WHOS.RIGHT` are one name. */
function normalise(name: string): string {
  return name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

const reserved = new Set(RESERVED.map(normalise));

/** Whether `name` is reserved, in any case and with or without separators. */
export function isReservedName(name: string): boolean {
  return reserved.has(normalise(name));
}

export const RESERVED_USERNAME_MESSAGE = 'This username is reserved. Please choose another one.';
export const RESERVED_FIRST_NAME_MESSAGE =
  'This name is reserved for the site and its staff. Please use your own first name.';
