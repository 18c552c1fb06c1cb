import { get as httpGet } from 'node:http';

/** Where a browser sends a request: a server process's base URL. */
export interface Instance {
  url: string;
}

export interface BrowserAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** One browser over real HTTP: its own client address and cookies; each call names the instance. */
export type Browser = (
  to: Instance,
  method: string,
  path: string,
  body?: unknown,
) => Promise<BrowserAnswer>;

let clients = 0;

/**
 * A browser for specs that drive server processes (through the trusted loopback proxy, each with
 * its own X-Forwarded-For address). `GET /logout` is sent as the site's own navigation.
 */
export function browser(): Browser {
  const ip = `10.20.${(clients >> 8) & 255}.${++clients & 255}`;
  let cookie = '';
  return async (to, method, path, body) => {
    if (path === '/logout')
      return { status: await signOut(`${to.url}/api/logout`, ip, cookie), body: {} };
    const res = await fetch(`${to.url}/api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        'x-forwarded-for': ip,
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
    });
    const session = res.headers.getSetCookie().find((c) => c.startsWith('wr_session='));
    if (session) cookie = session.split(';')[0]!;
    const json = res.headers.get('content-type')?.includes('application/json');
    return {
      status: res.status,
      body: (json ? await res.json() : {}) as Record<string, unknown>,
    };
  };
}

/**
 * Signing out is a navigation from the site's own page, as the Logout button makes it. fetch()
 * may not send Sec-Fetch-* headers (the browser owns them), so this one goes through node:http.
 */
function signOut(url: string, ip: string, cookie: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpGet(
      url,
      {
        headers: {
          'x-forwarded-for': ip,
          cookie,
          'sec-fetch-site': 'same-origin',
          'sec-fetch-mode': 'navigate',
          'sec-fetch-dest': 'document',
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
  });
}

export const MEMBER_PASSWORD = 'a good password';

/** A browser signed in as a new member registered through `via`. */
export async function member(email: string, via: Instance): Promise<Browser> {
  const as = browser();
  const res = await as(via, 'POST', '/auth/register', {
    email,
    password: MEMBER_PASSWORD,
    firstName: 'S',
  });
  if (res.status !== 201) throw new Error(`register ${email}: ${res.status}`);
  return as;
}
