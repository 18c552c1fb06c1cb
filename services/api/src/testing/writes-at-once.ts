import { vi } from 'vitest';
import type { CommandBus } from '#api/write/command-bus';

/**
 * Holds the bus's writes to a stream `appendsTo` picks until `count` of them have come, then lets
 * them all decide at once: the moment many clients' requests meet at one stream, made certain.
 * Restore the spy it answers when done.
 */
export function writesAtOnce(
  bus: CommandBus,
  count: number,
  appendsTo: (stream: string) => boolean,
) {
  const runAll = bus.runAll.bind(bus);
  let waiting = 0;
  let release!: () => void;
  const together = new Promise<void>((resolve) => (release = resolve));
  return vi.spyOn(bus, 'runAll').mockImplementation(async (commands, actor, readModels) => {
    if (commands.some((command) => !command.guard && appendsTo(command.stream))) {
      waiting += 1;
      if (waiting === count) release();
      await together;
    }
    return runAll(commands, actor, readModels);
  });
}
