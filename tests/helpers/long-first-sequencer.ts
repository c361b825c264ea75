import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Test files that are one long computation. Vitest runs a group's projects one after the other (e2e before
 * unit) and, without a record of earlier runs (a fresh clone), larger files first: the weights test, a short
 * file that trains the whole reader (about 30 s of CPU), came last and ran alone at the end of the suite. Started
 * first in its group, it runs beside the browser tests instead.
 */
const LONG_RUNNING = ['tests/unit/scripts/lib/train-absa-model.test.ts'];

/** Vitest's order, except that LONG_RUNNING files start first within their group (`sequence.groupOrder`). */
export class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (s: TestSpecification) => (LONG_RUNNING.some((p) => s.moduleId.endsWith(p)) ? 1 : 0);
    const group = (s: TestSpecification) => s.project.config.sequence.groupOrder;
    return [...sorted].sort((a, b) => group(a) - group(b) || long(b) - long(a));
  }
}
