/** An SQL identifier in double quotes, its own double quotes doubled. */
export function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
