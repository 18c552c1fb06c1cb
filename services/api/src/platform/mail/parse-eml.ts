/**
 * A small reader for the messages nodemailer writes (tests and the outbox reader only): headers
 * with RFC 2047 words, multipart bodies, base64 / quoted-printable parts, UTF-8 text.
 */
export interface ParsedEml {
  headers: Map<string, string>;
  text: string | undefined;
  html: string | undefined;
}

function decodeQuotedPrintable(body: string): Buffer {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** `=?UTF-8?Q?Caf=C3=A9?=` and `=?UTF-8?B?...?=` words; whitespace between two words is dropped. */
export function decodeHeaderWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_match, _charset: string, encoding: string, text: string) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64').toString('utf8')
          : decodeQuotedPrintable(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  const head = match ? raw.slice(0, match.index) : raw;
  const body = match ? raw.slice(match.index + match[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeHeaderWords(line.slice(colon + 1).trim()),
      );
  }
  return { headers, body };
}

function contentType(headers: Map<string, string>): { type: string; boundary: string | undefined } {
  const value = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(value)?.[1];
  return { type: value.split(';')[0]!.trim().toLowerCase(), boundary };
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body).toString('utf8');
  return body;
}

function collect(raw: string, into: { text?: string; html?: string }): Map<string, string> {
  const { headers, body } = splitHeaders(raw);
  const { type, boundary } = contentType(headers);
  if (type.startsWith('multipart/') && boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    for (const part of parts) {
      if (part.startsWith('--')) break;
      collect(part.replace(/^\r?\n/, ''), into);
    }
  } else if (type === 'text/plain' && into.text === undefined) {
    into.text = decodeBody(headers, body).replace(/\r\n/g, '\n').replace(/\n$/, '');
  } else if (type === 'text/html' && into.html === undefined) {
    into.html = decodeBody(headers, body).replace(/\r\n/g, '\n').replace(/\n$/, '');
  }
  return headers;
}

export function parseEml(raw: string): ParsedEml {
  const into: { text?: string; html?: string } = {};
  const headers = collect(raw, into);
  return { headers, text: into.text, html: into.html };
}

/** The bare addresses of an address header: `"Ann" <ann@x.org>, bob@y.org` -> both addresses. */
export function addressesOf(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part) => (/<([^>]+)>/.exec(part)?.[1] ?? part).trim().toLowerCase())
    .filter(Boolean);
}
