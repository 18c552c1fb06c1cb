/** A registered bench account: its id, and every cookie the server set, as a browser sends them. */
export interface Account {
  id: string;
  cookie: string;
}

export async function register(base: string, email: string, ip: string): Promise<Account> {
  const res = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ email, password: 'bench password 123', firstName: 'Bench' }),
  });
  if (res.status !== 201) throw new Error(`register ${email}: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .join('; ');
  return { id: ((await res.json()) as { id: string }).id, cookie };
}

/** `count` accounts `<prefix><i>@example.com`, each from its own address in 10.9.<net>.0/24. */
export async function registerMany(
  base: string,
  prefix: string,
  net: number,
  count: number,
): Promise<Account[]> {
  const made: Account[] = [];
  for (let i = 0; i < count; i++)
    made.push(await register(base, `${prefix}${i}@example.com`, `10.9.${net}.${i}`));
  return made;
}
