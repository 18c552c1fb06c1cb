import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { addressesOf, parseEml } from './parse-eml';

/**
 * For integration and end-to-end tests in embedded mode: reads the mails the outbox adapter wrote
 * to DATA_DIR/outbox/. Only node:fs, so any test runner can import it.
 */
export interface OutboxMail {
  file: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string | undefined;
  /** Every header, by lower-cased name. */
  headers: ReadonlyMap<string, string>;
  /** Every http(s) URL in the text part, in order: reset and verification links. */
  links: string[];
}

/** Every mail in the outbox, newest first. An outbox that does not exist yet is empty. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  names.sort().reverse();
  return Promise.all(
    names.map(async (name) => {
      const file = join(dir, name);
      const { headers, text, html } = parseEml(await readFile(file, 'utf8'));
      return {
        file,
        from: headers.get('from') ?? '',
        to: addressesOf(headers.get('to')),
        subject: headers.get('subject') ?? '',
        text: text ?? '',
        html,
        headers,
        links: [...(text ?? '').matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
      };
    }),
  );
}

/** The newest mail to `address` (case-insensitive) that `matching` accepts, or undefined. */
export async function newestMailTo(
  dataDir: string,
  address: string,
  matching: (mail: OutboxMail) => boolean = () => true,
): Promise<OutboxMail | undefined> {
  const wanted = address.trim().toLowerCase();
  return (await readOutbox(dataDir)).find((mail) => mail.to.includes(wanted) && matching(mail));
}

/** Accepts a mail with a link containing `part`, e.g. `mode=reset`. */
export const withLink = (part: string) => (mail: OutboxMail) =>
  mail.links.some((link) => link.includes(part));

/**
 * Waits for a mail to `address` (mail goes out through a job, so it lands a moment after the
 * request). `newerThan` is a file from before the action, to skip mails that were already there.
 */
export async function waitForMailTo(
  dataDir: string,
  address: string,
  options: {
    timeoutMs?: number;
    newerThan?: string;
    /** Only mails it accepts, e.g. the one with a reset link among verification mails. */
    matching?: (mail: OutboxMail) => boolean;
  } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 5_000);
  for (;;) {
    const mail = await newestMailTo(dataDir, address, options.matching);
    if (mail && (!options.newerThan || mail.file > options.newerThan)) return mail;
    if (Date.now() > deadline)
      throw new Error(`No mail to ${address} arrived in ${options.timeoutMs ?? 5_000} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
