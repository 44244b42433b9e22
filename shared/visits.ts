/** Rules for the technician's visit statuses, on the server and on the technician's screen. No imports. */

/** A short closing remark ("part ordered", "nobody opened"), not a report. Counted as people count characters. */
export const VISIT_NOTE_MAX_LENGTH = 500;

/** A request id is a UUID (36 characters); the cap leaves room for other client ids without storing essays. */
export const VISIT_REQUEST_ID_MAX_LENGTH = 100;

/** An arrival estimate further ahead than this is a typing slip: a visit day has no longer stretch. */
export const VISIT_EXPECTED_ARRIVAL_MAX_HOURS = 12;
