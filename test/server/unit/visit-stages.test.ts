import { describe, expect, it } from 'vitest';
import { forgottenByStepBack, laterStages, mayStepTo, stageRank } from '../../../shared/visit-stages.js';

describe('the order of a visit’s stages, shared by the server and the phone', () => {
  it('ranks planned first and finished last', () => {
    expect([null, 'ON_THE_WAY', 'ARRIVED', 'FINISHED'].map((stage) => stageRank(stage as never))).toEqual([0, 1, 2, 3]);
  });

  it('moves forward only, skipping is fine, on the way again gives a new estimate', () => {
    expect(mayStepTo(null, 'ARRIVED')).toBe(true);
    expect(mayStepTo('ON_THE_WAY', 'ON_THE_WAY')).toBe(true);
    expect(mayStepTo('ARRIVED', 'ARRIVED')).toBe(false);
    expect(mayStepTo('ARRIVED', 'ON_THE_WAY')).toBe(false);
    expect(mayStepTo('FINISHED', 'ARRIVED')).toBe(false);
  });

  it('offers the later stages', () => {
    expect(laterStages(null)).toEqual(['ON_THE_WAY', 'ARRIVED', 'FINISHED']);
    expect(laterStages('ARRIVED')).toEqual(['FINISHED']);
    expect(laterStages('FINISHED')).toEqual([]);
  });

  it('forgets what the stages after the step back recorded', () => {
    expect(forgottenByStepBack('ARRIVED')).toEqual({ finish: true, arrival: false });
    expect(forgottenByStepBack('ON_THE_WAY')).toEqual({ finish: true, arrival: true });
    expect(forgottenByStepBack(null)).toEqual({ finish: true, arrival: true });
  });
});
