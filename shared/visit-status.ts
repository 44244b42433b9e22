/**
 * The rules of a visit's status that the technician's phone and the server both apply: the phone to offer only
 * what the server will take, the server to decide.
 */

/** The technician's note with the outcome of a visit. */
export const VISIT_NOTE_MAX_LENGTH = 500;

/** How far ahead an expected arrival may lie: beyond this it is a mis-tap, not an estimate. */
export const EXPECTED_ARRIVAL_MAX_HOURS = 12;
