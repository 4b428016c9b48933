/** What a saved universal-names run keeps. */
import type { UniversalResult } from '../../entity/universal.ts';
import type { ExperimentCi } from '../../stats/index.ts';

export interface UniversalPayload {
  result: UniversalResult;
  /** Paired statistics per top name, when confidence intervals were on (issue 27). */
  ci?: ExperimentCi;
}
