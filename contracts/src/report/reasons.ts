/**
 * Why a member reports a story or a comment, with the words the report dialog and the admin's
 * Reports tab show. Zod-free, so the web app can list them without loading zod.
 */
export const REPORT_REASONS = [
  { value: 'spam', label: 'Spam' },
  { value: 'harassment', label: 'Harassment' },
  { value: 'personal_info', label: 'Personal information' },
  { value: 'off_topic', label: 'Off-topic' },
  { value: 'other', label: 'Other' },
] as const;

export type ReportReason = (typeof REPORT_REASONS)[number]['value'];

/** A report's optional note, in characters. */
export const REPORT_NOTE_MAX = 500;

/** Reports one account may file per hour. */
export const REPORTS_PER_HOUR = 10;
