/**
 * How a visit's stages follow each other, on the server (which decides) and on the technician's phone (which
 * shows a tap at once, before the server answers). No imports.
 *
 * Planned (no status) → ON_THE_WAY → ARRIVED → FINISHED, forward only; a forgotten stage may be skipped; ON_THE_WAY
 * again gives a new estimate; one step back undoes a mis-tap.
 */
export const VISIT_STAGES = ['ON_THE_WAY', 'ARRIVED', 'FINISHED'] as const;
export type VisitStageName = (typeof VISIT_STAGES)[number];

export const VISIT_OUTCOMES = ['REPAIRED', 'FOLLOW_UP_PARTS', 'NOT_HOME', 'NOT_DONE'] as const;
export type VisitOutcomeName = (typeof VISIT_OUTCOMES)[number];

/** 0 for planned, then 1, 2, 3 in the order above. Takes the server's enum values as well as the names. */
export function stageRank(stage: `${VisitStageName}` | null): number {
  return stage === null ? 0 : VISIT_STAGES.indexOf(stage) + 1;
}

/** Whether a tap may move a visit from one stage to another: any later stage, or ON_THE_WAY again for a new estimate. */
export function mayStepTo(from: `${VisitStageName}` | null, to: `${VisitStageName}`): boolean {
  return (from === 'ON_THE_WAY' && to === 'ON_THE_WAY') || stageRank(to) > stageRank(from);
}

/** The stages a tap offers from here: every later one (a new estimate on the way is offered on its own). */
export function laterStages(stage: `${VisitStageName}` | null): VisitStageName[] {
  return VISIT_STAGES.filter((candidate) => stageRank(candidate) > stageRank(stage));
}

/**
 * What a step back to `target` forgets: below FINISHED the outcome and note, below ARRIVED the arrival. The
 * estimate stays: it was the technician's word at the time.
 */
export function forgottenByStepBack(target: `${VisitStageName}` | null): { finish: boolean; arrival: boolean } {
  return { finish: stageRank(target) < stageRank('FINISHED'), arrival: stageRank(target) < stageRank('ARRIVED') };
}

/** The steps of the consumer's tracker, planned first: the stages above with the planned one before them. */
export const VISIT_STEPS = ['PLANNED', ...VISIT_STAGES] as const;
export type VisitStepName = (typeof VISIT_STEPS)[number];

/** A step before the visit's stage is done, its stage is the current one, the later ones are still to come. */
export type VisitStepState = 'DONE' | 'CURRENT' | 'TO_COME';

/**
 * The tracker's steps for a visit at `stage` (PLANNED or null: planned), by the same ranks as the technician's taps,
 * so the consumer's page and the phone cannot disagree on the order. A finished visit is current at FINISHED.
 */
export function visitSteps(
  stage: `${VisitStageName}` | 'PLANNED' | null,
): { step: VisitStepName; state: VisitStepState }[] {
  const current = stageRank(stage === 'PLANNED' ? null : stage);
  return VISIT_STEPS.map((step, rank) => ({
    step,
    state: rank < current ? 'DONE' : rank === current ? 'CURRENT' : 'TO_COME',
  }));
}
