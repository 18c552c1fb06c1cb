import { z } from 'zod';

/**
 * The mailer port: SMTP when SMTP_URL is set, otherwise `.eml` files in DATA_DIR/outbox/. Routes
 * never call it directly: they `deliver` through the job queue (mail-delivery.ts) so a failed mail
 * never fails the request.
 */
export const mailSchema = z.object({
  to: z.email(),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string().optional(),
  /** Extra headers, e.g. List-Unsubscribe (RFC 8058); both adapters pass them through. */
  headers: z.record(z.string(), z.string()).optional(),
});

export type Mail = z.infer<typeof mailSchema>;

export interface Mailer {
  /** Resolves once the message is handed over; rejects when it could not be (the job retries). */
  send(mail: Mail): Promise<void>;
}
