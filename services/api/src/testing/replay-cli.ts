import { z } from 'zod';
import { domainEventCatalog } from '@whosright/contracts/catalog';
import { readModels } from '@whosright/projections/read-models';
import type { TestServer } from '#api/app/test-server';
import { runReplay } from '#api/cli/replay/run-replay';

/**
 * What `npm run replay -- stories --until <until> --format json` prints over the server's data:
 * the ranked story ids, and its progress lines. A run that does not exit 0 throws its stderr.
 */
export async function cliRanking(
  server: TestServer,
  until: string,
): Promise<{ ids: string[]; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runReplay(['stories', '--until', until, '--format', 'json'], {
    projections: readModels,
    catalog: domainEventCatalog,
    dataDir: server.dataDir,
    ...(server.config.database ? { database: server.config.database } : {}),
    stdout: { write: (text: string) => (stdout += text), isTTY: false },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
  });
  if (code !== 0) throw new Error(`npm run replay exited ${code}: ${stderr}`);
  const rows = z.array(z.object({ storyId: z.string() })).parse(JSON.parse(stdout));
  return { ids: rows.map((row) => row.storyId), stderr };
}
