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
