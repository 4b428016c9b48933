/** What a saved universal-names run keeps. */
import type { UniversalResult } from '../../entity/universal.ts';

export interface UniversalPayload {
  result: UniversalResult;
}
