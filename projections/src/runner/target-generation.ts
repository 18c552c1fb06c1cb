import type { Generation, ReadModelWriter } from '../store/port';
import type { AnyProjection } from './projection';
import type { RunnerLogger } from './status';

/** The generation a projection worker writes, and what readers use meanwhile. */
export interface TargetGeneration {
  target: Generation;
  /** The generation active when the target was chosen (null: none); a build replaces only it. */
  previous: number | null;
  /** True while the target is a new version built beside the live one, not yet read. */
  building: boolean;
}

/** The live generation, or a new one when there is none or the projection's version changed. */
export async function resolveTarget(
  readStore: ReadModelWriter,
  projection: AnyProjection,
  logger: RunnerLogger,
): Promise<TargetGeneration> {
  const active = await readStore.active(projection.name);
  if (active && active.version === projection.version)
    return { target: active, previous: active.generation, building: false };
  // Resume a build this runner (or its previous process) started; a replay's builds are its own.
  const unfinished = await readStore.findRunnerBuild(projection.name, projection.version);
  const target =
    unfinished ??
    (await readStore.createGeneration(projection.name, projection.version, projection.collections, {
      owner: 'runner',
    }));
  logger.info(
    { projection: projection.name, generation: target.generation, resumed: Boolean(unfinished) },
    'building a new version of the read model',
  );
  return { target, previous: active?.generation ?? null, building: true };
}
