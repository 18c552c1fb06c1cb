import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
}

/**
 * For tests: a real SMTP server on a free loopback port that keeps every message it receives.
 * While `failing` is true it refuses every message with a temporary error (451), as a mail
 * server that is down for a while would.
 */
export async function startSmtpTestServer(): Promise<{
  url: string;
  received: ReceivedMail[];
  /** Messages refused while failing. */
  refused: () => number;
  setFailing(failing: boolean): void;
  stop(): Promise<void>;
}> {
  const received: ReceivedMail[] = [];
  let failing = false;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!failing) return callback();
      refused += 1;
      callback(
        Object.assign(new Error('Mailbox unavailable, try again later'), { responseCode: 451 }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refused: () => refused,
    setFailing: (value) => {
      failing = value;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
