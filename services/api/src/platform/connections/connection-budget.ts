/**
 * How the process's descriptors are shared out. Part stays in reserve for what the process
 * opens itself (the database and its journal, the web app's files, Redis, mail, logs), so a
 * full house still serves pages; the rest are client connections, of which one client gets a
 * small share (a browser keeps about six per site; an office or a carrier's NAT puts many
 * browsers behind one address) and live streams at most half, so plain requests always find
 * room.
 */
export interface ConnectionBudget {
  /** The open-file limit it was derived from. */
  descriptors: number;
  /** Client connections open at once; beyond, idle ones are closed or newcomers refused. */
  connections: number;
  /** Connections open at once from one client (an IPv4 address, an IPv6 /64). */
  perClient: number;
  /** Live streams (Server-Sent Events) this process may hold, before any slice's own ceiling. */
  liveStreams: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function connectionBudget(descriptors: number): ConnectionBudget {
  const reserved = clamp(Math.floor(descriptors / 8), 64, 1024);
  const connections = Math.max(16, descriptors - reserved);
  return {
    descriptors,
    connections,
    perClient: clamp(Math.floor(connections / 32), 8, 64),
    liveStreams: Math.floor(connections / 2),
  };
}
